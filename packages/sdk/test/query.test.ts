import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { PermissionResult, SDKMessage, SDKUserMessage, SpawnOptions } from "@parley/protocol";
import { readChildProcessRecord, reply, writeRecordingProgram } from "@parley/testkit";
import { FIXTURE_MCP_SERVER } from "@parley/testkit/mcp";
import { beforeAll, describe, expect, it } from "vitest";
import { type Query, query } from "../src/query/index.ts";
import { collect, useCliSession } from "./support/cli-session.ts";

/** Parley's `query()` drives the real `parley run` process over the stream-json control protocol. */

const bin = fileURLToPath(new URL("../../cli/bin/parley.js", import.meta.url));

const session = useCliSession("query");
let executable: string;
beforeAll(async () => {
  executable = join(session.scratch, "parley-run");
  await writeFile(executable, `#!/bin/sh\nexec "${process.execPath}" "${bin}" run "$@"\n`);
  await chmod(executable, 0o755);
});

const options = (extra: Record<string, unknown> = {}) => ({
  pathToClaudeCodeExecutable: executable,
  cwd: session.project,
  env: session.env({ PARLEY_HOME: join(session.home, ".parley"), PARLEY_MODEL: "anthropic:claude-fake-1" }),
  ...extra,
});

const user = (text: string): SDKUserMessage => ({
  type: "user",
  session_id: "",
  message: { role: "user", content: [{ type: "text", text }] },
  parent_tool_use_id: null,
});

describe("query() driving parley run", () => {
  it("streams a turn and finishes after its result", async () => {
    session.server.script(reply().text("Hi from the engine."));
    const messages = await collect(
      query({ prompt: "Hello", options: options({ includePartialMessages: true }) }),
    );
    expect(messages[0]).toMatchObject({ type: "system", subtype: "init" });
    expect(messages.some((message) => message.type === "stream_event")).toBe(true);
    expect(messages.at(-1)).toMatchObject({
      type: "result",
      subtype: "success",
      result: "Hi from the engine.",
    });
  });

  it("answers can_use_tool with the host's canUseTool: allowed input is what runs, denials reach the model", async () => {
    session.server.script(
      reply().toolCall("Write", { file_path: "a.txt", content: "agent's\n" }),
      reply().toolCall("Write", { file_path: "b.txt", content: "no\n" }),
      reply().text("ok"),
    );
    const canUseTool = async (_tool: string, input: Record<string, unknown>): Promise<PermissionResult> =>
      input.file_path === "a.txt"
        ? { behavior: "allow", updatedInput: { ...input, content: "host's\n" } }
        : { behavior: "deny", message: "Not b." };
    await collect(query({ prompt: "Write", options: options({ canUseTool }) }));
    expect(await readFile(join(session.project, "a.txt"), "utf8")).toBe("host's\n");
    expect(existsSync(join(session.project, "b.txt"))).toBe(false);
    expect(JSON.stringify(session.server.requests[2]?.body)).toContain("Not b.");
  });

  it("calls the host's hooks and obeys them", async () => {
    session.server.script(reply().toolCall("Bash", { command: "echo hi > hooked.txt" }), reply().text("ok"));
    const calls: string[] = [];
    const hooks = {
      PreToolUse: [
        {
          matcher: "Bash|Write",
          hooks: [
            async (input: unknown) => {
              calls.push((input as { tool_name: string }).tool_name);
              return {
                hookSpecificOutput: {
                  hookEventName: "PreToolUse" as const,
                  permissionDecision: "deny" as const,
                  permissionDecisionReason: "Read-only day.",
                },
              };
            },
          ],
        },
      ],
    };
    await collect(
      query({ prompt: "Run it", options: options({ hooks, permissionMode: "bypassPermissions" }) }),
    );
    expect(calls).toEqual(["Bash"]);
    expect(existsSync(join(session.project, "hooked.txt"))).toBe(false);
    expect(JSON.stringify(session.server.requests[1]?.body)).toContain("Read-only day.");
  });

  it("keeps a streamed conversation going, interrupts a turn, and reports status and commands", async () => {
    session.server.script(reply().text("Long").gate("hold").text(" answer"), reply().text("Back."));
    let release: (() => void) | undefined;
    const prompts = (async function* () {
      yield user("Talk");
      await new Promise<void>((resolve) => (release = resolve));
      yield user("Again");
    })();
    const conversation: Query = query({ prompt: prompts, options: options() });
    expect(await conversation.supportedCommands()).toEqual([]);
    expect(await conversation.mcpServerStatus()).toEqual([]);
    await conversation.setPermissionMode("acceptEdits");
    const results: SDKMessage[] = [];
    let interrupting = false;
    for await (const message of conversation) {
      if (message.type === "system" && !interrupting) {
        interrupting = true;
        void session.server.waitForGate("hold").then(() => conversation.interrupt());
      }
      if (message.type === "result") {
        results.push(message);
        release?.();
      }
    }
    expect(results).toEqual([
      expect.objectContaining({ subtype: "error_during_execution", errors: ["Request interrupted by user"] }),
      expect.objectContaining({ subtype: "success", result: "Back." }),
    ]);
  });

  it("starts the CLI in cwd, with PWD saying so whatever the given environment's PWD was", async () => {
    const record = join(session.scratch, "started.json");
    const recorder = writeRecordingProgram(join(session.scratch, "recording-cli"), record, {
      readsStdin: false,
    });
    const elsewhere = { ...options().env, PWD: session.scratch };
    // The recorder exits without a session, so the query fails; how it was started is what counts here.
    await collect(
      query({ prompt: "Hello", options: options({ pathToClaudeCodeExecutable: recorder, env: elsewhere }) }),
    ).catch(() => []);
    expect(readChildProcessRecord(record)).toMatchObject({
      cwd: session.project,
      env: { PWD: session.project },
    });
  });

  it("starts the CLI through the host's spawnClaudeCodeProcess with the command line it would run itself", async () => {
    const record = join(session.scratch, "default-start.json");
    const recorder = writeRecordingProgram(join(session.scratch, "recording-default"), record, {
      readsStdin: false,
    });
    const flags = { model: "anthropic:claude-fake-1", maxTurns: 3, allowedTools: ["Read"] };
    await collect(
      query({ prompt: "Hello", options: options({ ...flags, pathToClaudeCodeExecutable: recorder }) }),
    ).catch(() => []);
    const spawned: SpawnOptions[] = [];
    session.server.script(reply().text("Hi through the host's spawner."));

    const messages = await collect(
      query({
        prompt: "Hello",
        options: options({
          ...flags,
          spawnClaudeCodeProcess: (launch: SpawnOptions) => {
            spawned.push(launch);
            return spawn(launch.command, launch.args, {
              cwd: launch.cwd,
              env: launch.env,
              stdio: ["pipe", "pipe", "inherit"],
            });
          },
        }),
      }),
    );

    expect(messages.at(-1)).toMatchObject({ result: "Hi through the host's spawner." });
    expect(spawned).toHaveLength(1);
    expect(spawned[0]).toMatchObject({
      command: executable,
      args: readChildProcessRecord(record)?.argv,
      cwd: session.project,
      env: { PWD: session.project },
    });
    expect(spawned[0]?.signal).toBeInstanceOf(AbortSignal);
  });

  it("sends MCP servers in initialize with mcpServersDelivery initialize, and parley run starts and calls them", async () => {
    const record = join(session.scratch, "initialize-delivery.json");
    const recorder = writeRecordingProgram(join(session.scratch, "recording-delivery"), record, {
      readsStdin: false,
    });
    const fixture = {
      command: process.execPath,
      args: [FIXTURE_MCP_SERVER],
      env: { TOKEN: "kept-off-argv" },
    };
    const delivery = { mcpServers: { fixture }, mcpServersDelivery: "initialize" as const };
    await collect(
      query({ prompt: "Hello", options: options({ ...delivery, pathToClaudeCodeExecutable: recorder }) }),
    ).catch(() => []);
    const argv = readChildProcessRecord(record)?.argv ?? [];
    expect(argv).toContain("--await-initialize");
    expect(argv.join(" ")).not.toContain("kept-off-argv");
    session.server.script(
      reply().toolCall("mcp__fixture__lookup", { word: "parley" }),
      reply().text("Found it."),
    );

    const conversation = query({
      prompt: "Look up parley",
      options: options({ ...delivery, allowedTools: ["mcp__fixture__lookup"] }),
    });
    const messages = await collect(conversation);

    expect(messages.at(-1)).toMatchObject({ result: "Found it." });
    expect(JSON.stringify(session.server.requests[1]?.body)).toContain("parley: a word the fixture knows");
  }, 60_000);

  it("fails with the CLI's own words when it cannot start a session", async () => {
    const failing = query({ prompt: "Hi", options: options({ model: "nowhere:model" }) });
    await expect(collect(failing)).rejects.toThrow(/exited with code 2: parley: Unknown provider "nowhere"/);
  });
});
