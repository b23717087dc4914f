import { tmpdir } from "node:os";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { McpServers } from "../../src/mcp/mcp-servers.ts";

/** Parley's MCP client against a server no one here wrote: `@modelcontextprotocol/server-everything`, over stdio. */

const everything = fileURLToPath(
  new URL("../../../../node_modules/@modelcontextprotocol/server-everything/dist/index.js", import.meta.url),
);
const stdio = { command: process.execPath, args: [everything, "stdio"] };
/** Where the stdio servers run: any folder, with this process's environment. */
const spawning = { spawning: { cwd: tmpdir(), environment: () => process.env } };

describe("MCP servers of a session", () => {
  let servers: McpServers | undefined;
  afterEach(async () => {
    await servers?.close();
    servers = undefined;
  });

  it("connects to a real stdio server, offers its tools as mcp__server__tool, and calls them", async () => {
    servers = new McpServers();
    await servers.connect({ everything: stdio }, process.env, spawning);
    const [status] = servers.status();
    expect(status).toMatchObject({ name: "everything", status: "connected" });
    expect(status?.tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(["echo", "get-sum"]));
    const tools = servers.tools();
    const echo = tools.find((tool) => tool.name === "mcp__everything__echo");
    expect(echo?.jsonSchema).toMatchObject({ type: "object", properties: { message: { type: "string" } } });
    expect(echo?.requiresApproval).toBe(true);
    const output = await echo?.execute({ message: "ping" }, {
      signal: new AbortController().signal,
      toolUseId: "toolu_1",
    } as never);
    expect(output).toMatchObject({ content: "Echo: ping", isError: false });
    const sum = tools.find((tool) => tool.name === "mcp__everything__get-sum");
    expect(
      await sum?.execute({ a: 2, b: 3 }, { signal: new AbortController().signal, toolUseId: "t" } as never),
    ).toMatchObject({
      content: expect.stringContaining("5"),
    });
  });

  it("switches a server off and on again, starts it afresh on reconnect, and forgets a removed one", async () => {
    servers = new McpServers();
    await servers.connect({ everything: stdio }, process.env, spawning);
    const echo = () => servers?.tools().find((tool) => tool.name === "mcp__everything__echo");
    await servers.setEnabled("everything", false);
    expect(servers.status()[0]?.status).toBe("disabled");
    expect(echo()).toBeUndefined();
    await expect(servers.reconnect("everything")).rejects.toThrow("is disabled");
    await servers.setEnabled("everything", true);
    expect(servers.status()[0]?.status).toBe("connected");
    const before = servers.connections[0];
    await servers.reconnect("everything");
    expect(servers.connections[0]).not.toBe(before);
    const output = await echo()?.execute({ message: "again" }, {
      signal: new AbortController().signal,
      toolUseId: "t",
    } as never);
    expect(output).toMatchObject({ content: "Echo: again" });
    await expect(servers.reconnect("nowhere")).rejects.toThrow("no MCP server named nowhere");
    await servers.remove(["everything"]);
    expect(servers.has("everything")).toBe(false);
    expect(servers.status()).toEqual([]);
    expect(servers.tools()).toEqual([]);
  });

  it("reports a broken server with its error and never holds up the working ones", async () => {
    servers = new McpServers({ startupMs: 5_000 });
    await servers.connect(
      {
        everything: stdio,
        missing: { command: "/no/such/mcp-server" },
        crashing: {
          command: process.execPath,
          args: ["-e", "console.error('boom: no config'); process.exit(3)"],
        },
        weird: { type: "carrier-pigeon", url: "http://127.0.0.1:1" },
        broken: { args: ["no command"] },
      },
      process.env,
      spawning,
    );
    const byName = Object.fromEntries(servers.status().map((status) => [status.name, status]));
    expect(byName.everything?.status).toBe("connected");
    expect(byName.missing).toMatchObject({ status: "failed", error: expect.stringContaining("ENOENT") });
    expect(byName.crashing).toMatchObject({
      status: "failed",
      error: expect.stringContaining("boom: no config"),
    });
    expect(byName.weird).toMatchObject({
      status: "failed",
      error: 'unknown transport "carrier-pigeon" (use stdio, http or sse)',
    });
    expect(byName.broken).toMatchObject({ status: "failed", error: expect.stringContaining("command") });
    // The working server's tools, and the resource tools because it offers resources.
    expect(
      servers
        .tools()
        .every(
          (tool) =>
            tool.name.startsWith("mcp__everything__") ||
            tool.name.endsWith("McpResource") ||
            tool.name.endsWith("McpResources"),
        ),
    ).toBe(true);
  });

  // biome-ignore lint/suspicious/noTemplateCurlyInString: the placeholder syntax is what is tested
  it("expands ${VAR} and ${VAR:-default} in a server's config", async () => {
    servers = new McpServers();
    await servers.connect(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: Claude Code's ${VAR} syntax, expanded by Parley
      { everything: { command: "${NODE_BIN}", args: [everything, "${TRANSPORT:-stdio}"] } },
      { ...process.env, NODE_BIN: process.execPath },
      spawning,
    );
    expect(servers.status()[0]?.status).toBe("connected");
  });

  it("never shows what a variable expanded to, or a secret, in a server's error or output", async () => {
    const secret = "sk-live-secret-0123456789";
    servers = new McpServers({ startupMs: 5_000 });
    await servers.connect(
      {
        // biome-ignore lint/suspicious/noTemplateCurlyInString: Claude Code's ${VAR} syntax, expanded by Parley
        missing: { command: "/no/such/${KEY}" },
        talking: {
          command: process.execPath,
          args: ["-e", `console.error("my key is ${secret}"); process.exit(3)`],
        },
      },
      { KEY: secret },
      { ...spawning, conceal: [secret] },
    );
    const byName = Object.fromEntries(servers.status().map((status) => [status.name, status]));
    expect(byName.missing?.error).toContain("/no/such/[hidden]");
    expect(byName.talking?.error).toContain("my key is [hidden]");
    expect(JSON.stringify(servers.status())).not.toContain(secret);
  });

  it("refreshes a server's tools when it announces that they changed", async () => {
    const growing = fileURLToPath(new URL("./fixtures/growing-server.mjs", import.meta.url));
    servers = new McpServers();
    await servers.connect({ growing: { command: process.execPath, args: [growing] } }, process.env, spawning);
    const connection = servers.connections[0];
    expect(servers.tools().map((tool) => tool.name)).toEqual(["mcp__growing__unlock"]);
    const changed = new Promise<void>((resolve) => {
      if (connection) connection.onToolsChanged = resolve;
    });
    const unlock = servers.tools()[0];
    await unlock?.execute({}, { signal: new AbortController().signal, toolUseId: "t" } as never);
    await changed;
    expect(servers.tools().map((tool) => tool.name)).toEqual([
      "mcp__growing__unlock",
      "mcp__growing__secret",
    ]);
  });
});
