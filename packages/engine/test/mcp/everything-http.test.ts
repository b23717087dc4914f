import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { McpServers } from "../../src/mcp/mcp-servers.ts";
import type { ToolContext } from "../../src/tools/engine-tool.ts";

/**
 * Parley's MCP client against `@modelcontextprotocol/server-everything` (a server no one here wrote) over
 * Streamable HTTP: progress notifications, image and resource-link content, resources.
 */

const everything = fileURLToPath(
  new URL("../../../../node_modules/@modelcontextprotocol/server-everything/dist/index.js", import.meta.url),
);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

function toolContext(progress: string[] = []): ToolContext {
  return {
    signal: new AbortController().signal,
    toolUseId: "toolu_http",
    onProgress: (line: string) => progress.push(line),
  } as unknown as ToolContext;
}

describe("server-everything over Streamable HTTP", () => {
  let child: ChildProcess | undefined;
  let url = "";
  const servers = new McpServers({ startupMs: 15_000, callMs: 15_000 });

  beforeAll(async () => {
    const port = await freePort();
    child = spawn(process.execPath, [everything, "streamableHttp"], {
      env: { ...process.env, PORT: String(port) },
      stdio: ["ignore", "ignore", "pipe"],
    });
    // It says so on stderr once it listens.
    await new Promise<void>((resolve, reject) => {
      let seen = "";
      child?.stderr?.on("data", (chunk: Buffer) => {
        seen += chunk.toString();
        if (seen.includes("listening")) resolve();
      });
      child?.once("exit", (code) => reject(new Error(`server-everything exited (${code}): ${seen}`)));
    });
    url = `http://127.0.0.1:${port}/mcp`;
    await servers.connect({ everything: { type: "http", url } }, process.env, {
      spawning: { cwd: process.cwd(), environment: () => process.env },
    });
  }, 30_000);
  afterAll(async () => {
    await servers.close();
    child?.kill();
  });

  it("connects and offers its tools with their JSON Schemas", () => {
    expect(servers.status()[0]).toMatchObject({ name: "everything", status: "connected" });
    const names = servers.tools().map((tool) => tool.name);
    expect(names).toEqual(
      expect.arrayContaining(["mcp__everything__echo", "mcp__everything__get-tiny-image", "ReadMcpResource"]),
    );
  });

  it("reports a long call's progress notifications as it runs", async () => {
    const progress: string[] = [];
    const tool = servers
      .tools()
      .find((candidate) => candidate.name === "mcp__everything__trigger-long-running-operation");
    const output = await tool?.execute({ duration: 0.3, steps: 3 }, toolContext(progress));
    expect(progress).toEqual(["progress (1/3)", "progress (2/3)", "progress (3/3)"]);
    expect(JSON.stringify(output)).toContain("completed");
  });

  it("passes an image to the model as an image and names resource links", async () => {
    const image = servers.tools().find((candidate) => candidate.name === "mcp__everything__get-tiny-image");
    const imageOutput = (await image?.execute({}, toolContext())) as { content: { type: string }[] };
    expect(imageOutput.content.map((block) => block.type)).toContain("image");

    const links = servers
      .tools()
      .find((candidate) => candidate.name === "mcp__everything__get-resource-links");
    const linkOutput = (await links?.execute({ count: 2 }, toolContext())) as { content: string };
    expect(linkOutput.content).toMatch(
      /^Resource link: Text Resource 2 <demo:\/\/resource\/.+> \(text\/plain\)$/m,
    );
  });

  it("lists and reads its resources through ListMcpResources and ReadMcpResource", async () => {
    const list = servers.tools().find((candidate) => candidate.name === "ListMcpResources");
    const listed = (await list?.execute({}, toolContext())) as { content: string };
    const uri = /everything: (\S+)/.exec(listed.content)?.[1];
    expect(uri).toBeDefined();
    const read = servers.tools().find((candidate) => candidate.name === "ReadMcpResource");
    const output = (await read?.execute({ server: "everything", uri }, toolContext())) as {
      data: { contents: { uri: string }[] };
    };
    expect(output.data.contents[0]?.uri).toBe(uri);
  });
});
