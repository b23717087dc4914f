import { spawn } from "node:child_process";
import { chmod, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { readChildProcessRecord, reply, writeRecordingProgram } from "@parley/testkit";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import * as parley from "../src/query/index.ts";
import { useCliSession } from "./support/cli-session.ts";

/**
 * One program, two hosts: the official Claude Agent SDK (installed into interop/) and Parley's `query()`
 * run the same code; the command line, the control traffic and the outcome must be the same.
 */

const bin = fileURLToPath(new URL("../../cli/bin/parley.js", import.meta.url));
const officialModule = fileURLToPath(
  new URL("../../../interop/node_modules/@anthropic-ai/claude-agent-sdk/sdk.mjs", import.meta.url),
);
const officialZod = fileURLToPath(new URL("../../../interop/node_modules/zod/index.js", import.meta.url));

type Message = { type: string; subtype?: string; [key: string]: unknown };
/** What both SDKs offer a program: `query`, `tool` and `createSdkMcpServer`, and the zod their `tool` reads. */
interface Sdk {
  query(input: { prompt: string; options: Record<string, unknown> }): AsyncIterable<Message>;
  tool(name: string, description: string, shape: never, handler: never): unknown;
  createSdkMcpServer(options: { name: string; version?: string; tools: unknown[] }): unknown;
  z: { string(): unknown };
}

const session = useCliSession("query-parity");
let hosts: Record<"official" | "parley", Sdk>;
let executable: string;
beforeAll(async () => {
  const official = await import(pathToFileURL(officialModule).href);
  const { z: zod } = await import(pathToFileURL(officialZod).href);
  hosts = {
    official: { ...official, z: zod } as Sdk,
    parley: { ...(parley as unknown as Sdk), z } as Sdk,
  };
  executable = join(session.scratch, "parley-run");
  await writeFile(executable, `#!/bin/sh\nexec "${process.execPath}" "${bin}" run "$@"\n`);
  await chmod(executable, 0o755);
});

async function run(sdk: Sdk, prompt: string, options: Record<string, unknown>): Promise<Message[]> {
  const messages: Message[] = [];
  try {
    for await (const message of sdk.query({ prompt, options })) messages.push(message);
  } catch {
    // A recording program ends without a result; the official SDK throws then, Parley's query() ends.
  }
  return messages;
}

/** Every option of the official SDK's Options that travels as a CLI flag. */
const FLAG_OPTIONS = {
  thinking: { type: "enabled", budgetTokens: 2048, display: "summarized" },
  effort: "high",
  maxTurns: 7,
  maxBudgetUsd: 1.5,
  taskBudget: { total: 50_000 },
  model: "claude-fake-1",
  agent: "reviewer",
  betas: ["context-1m-2025-08-07"],
  outputFormat: { type: "json_schema", schema: { type: "object" } },
  debugFile: "/tmp/debug.log",
  permissionPromptToolName: "mcp__auth__approve",
  permissionPrompts: "host",
  continue: true,
  resume: "session-1",
  allowedTools: ["Read", "Bash(npm test)"],
  skills: ["deploy"],
  disallowedTools: ["WebFetch"],
  tools: ["Read", "Bash"],
  mcpServers: { files: { command: "files-server", args: ["--root", "."] } },
  settingSources: ["project"],
  strictMcpConfig: true,
  permissionMode: "acceptEdits",
  allowDangerouslySkipPermissions: true,
  fallbackModel: "claude-fake-2",
  includeHookEvents: true,
  includePartialMessages: true,
  projectConfigRoot: "/repo",
  additionalDirectories: ["/a", "/b"],
  plugins: [{ type: "local", path: "/plugins/one" }],
  forkSession: true,
  resumeSessionAt: "11111111-1111-4111-8111-111111111111",
  resumeDropsTurn: "22222222-2222-4222-8222-222222222222",
  sessionId: "33333333-3333-4333-8333-333333333333",
  persistSession: false,
  managedSettings: { model: "claude-fake-1" },
  settings: { permissions: { allow: ["Read"] } },
  sandbox: { enabled: true },
  extraArgs: { "replay-user-messages": null, name: "-dash" },
};

// Each start of a CLI costs seconds on a loaded machine; each test starts two.
describe("the same program with the official SDK and Parley's query()", { timeout: 240_000 }, () => {
  async function commandLines(options: Record<string, unknown>) {
    const argv: Record<string, string[] | undefined> = {};
    for (const name of ["official", "parley"] as const) {
      const record = join(session.scratch, `argv-${name}.json`);
      const program = writeRecordingProgram(join(session.scratch, `record-${name}`), record, {
        readsStdin: false,
      });
      await run(hosts[name], "hi", {
        ...options,
        pathToClaudeCodeExecutable: program,
        cwd: session.project,
        env: session.env(),
      });
      argv[name] = readChildProcessRecord(record)?.argv;
    }
    return argv;
  }

  it("passes every flag option as the same command line", async () => {
    const argv = await commandLines(FLAG_OPTIONS);
    expect(argv.official).toContain("--max-thinking-tokens=2048");
    expect(argv.parley).toEqual(argv.official);
  });

  it("keeps MCP servers off the command line alike with mcpServersDelivery initialize", async () => {
    const argv = await commandLines({ ...FLAG_OPTIONS, mcpServersDelivery: "initialize" });
    expect(argv.official).toContain("--await-initialize");
    expect(argv.official).not.toContain("--mcp-config");
    expect(argv.parley).toEqual(argv.official);
  });

  it("calls the host's spawnClaudeCodeProcess with the same command, arguments and folder", async () => {
    const launches: Record<string, { command: string; args: string[]; cwd?: string } | undefined> = {};
    for (const name of ["official", "parley"] as const) {
      const record = join(session.scratch, `spawned-${name}.json`);
      const program = writeRecordingProgram(join(session.scratch, `spawn-${name}`), record, {
        readsStdin: false,
      });
      await run(hosts[name], "hi", {
        model: "claude-fake-1",
        additionalDirectories: ["/a"],
        pathToClaudeCodeExecutable: program,
        cwd: session.project,
        env: session.env(),
        spawnClaudeCodeProcess: (launch: { command: string; args: string[]; cwd?: string }) => {
          launches[name] = { command: launch.command, args: launch.args, cwd: launch.cwd };
          return spawn(launch.command, launch.args, { cwd: launch.cwd, stdio: ["pipe", "pipe", "ignore"] });
        },
      });
      // The spawner's process is the one that ran.
      expect(readChildProcessRecord(record)?.argv).toEqual(launches[name]?.args);
    }
    expect(launches.parley?.command).toBe(launches.official?.command?.replace(/-official$/, "-parley"));
    expect(launches.parley?.args).toEqual(launches.official?.args);
    expect(launches.parley?.cwd).toBe(launches.official?.cwd);
  });

  it("runs an SDK-hosted MCP tool through parley run, with the same calls, tool schema and result", async () => {
    const outcomes: Record<string, unknown> = {};
    for (const name of ["official", "parley"] as const) {
      const sdk = hosts[name];
      const calls: unknown[] = [];
      const weather = sdk.createSdkMcpServer({
        name: "weather",
        version: "1.0.0",
        tools: [
          sdk.tool(
            "forecast",
            "The forecast for a city",
            { city: sdk.z.string() } as never,
            (async (args: { city: string }) => {
              calls.push(args);
              return { content: [{ type: "text", text: `Sunny in ${args.city}` }] };
            }) as never,
          ),
        ],
      });
      const start = session.server.requests.length;
      session.server.script(
        reply().toolCall("mcp__weather__forecast", { city: "Lisbon" }),
        reply().text("It is sunny."),
      );
      const messages = await run(sdk, "Weather in Lisbon?", {
        pathToClaudeCodeExecutable: executable,
        cwd: session.project,
        env: session.env({
          PARLEY_HOME: join(session.home, ".parley"),
          PARLEY_MODEL: "anthropic:claude-fake-1",
        }),
        mcpServers: { weather },
        allowedTools: ["mcp__weather__forecast"],
      });
      const body = session.server.requests[start]?.body as {
        tools: { name: string; input_schema: unknown }[];
      };
      outcomes[name] = {
        calls,
        schema: body.tools.find((tool) => tool.name === "mcp__weather__forecast")?.input_schema,
        toolResult: JSON.stringify(session.server.requests[start + 1]?.body).includes("Sunny in Lisbon"),
        result: messages.at(-1),
      };
    }
    expect(outcomes.official).toMatchObject({
      calls: [{ city: "Lisbon" }],
      schema: { type: "object", properties: { city: { type: "string" } } },
      toolResult: true,
      result: { type: "result", subtype: "success", result: "It is sunny." },
    });
    const comparable = (outcome: unknown) => {
      const { result, ...rest } = outcome as { result: Message };
      return { ...rest, result: { subtype: result.subtype, result: result.result } };
    };
    expect(comparable(outcomes.parley)).toEqual(comparable(outcomes.official));
  });

  it("answers a control request it does not know exactly as the official SDK does, and passes on a thin result", async () => {
    const answers: Record<string, unknown> = {};
    const results: Record<string, unknown> = {};
    for (const name of ["official", "parley"] as const) {
      const record = join(session.scratch, `answer-${name}.json`);
      const cli = join(session.scratch, `asking-cli-${name}.mjs`);
      await writeFile(cli, askingCli(record));
      const messages = await run(hosts[name], "hi", {
        pathToClaudeCodeExecutable: cli,
        cwd: session.project,
        env: session.env(),
      });
      answers[name] = readChildProcessRecord(record) as unknown;
      results[name] = messages.at(-1);
    }
    expect(answers.official).toMatchObject({
      type: "control_response",
      response: {
        subtype: "error",
        request_id: "cli-1",
        error: "Unsupported control request subtype: no_such_subtype",
      },
    });
    expect(answers.parley).toEqual(answers.official);
    expect(results.official).toMatchObject({ type: "result", result: "done" });
    expect(results.parley).toEqual(results.official);
  });
});

/**
 * A stand-in CLI: answers `initialize`, asks the host an unknown control request when the prompt comes,
 * records the answer in `record`, and ends the turn with a result thinner than the SDK types declare (the
 * official SDK passes messages on without checking their shape), then exits when stdin ends.
 */
function askingCli(record: string): string {
  return `import { writeFileSync } from "node:fs";
import { createInterface } from "node:readline";
const send = (frame) => process.stdout.write(JSON.stringify(frame) + "\\n");
for await (const line of createInterface({ input: process.stdin })) {
  const frame = JSON.parse(line);
  if (frame.type === "control_request" && frame.request.subtype === "initialize")
    send({ type: "control_response", response: { subtype: "success", request_id: frame.request_id, response: { commands: [], agents: [], output_style: "default", available_output_styles: ["default"], models: [], account: {} } } });
  else if (frame.type === "user")
    send({ type: "control_request", request_id: "cli-1", request: { subtype: "no_such_subtype" } });
  else if (frame.type === "control_response" && frame.response.request_id === "cli-1") {
    writeFileSync(${JSON.stringify(record)}, JSON.stringify(frame));
    send({ type: "result", subtype: "success", is_error: false, result: "done", session_id: "s", uuid: "u" });
  }
}
`;
}
