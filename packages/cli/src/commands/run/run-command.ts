import { stat } from "node:fs/promises";
import { resolve } from "node:path";
import {
  AgentSession,
  childEnvironmentFor,
  createLanguageModel,
  loadSettings,
  ModelConfigError,
  parleyHome,
  resolveFallbackModelConfig,
  resolveModelConfig,
} from "@parley/engine";
import type { ParleySettings } from "@parley/protocol";
import { type CliIo, write } from "../../cli-io.ts";
import { UsageError } from "../../usage-error.ts";
import type { Command } from "../command.ts";
import { parseRunArgs, type RunArgs } from "./parse-run-args.ts";
import { printModePermissions } from "./print-mode-permissions.ts";
import { StreamJsonSession } from "./stream-json/stream-json-session.ts";
import { TurnPrinter } from "./turn-printer.ts";

const HELP = `Usage: parley run [options] [prompt]
       parley -p [options] [prompt]

Runs one agent turn headlessly and prints it the way Claude Code's -p mode does.
The prompt is the positional text, or stdin when none is given.

Options:
  -p, --print                     accepted for Claude Code compatibility
  --output-format <format>        text (the answer), json (the result object) or
                                  stream-json (every SDK message, one JSON per line)
  --input-format <format>         text (default), or stream-json: user messages and control
                                  requests as NDJSON on stdin (the Claude Agent SDK's protocol;
                                  needs --output-format stream-json)
  --model <provider:model>        e.g. anthropic:claude-opus-5-5, openai:gpt-5.5, ollama:qwen3:8b, demo
  --fallback-model <provider:model>  used when the model keeps failing after retries
  --include-partial-messages      with stream-json: also stream_event partials
  --max-turns <n>                 stop after n model turns (error_max_turns)
  --system-prompt <text>          replace the system prompt
  --cwd <dir>                     the working directory of the session
  --permission-mode <mode>        default (reads only), acceptEdits (also file edits),
                                  plan (read, then answer with a plan) or bypassPermissions
  --allowedTools <rules...>       let these calls run, e.g. "Bash(npm test)" "Edit(src/**)"
  --disallowedTools <rules...>    refuse these calls; a bare tool name removes the tool
  --permission-prompt-tool stdio  with stream-json input: ask the SDK host (can_use_tool) about
                                  every call the permission mode and rules would ask a person about
  --resume <id>, --continue       with stream-json input: continue a stored session (by id,
                                  or the latest one here)
  --fork-session                  resume into a new session id, keeping the old session as it was
  --session-id <uuid>             the id of a new session
  --append-system-prompt <text>   added to the system prompt
  --tools <a,b>                   only these built-in tools
  --mcp-config <file or JSON>     with stream-json input: MCP servers ({"mcpServers": {...}}),
                                  repeatable; their tools ask for approval like any MCP call
  --verbose                       with text: report retries and fallbacks on stderr
  -h, --help                      show this help

The agent has Parley's built-in tools (Read, LS, Glob, Grep, Write, Edit, Bash, Task). Unless
--permission-prompt-tool stdio lets the SDK host decide, nobody can approve a call here: what
the permission mode and rules do not allow is refused, and the model is told how to allow it.
The model comes from --model, PARLEY_MODEL, settings.json in PARLEY_HOME (~/.parley),
ANTHROPIC_API_KEY or OPENAI_API_KEY, or else the offline demo model.
Exit status: 0 on success, 1 when the turn ended in an error, 2 for bad arguments.
`;

/** `parley run`: one headless turn, wire-compatible with `claude -p`. */
export const runCommand: Command = {
  async run(argv, io) {
    const args = parseRunArgs(argv);
    if (args.help) {
      await write(io.stdout, HELP);
      return 0;
    }
    if (args.inputFormat === "stream-json") return runStreamJson(args, io);
    return runSingleTurn(args, io);
  },
};

/** The SDK's control protocol on stdin and stdout (`--input-format stream-json`). */
async function runStreamJson(args: RunArgs, io: CliIo): Promise<number> {
  if (args.outputFormat !== "stream-json") {
    throw new UsageError("--input-format stream-json needs --output-format stream-json");
  }
  if (args.prompt !== undefined) {
    throw new UsageError(
      "with --input-format stream-json the prompt comes on stdin as user messages, not as an argument",
    );
  }
  const cwd = await workingDirectory(args, io);
  const home = parleyHome(io.env);
  const settings = await loadSettings(home);
  const { model, fallbackModel } = chooseModels(args, io, settings);
  const session = new StreamJsonSession({ args, io, cwd, home, settings, model, fallbackModel });
  return session.run();
}

async function runSingleTurn(args: RunArgs, io: CliIo): Promise<number> {
  // These act only with --input-format stream-json (the SDK's mode); here they would be silently lost.
  const streamOnly = [
    ...args.unsupported,
    ...(args.permissionPromptTool !== undefined ? ["--permission-prompt-tool"] : []),
    ...(args.resume !== undefined || args.continueLatest || args.forkSession
      ? ["--resume/--continue/--fork-session"]
      : []),
    ...(args.tools !== undefined ? ["--tools"] : []),
    ...(args.mcpConfig !== undefined ? ["--mcp-config"] : []),
    ...(args.appendSystemPrompt !== undefined ? ["--append-system-prompt"] : []),
  ];
  for (const flag of streamOnly) {
    await write(
      io.stderr,
      `parley: ${flag} is not supported without --input-format stream-json yet; ignored\n`,
    );
  }
  const cwd = await workingDirectory(args, io);
  const settings = await loadSettings(parleyHome(io.env));
  const { model, fallbackModel } = chooseModels(args, io, settings);
  const prompt = args.prompt ?? (await readPrompt(io));
  if (prompt.trim() === "")
    throw new UsageError('No prompt: give it as an argument (parley run "...") or on stdin');

  const streaming = args.outputFormat === "stream-json" && args.includePartialMessages;
  const permissions = printModePermissions({
    cwd,
    mode: args.permissionMode ?? settings.permission_mode ?? "default",
    shellEnvironment: childEnvironmentFor("shell", io.env, settings).env,
    ...optional("allowedTools", args.allowedTools),
    ...optional("disallowedTools", args.disallowedTools),
  });
  const session = new AgentSession({
    model,
    ...(fallbackModel && { fallbackModel }),
    cwd,
    includePartialMessages: streaming,
    ...optional("systemPrompt", args.systemPrompt ?? settings.system_prompt),
    ...optional("maxTurns", args.maxTurns ?? settings.max_turns),
    ...permissions,
    // The demo model paces its words for people watching partials; nobody sees them otherwise.
    createModel: (config) => createLanguageModel(config, streaming ? {} : { demo: { delayMs: 0 } }),
  });

  const controller = new AbortController();
  let interrupts = 0;
  const removeHandler = io.onInterrupt(() => {
    interrupts += 1;
    if (interrupts > 1) process.exit(130);
    controller.abort();
  });
  const printer = new TurnPrinter(args.outputFormat, io, args.verbose);
  try {
    for await (const message of session.send(prompt, { signal: controller.signal }))
      await printer.print(message);
  } finally {
    removeHandler();
  }
  return printer.exitCode;
}

function chooseModels(args: RunArgs, io: CliIo, settings: ParleySettings) {
  try {
    return {
      model: resolveModelConfig({ env: io.env, settings, ...optional("override", args.model) }),
      fallbackModel: resolveFallbackModelConfig({
        env: io.env,
        settings,
        ...optional("override", args.fallbackModel),
      }),
    };
  } catch (error) {
    if (error instanceof ModelConfigError) throw new UsageError(error.message);
    throw error;
  }
}

async function workingDirectory(args: RunArgs, io: CliIo): Promise<string> {
  if (args.cwd === undefined) return io.cwd;
  const directory = resolve(io.cwd, args.cwd);
  const info = await stat(directory).catch(() => undefined);
  if (!info?.isDirectory()) throw new UsageError(`--cwd: "${args.cwd}" is not a directory`);
  return directory;
}

async function readPrompt(io: CliIo): Promise<string> {
  if (io.stdin.isTTY) return "";
  let text = "";
  for await (const chunk of io.stdin) text += typeof chunk === "string" ? chunk : chunk.toString("utf8");
  return text;
}

function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}
