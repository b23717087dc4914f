import { realpath, stat } from "node:fs/promises";
import { resolve } from "node:path";
import { loadSettings, parleyHome } from "@parley/engine";
import { type CliIo, write } from "../../cli-io.ts";
import { UsageError } from "../../usage-error.ts";
import type { Command } from "../command.ts";
import { chooseModels } from "./choose-models.ts";
import { parseRunArgs, type RunArgs } from "./parse-run-args.ts";
import { RunAgent } from "./run-agent.ts";
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
  --append-system-prompt <text>   added to the system prompt
  --setting-sources <list>        user, project, local: project gives the agent the project's
                                  AGENTS.md and CLAUDE.md, local its CLAUDE.local.md ("" for
                                  none; without the flag, both; none when settings.json has
                                  "project_instructions": false). Claude Code's settings
                                  files are not read: Parley's are in PARLEY_HOME
  --cwd <dir>                     the working directory of the session
  --add-dir <dir>                 a directory outside it that Read, Write, Edit, LS, Glob and Grep
                                  may also use (by absolute path; writes there, Bash redirections
                                  included, ask like the project's; rules: Edit(//dir/**)), repeatable
  --permission-mode <mode>        default (reads only), acceptEdits (also file edits), plan (read,
                                  then answer with a plan), dontAsk (refuse what would ask) or
                                  bypassPermissions (--dangerously-skip-permissions)
  --allowedTools <rules...>       let these calls run, e.g. "Bash(npm test)" "Edit(src/**)"
  --disallowedTools <rules...>    refuse these calls; a bare tool name removes the tool
  --tools <a,b>                   only these of Parley's tools ("" for none, default for all)
  --mcp-config <file or JSON>     MCP servers ({"mcpServers": {...}}), repeatable; their tools ask
                                  for approval like any MCP call
  --strict-mcp-config             only --mcp-config's servers, not mcp.json's and .mcp.json's
  --resume <id>, --continue       continue a stored conversation (by id, or the latest one here)
  --fork-session                  resume into a new session id, keeping the old session as it was
  --session-id <uuid>             the id of a new session
  --no-session-persistence        do not keep this conversation for --resume
  --permission-prompt-tool stdio  with stream-json input: ask the SDK host (can_use_tool) about
                                  every call the permission mode and rules would ask a person about
  --verbose                       with text: report retries and fallbacks on stderr
  -h, --help                      show this help

The agent has Parley's tools (Read, LS, Glob, Grep, Write, Edit, Bash, Task, ProjectStructure), and
those of the user's mcp.json servers, the project's .mcp.json servers approved in Parley's UI and
--mcp-config's. Unless --permission-prompt-tool stdio lets the SDK host decide, nobody can approve a
call here: what the permission mode and rules do not allow is refused, and the model is told how to
allow it. Claude Code flags Parley cannot honour (--agent, --betas, --settings, ...) are refused.
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
  args = { ...args, addDirectories: await addedDirectories(args, io) };
  const home = parleyHome(io.env);
  const settings = await loadSettings(home);
  const { model, fallbackModel } = chooseModels(args, io, settings);
  const session = new StreamJsonSession({ args, io, cwd, home, settings, model, fallbackModel });
  return session.run();
}

/** One prompt (argument or stdin), one turn, printed as text, the result object, or SDK messages. */
async function runSingleTurn(args: RunArgs, io: CliIo): Promise<number> {
  // Nobody is on the other end of stdin to answer a can_use_tool request in this mode.
  if (args.permissionPromptTool !== undefined)
    throw new UsageError("--permission-prompt-tool stdio needs --input-format stream-json");
  for (const flag of args.noted)
    await write(io.stderr, `parley: ${flag} is accepted and changes nothing here\n`);
  const cwd = await workingDirectory(args, io);
  args = { ...args, addDirectories: await addedDirectories(args, io) };
  const home = parleyHome(io.env);
  const settings = await loadSettings(home);
  const { model, fallbackModel } = chooseModels(args, io, settings);
  const prompt = args.prompt ?? (await readPrompt(io));
  if (prompt.trim() === "")
    throw new UsageError('No prompt: give it as an argument (parley run "...") or on stdin');

  const streaming = args.outputFormat === "stream-json" && args.includePartialMessages;
  const agent = await RunAgent.open({
    args: { ...args, includePartialMessages: streaming },
    io,
    cwd,
    home,
    settings,
    model,
    fallbackModel,
    warn: (message) => io.stderr.write(`${message}\n`),
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
    await agent.mcpReady;
    for await (const message of agent.session.send(agent.customCommands.expand(prompt), {
      signal: controller.signal,
      tools: agent.turnTools(),
      mcpServers: agent.mcp.status().map((server) => ({ name: server.name, status: server.status })),
      slashCommands: agent.customCommands.names(),
      ...(agent.systemPrompt !== undefined && { systemPrompt: agent.systemPrompt }),
    }))
      await printer.print(message);
  } finally {
    removeHandler();
    await agent.save();
    await agent.close();
  }
  return printer.exitCode;
}

async function workingDirectory(args: RunArgs, io: CliIo): Promise<string> {
  if (args.cwd === undefined) return io.cwd;
  const directory = resolve(io.cwd, args.cwd);
  const info = await stat(directory).catch(() => undefined);
  if (!info?.isDirectory()) throw new UsageError(`--cwd: "${args.cwd}" is not a directory`);
  return directory;
}

/** `--add-dir`s as real paths (a symlink names where it leads, so nothing can move it later); each must exist. */
async function addedDirectories(args: RunArgs, io: CliIo): Promise<string[]> {
  const directories: string[] = [];
  for (const given of args.addDirectories ?? []) {
    const directory = await realpath(resolve(io.cwd, given)).catch(() => undefined);
    const info = directory === undefined ? undefined : await stat(directory).catch(() => undefined);
    if (directory === undefined || !info?.isDirectory())
      throw new UsageError(`--add-dir: "${given}" is not a directory`);
    directories.push(directory);
  }
  return directories;
}

async function readPrompt(io: CliIo): Promise<string> {
  if (io.stdin.isTTY) return "";
  let text = "";
  for await (const chunk of io.stdin) text += typeof chunk === "string" ? chunk : chunk.toString("utf8");
  return text;
}
