import { existsSync } from "node:fs";
import { mkdir, readFile, realpath, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { McpProjectState, projectDirectory } from "@parley/server/mcp";
import { type FakeModelServer, readChildProcessRecord, reply } from "@parley/testkit";
import { FIXTURE_MCP_SERVER } from "@parley/testkit/mcp";
import { beforeEach, describe, expect, it } from "vitest";
import { Cli, responseTo, useStreamJsonProject } from "./support/stream-json-cli.ts";

/** `parley run --input-format stream-json` spoken to line by line, as a host would, including badly. */

const project = useStreamJsonProject("stream-json");
let scratch: string;
let server: FakeModelServer;
let cwd: string;
let env: Record<string, string>;
beforeEach(() => {
  ({ scratch, server, cwd, env } = project);
});

const results = (cli: Cli) => cli.frames.filter((frame) => frame.type === "result");

describe("parley run's stream-json input, fed as a careless or hostile host would", () => {
  it("reports lines that are not messages on stderr and goes on with the session", async () => {
    server.script(reply().text("Still fine."));
    const cli = new Cli([], env, cwd);
    cli.send("this is not json");
    cli.send("[1, 2, 3]");
    cli.send({ type: "mystery", payload: 1 });
    cli.send({ type: "control_response", response: { subtype: "success", request_id: "nobody-asked" } });
    cli.user("Hello?");
    await cli.frame((frame) => frame.type === "result");
    cli.end();
    expect(await cli.exited).toBe(0);
    expect(results(cli)).toEqual([expect.objectContaining({ subtype: "success", result: "Still fine." })]);
    expect(cli.stderr).toContain("not a valid message");
    expect(cli.stderr).toContain("unknown type mystery");
    expect(cli.stderr).toContain("answers no request of ours (nobody-asked)");
  });

  it("answers a control request it does not know with an error naming the subtype, never silence", async () => {
    const cli = new Cli([], env, cwd);
    cli.send({ type: "control_request", request_id: "r1", request: { subtype: "teleport_to_mars" } });
    cli.send({ type: "control_request", request_id: "r2", request: { subtype: "mcp_status" } });
    const unknown = await cli.frame(responseTo("r1"));
    expect(unknown.response).toEqual({
      subtype: "error",
      request_id: "r1",
      error: "Unsupported control request subtype: teleport_to_mars",
      error_code: "unsupported_request",
    });
    expect((await cli.frame(responseTo("r2"))).response).toMatchObject({
      subtype: "success",
      response: { mcpServers: [] },
    });
    cli.end();
    expect(await cli.exited).toBe(0);
  });

  it("answers control requests that arrive in the middle of a turn while the turn goes on", async () => {
    server.script(reply().text("Working").gate("mid").text(" and done."));
    const cli = new Cli([], env, cwd);
    cli.send({ type: "control_request", request_id: "init", request: { subtype: "initialize" } });
    cli.user("Work");
    await server.waitForGate("mid");
    cli.send({ type: "control_request", request_id: "usage", request: { subtype: "get_context_usage" } });
    cli.send({
      type: "control_request",
      request_id: "mode",
      request: { subtype: "set_permission_mode", mode: "plan" },
    });
    cli.send({
      type: "control_request",
      request_id: "bad-mode",
      request: { subtype: "set_permission_mode", mode: "yolo" },
    });
    const usage = await cli.frame(responseTo("usage"));
    expect((usage.response as { response: { maxTokens: number } }).response.maxTokens).toBeGreaterThan(0);
    expect((await cli.frame(responseTo("mode"))).response).toMatchObject({ subtype: "success" });
    expect((await cli.frame(responseTo("bad-mode"))).response).toMatchObject({
      subtype: "error",
      error: expect.stringContaining("request.mode"),
    });
    server.release("mid");
    await cli.frame((frame) => frame.type === "result");
    expect((await cli.frame(responseTo("init"))).response).toMatchObject({
      subtype: "success",
      response: { output_style: "default", models: [expect.objectContaining({ value: "claude-fake-1" })] },
    });
    cli.end();
    expect(await cli.exited).toBe(0);
    expect(results(cli)).toEqual([
      expect.objectContaining({ subtype: "success", result: "Working and done." }),
    ]);
  });

  it("refuses a call when the host never answers can_use_tool, with a clear error, and the turn goes on", async () => {
    server.script(
      reply().toolCall("Write", { file_path: "x.txt", content: "x" }),
      reply().text("Gave up on it."),
    );
    const cli = new Cli(
      ["--permission-prompt-tool", "stdio"],
      { ...env, PARLEY_HOST_TIMEOUT_MS: "300" },
      cwd,
    );
    cli.user("Write x");
    const asked = await cli.frame((frame) => frame.type === "control_request");
    expect(asked.request).toMatchObject({
      subtype: "can_use_tool",
      tool_name: "Write",
      input: { file_path: "x.txt" },
    });
    const cancelled = await cli.frame((frame) => frame.type === "control_cancel_request");
    expect(cancelled.request_id).toBe(asked.request_id);
    await cli.frame((frame) => frame.type === "result");
    cli.end();
    expect(await cli.exited).toBe(0);
    const toolResult = JSON.stringify(server.requests[1]?.body);
    expect(toolResult).toContain("the host did not answer the can_use_tool request within 0 s");
    expect(results(cli)[0]).toMatchObject({
      subtype: "success",
      permission_denials: [expect.objectContaining({ tool_name: "Write" })],
    });
  });

  it("finishes the turn it started when stdin closes mid-turn, then exits", async () => {
    server.script(reply().text("Half").gate("late").text(" and whole."));
    const cli = new Cli([], env, cwd);
    cli.user("Answer fully");
    await server.waitForGate("late");
    cli.end();
    server.release("late");
    expect(await cli.exited).toBe(0);
    expect(results(cli)).toEqual([
      expect.objectContaining({ subtype: "success", result: "Half and whole." }),
    ]);
  });

  it("notes the SDK's flags that change nothing once on stderr, and refuses one it cannot honour", async () => {
    server.script(reply().text("ok"));
    const cli = new Cli(["--debug", "--await-initialize", "--include-partial-messages"], env, cwd);
    cli.user("hi");
    await cli.frame((frame) => frame.type === "result");
    cli.end();
    expect(await cli.exited).toBe(0);
    expect(cli.stderr.match(/--debug is accepted and changes nothing here/g)).toHaveLength(1);
    expect(cli.frames.some((frame) => frame.type === "stream_event")).toBe(true);

    const refused = new Cli(["--betas=context-1m"], env, cwd);
    refused.end();
    expect(await refused.exited).toBe(2);
    expect(refused.stderr).toContain("--betas is not supported: Parley does not send API betas");
  });

  it("gives the project's AGENTS.md after the host's own system prompt, before what it appends", async () => {
    await writeFile(join(cwd, "AGENTS.md"), "Use tabs for indentation.\n");
    server.script(reply().text("ok"));
    const cli = new Cli([], env, cwd);
    cli.send({
      type: "control_request",
      request_id: "init",
      request: {
        subtype: "initialize",
        systemPrompt: ["You are a reviewer."],
        appendSystemPrompt: "Be brief.",
      },
    });
    await cli.frame(responseTo("init"));
    cli.user("hi");
    await cli.frame((frame) => frame.type === "result");
    cli.end();
    expect(await cli.exited).toBe(0);
    const system = JSON.stringify((server.requests[0]?.body as { system?: unknown } | undefined)?.system);
    expect(system).toMatch(
      /You are a reviewer\.\\n\\nThe instruction files follow:.*Use tabs for indentation\..*\\n\\nBe brief\./,
    );
  });

  it("names each option of initialize it cannot honour once on stderr, and still answers it", async () => {
    server.script(reply().text("ok"));
    const cli = new Cli([], env, cwd);
    cli.send({
      type: "control_request",
      request_id: "init",
      request: {
        subtype: "initialize",
        systemPrompt: [""],
        title: "Refactor",
        toolAliases: { Shell: "Bash" },
        promptSuggestions: true,
        supportedDialogKinds: ["confirm"],
      },
    });
    await cli.frame(responseTo("init"));
    cli.user("hi");
    await cli.frame((frame) => frame.type === "result");
    cli.end();
    expect(await cli.exited).toBe(0);
    for (const field of ["title", "toolAliases", "promptSuggestions"])
      expect(
        cli.stderr.match(new RegExp(`initialize: ${field} is not supported yet and was ignored`, "g")),
      ).toHaveLength(1);
    // What the host says it can show asks Parley for nothing.
    expect(cli.stderr).not.toContain("supportedDialogKinds");
  });

  it("starts the MCP servers of --mcp-config, offers their tools, and reports a broken one without stopping", async () => {
    const everything = fileURLToPath(
      new URL("../../../node_modules/@modelcontextprotocol/server-everything/dist/index.js", import.meta.url),
    );
    const config = {
      mcpServers: {
        everything: { command: process.execPath, args: [everything, "stdio"] },
        missing: { command: "/no/such/server" },
      },
    };
    server.script(
      reply().toolCall("mcp__everything__echo", { message: "over MCP" }),
      reply().text("Echoed."),
    );
    const cli = new Cli(
      ["--mcp-config", JSON.stringify(config), "--allowedTools", "mcp__everything__echo"],
      env,
      cwd,
    );
    cli.user("Echo something");
    await cli.frame((frame) => frame.type === "result");
    cli.send({ type: "control_request", request_id: "status", request: { subtype: "mcp_status" } });
    const status = (await cli.frame(responseTo("status"))).response as {
      response: { mcpServers: Record<string, unknown>[] };
    };
    cli.end();
    expect(await cli.exited).toBe(0);
    expect(JSON.stringify(server.requests[1]?.body)).toContain("Echo: over MCP");
    expect(results(cli)[0]).toMatchObject({ subtype: "success", result: "Echoed." });
    const byName = Object.fromEntries(status.response.mcpServers.map((entry) => [entry.name, entry]));
    expect(byName.everything).toMatchObject({
      status: "connected",
      tools: expect.arrayContaining([expect.objectContaining({ name: "echo" })]),
    });
    expect(byName.missing).toMatchObject({ status: "failed", error: expect.stringContaining("ENOENT") });
    expect(cli.stderr).toContain("the MCP server missing failed");
    const init = cli.frames.find((frame) => frame.type === "system" && frame.subtype === "init");
    expect(init?.mcp_servers).toEqual([
      { name: "everything", status: "connected" },
      { name: "missing", status: "failed" },
    ]);
    expect(init?.tools).toEqual(expect.arrayContaining(["mcp__everything__echo"]));
  });

  it("starts an MCP server in the project (--cwd), with the person's variables but not Parley's API key", async () => {
    const record = join(scratch, `mcp-record-${Date.now()}.json`);
    const config = {
      mcpServers: {
        recorder: {
          command: process.execPath,
          args: [FIXTURE_MCP_SERVER],
          env: { FIXTURE_MCP_RECORD: record },
        },
      },
    };
    server.script(reply().text("ok"));
    const project = await realpath(cwd);
    // Started from elsewhere, as a host may start it; --cwd names the project.
    const cli = new Cli(
      ["--mcp-config", JSON.stringify(config), "--cwd", project],
      { ...env, PERSON_VARIABLE: "kept" },
      scratch,
    );
    cli.user("hello");
    await cli.frame((frame) => frame.type === "result");
    cli.end();
    expect(await cli.exited).toBe(0);
    const started = readChildProcessRecord(record);
    expect(started?.cwd).toBe(project);
    expect(started?.env.PWD).toBe(project);
    expect(started?.env.PERSON_VARIABLE).toBe("kept");
    expect(started?.env.ANTHROPIC_API_KEY).toBeUndefined();
  });

  it("starts the user's mcp.json servers and approved .mcp.json servers, never an unapproved one, unless strict", async () => {
    const fixtureServer = { command: process.execPath, args: [FIXTURE_MCP_SERVER] };
    const parleyHome = env.PARLEY_HOME as string;
    await mkdir(parleyHome, { recursive: true });
    await writeFile(join(parleyHome, "mcp.json"), JSON.stringify({ mcpServers: { mine: fixtureServer } }));
    await writeFile(
      join(cwd, ".mcp.json"),
      JSON.stringify({ mcpServers: { approved: fixtureServer, unapproved: fixtureServer } }),
    );
    // What the UI's "Approve and start" stores for this project.
    new McpProjectState(projectDirectory(parleyHome, await realpath(cwd))).approve("approved", fixtureServer);

    const initOf = async (args: string[]) => {
      server.script(reply().text("ok"));
      const cli = new Cli(args, env, cwd);
      cli.user("hello");
      await cli.frame((frame) => frame.type === "result");
      cli.end();
      expect(await cli.exited).toBe(0);
      const init = cli.frames.find((frame) => frame.type === "system" && frame.subtype === "init");
      return { servers: init?.mcp_servers, stderr: cli.stderr };
    };
    const loose = await initOf([]);
    expect(loose.servers).toEqual([
      { name: "mine", status: "connected" },
      { name: "approved", status: "connected" },
    ]);
    expect(loose.stderr).toContain("the MCP server unapproved of");
    expect((await initOf(["--strict-mcp-config"])).servers).toEqual([]);
  });

  it("holds a project's servers to the server's rules: not one named like the user's, rejected or changed, and never with Parley's secrets", async () => {
    const fixtureServer = { command: process.execPath, args: [FIXTURE_MCP_SERVER] };
    const parleyHome = env.PARLEY_HOME as string;
    const marker = (name: string) => join(cwd, `${name}-started`);
    const record = join(cwd, "keyed-started-with.json");
    /** Claude Code's `${VAR}`, which Parley expands. */
    const read = (variable: string) => `\${${variable}}`;
    const project = {
      shared: { ...fixtureServer, env: { FIXTURE_MCP_MARKER: marker("shared") } },
      keyed: {
        ...fixtureServer,
        env: {
          FIXTURE_MCP_RECORD: record,
          KEY: read("ANTHROPIC_API_KEY"),
          TOKEN: read("PARLEY_TOKEN"),
          HOME_DIR: read("HOME"),
        },
      },
      rejected: { ...fixtureServer, env: { FIXTURE_MCP_MARKER: marker("rejected") } },
      changed: { ...fixtureServer, args: [FIXTURE_MCP_SERVER, "--since-approved"] },
    };
    await mkdir(parleyHome, { recursive: true });
    await writeFile(join(parleyHome, "mcp.json"), JSON.stringify({ mcpServers: { shared: fixtureServer } }));
    await writeFile(join(cwd, ".mcp.json"), JSON.stringify({ mcpServers: project }));
    const state = new McpProjectState(projectDirectory(parleyHome, await realpath(cwd)));
    state.approve("shared", project.shared);
    state.approve("keyed", project.keyed);
    state.approve("changed", fixtureServer);
    state.reject("rejected", project.rejected);

    server.script(reply().text("ok"));
    const cli = new Cli([], { ...env, PARLEY_TOKEN: "parley-token-0123456789" }, cwd);
    cli.user("hello");
    await cli.frame((frame) => frame.type === "result");
    cli.end();
    expect(await cli.exited).toBe(0);
    const init = cli.frames.find((frame) => frame.type === "system" && frame.subtype === "init");
    expect(init?.mcp_servers).toEqual([
      { name: "shared", status: "connected" },
      { name: "keyed", status: "connected" },
    ]);
    expect(existsSync(marker("shared"))).toBe(false);
    expect(existsSync(marker("rejected"))).toBe(false);
    expect(cli.stderr).toContain("the MCP server shared of");
    expect(cli.stderr).toContain("your own server of that name is used");
    expect(cli.stderr).toContain("it changed since you approved it");
    expect(cli.stderr).not.toContain("rejected");
    const started = await readFile(record, "utf8");
    expect(started).not.toContain("sk-ant-fake");
    expect(started).not.toContain("parley-token-0123456789");
    expect(JSON.parse(started).env).toMatchObject({ KEY: "", TOKEN: "", HOME_DIR: env.HOME });
  });
});
