import { parseArgs } from "node:util";
import { EFFORT_LEVELS, type ReasoningSettings } from "@parley/engine";
import { PERMISSION_MODES, type PermissionMode, SETTING_SOURCES, type SettingSource } from "@parley/protocol";
import { UsageError } from "../../usage-error.ts";

/** How `parley run` prints the turn: the answer, the `result` object, or every SDK message as NDJSON. */
export type OutputFormat = "text" | "json" | "stream-json";
/** What stdin carries: the prompt, or SDK user messages and control requests as NDJSON. */
export type InputFormat = "text" | "stream-json";

/** The command line of `parley run`, checked. */
export interface RunArgs {
  /** The prompt from the arguments; undefined means "read it from stdin". */
  prompt?: string;
  outputFormat: OutputFormat;
  inputFormat: InputFormat;
  model?: string;
  fallbackModel?: string;
  includePartialMessages: boolean;
  maxTurns?: number;
  verbose: boolean;
  systemPrompt?: string;
  cwd?: string;
  /** `--add-dir` values as given: directories outside the project the file tools may also use. */
  addDirectories?: string[];
  /** `--permission-mode` (Claude Code's `manual` is read as `default`). */
  permissionMode?: PermissionMode;
  /** `--allowedTools` values as given (rules like `Bash(git status:*)`, several per value allowed). */
  allowedTools?: string[];
  /** `--disallowedTools` values as given. */
  disallowedTools?: string[];
  /** `--permission-prompt-tool`: `stdio` asks the SDK host through `can_use_tool` requests. */
  permissionPromptTool?: string;
  /** `--resume <id>`: the stored session to continue. */
  resume?: string;
  /** `--continue`: the latest stored session of the working directory. */
  continueLatest: boolean;
  /** `--fork-session`: resume into a new session id, leaving the old one as it was. */
  forkSession: boolean;
  /** `--session-id <uuid>`: the id a new session gets. */
  sessionId?: string;
  appendSystemPrompt?: string;
  /**
   * `--setting-sources user,project,local`: `project` and `local` give the agent the project's instruction
   * files (AGENTS.md, CLAUDE.md; CLAUDE.local.md); empty gives none. Absent, as in Claude Code, all are read.
   * Claude Code's settings files (`.claude/settings.json`) are not read whatever it says: Parley's are its own.
   */
  settingSources?: SettingSource[];
  /** `--tools a,b`: only these built-in tools (`default` for all). */
  tools?: string[];
  /** `--mcp-config` values (files or JSON), for the MCP servers Parley reports. */
  mcpConfig?: string[];
  /** `--strict-mcp-config`: only the `--mcp-config` servers, not those of mcp.json and .mcp.json. */
  strictMcpConfig: boolean;
  /** `--max-budget-usd`: the session stops before a model request once it has cost this much. */
  maxBudgetUsd?: number;
  /** `--json-schema`: the JSON Schema the final answer must match (the result's `structured_output`). */
  jsonSchema?: Record<string, unknown>;
  /** `--max-thinking-tokens`, `--thinking`, `--thinking-display`, `--effort`, `--task-budget`. */
  reasoning?: ReasoningSettings;
  /** `--no-session-persistence` turns this off: the conversation is not kept for `--resume`. */
  persistSession: boolean;
  /** `--replay-user-messages`: each stdin user message is echoed back (with its uuid) as its turn starts. */
  replayUserMessages: boolean;
  /** Flags accepted that change nothing about the agent (logging and the like), as given (reported once). */
  noted: string[];
  help: boolean;
}

const OUTPUT_FORMATS: readonly OutputFormat[] = ["text", "json", "stream-json"];
const INPUT_FORMATS: readonly InputFormat[] = ["text", "stream-json"];

/** The options `parley run` accepts; the names and meanings follow Claude Code's `-p` mode. */
export const RUN_OPTIONS = {
  print: { type: "boolean", short: "p" },
  "output-format": { type: "string" },
  "input-format": { type: "string" },
  model: { type: "string" },
  "fallback-model": { type: "string" },
  "include-partial-messages": { type: "boolean" },
  "max-turns": { type: "string" },
  verbose: { type: "boolean" },
  "system-prompt": { type: "string" },
  cwd: { type: "string" },
  "permission-mode": { type: "string" },
  allowedTools: { type: "string", multiple: true },
  "allowed-tools": { type: "string", multiple: true },
  disallowedTools: { type: "string", multiple: true },
  "disallowed-tools": { type: "string", multiple: true },
  help: { type: "boolean", short: "h" },
  "permission-prompt-tool": { type: "string" },
  resume: { type: "string", short: "r" },
  continue: { type: "boolean", short: "c" },
  "fork-session": { type: "boolean" },
  "session-id": { type: "string" },
  "append-system-prompt": { type: "string" },
  tools: { type: "string" },
  "mcp-config": { type: "string", multiple: true },
  // Without it, the user's mcp.json and the project's approved .mcp.json servers start too.
  "strict-mcp-config": { type: "boolean" },
  // The rest are Claude Code's flags that Parley notes (NOTED_FLAGS), honours or refuses (REFUSED_FLAGS).
  "setting-sources": { type: "string" },
  "add-dir": { type: "string", multiple: true },
  "max-thinking-tokens": { type: "string" },
  thinking: { type: "string" },
  "thinking-display": { type: "string" },
  effort: { type: "string" },
  "max-budget-usd": { type: "string" },
  "task-budget": { type: "string" },
  agent: { type: "string" },
  betas: { type: "string" },
  "json-schema": { type: "string" },
  debug: { type: "boolean" },
  "debug-file": { type: "string" },
  "debug-to-stderr": { type: "boolean" },
  "permission-prompts": { type: "string" },
  "allow-dangerously-skip-permissions": { type: "boolean" },
  "dangerously-skip-permissions": { type: "boolean" },
  "include-hook-events": { type: "boolean" },
  "no-session-persistence": { type: "boolean" },
  "replay-user-messages": { type: "boolean" },
  "resume-session-at": { type: "string" },
  "resume-drops-turn": { type: "string" },
  "session-mirror": { type: "boolean" },
  "project-config-root": { type: "string" },
  "await-initialize": { type: "boolean" },
  "initialize-fields": { type: "string" },
  "managed-settings": { type: "string" },
  "managed-settings-in-initialize": { type: "boolean" },
  "plugin-dir": { type: "string", multiple: true },
  "plugin-dir-no-mcp": { type: "string", multiple: true },
  channels: { type: "string", multiple: true },
  settings: { type: "string" },
  "sdk-url": { type: "string" },
  "hard-fail": { type: "boolean" },
  porcelain: { type: "boolean" },
  "no-optional-locks": { type: "boolean" },
} as const;

/**
 * Flags Parley accepts and reports once on stderr: they change nothing about what the agent does (logging,
 * locking, `--allow-dangerously-skip-permissions`, which only permits a mode Parley already permits).
 */
const NOTED_FLAGS = [
  "debug",
  "debug-file",
  "debug-to-stderr",
  "await-initialize",
  "allow-dangerously-skip-permissions",
  "porcelain",
  "no-optional-locks",
  "hard-fail",
] as const;

/** Flags of Claude Code that Parley cannot honour: refused, since running without them would mislead. */
const REFUSED_FLAGS: Record<string, string> = {
  agent: "Parley has no named agents here",
  betas: "Parley does not send API betas",
  "permission-prompts": "use --permission-prompt-tool stdio",
  "include-hook-events": "Parley does not emit hook event messages",
  "resume-session-at": "Parley resumes whole conversations only",
  "resume-drops-turn": "Parley resumes whole conversations only",
  "session-mirror": "Parley keeps sessions in PARLEY_HOME/cli-sessions",
  "project-config-root": "Parley reads no Claude Code project configuration",
  "initialize-fields": "Parley reads no settings from initialize",
  "managed-settings": "Parley has no managed settings",
  "managed-settings-in-initialize": "Parley has no managed settings",
  "plugin-dir": "Parley has no Claude Code plugins",
  "plugin-dir-no-mcp": "Parley has no Claude Code plugins",
  channels: "Parley has no channels",
  settings: "Parley reads its own settings.json in PARLEY_HOME",
  "sdk-url": "Parley speaks the protocol on stdio only",
};

/**
 * Parses `parley run` arguments (`-p/--print` is accepted as a flag, as in Claude Code; the prompt is
 * the positional text). Throws a `UsageError` naming the bad argument.
 */
export function parseRunArgs(argv: readonly string[]): RunArgs {
  let parsed: ReturnType<typeof parseArgs<{ options: typeof RUN_OPTIONS; allowPositionals: true }>>;
  try {
    parsed = parseArgs({ args: [...argv], options: RUN_OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  refuseWhatCannotBeHonoured(values as Record<string, unknown>);
  const outputFormat = oneOf("--output-format", values["output-format"] ?? "text", OUTPUT_FORMATS);
  const inputFormat = oneOf("--input-format", values["input-format"] ?? "text", INPUT_FORMATS);
  if (
    values["replay-user-messages"] === true &&
    (inputFormat !== "stream-json" || outputFormat !== "stream-json")
  )
    throw new UsageError(
      "--replay-user-messages needs --input-format stream-json and --output-format stream-json",
    );
  const prompt = positionals.length > 0 ? positionals.join(" ") : undefined;
  const allowedTools = [...(values.allowedTools ?? []), ...(values["allowed-tools"] ?? [])];
  const disallowedTools = [...(values.disallowedTools ?? []), ...(values["disallowed-tools"] ?? [])];
  return {
    ...(prompt !== undefined && { prompt }),
    outputFormat,
    inputFormat,
    ...(values.model !== undefined && { model: nonEmpty("--model", values.model) }),
    ...(values["fallback-model"] !== undefined && {
      fallbackModel: nonEmpty("--fallback-model", values["fallback-model"]),
    }),
    includePartialMessages: values["include-partial-messages"] ?? false,
    ...(values["max-turns"] !== undefined && {
      maxTurns: positiveInteger("--max-turns", values["max-turns"]),
    }),
    verbose: values.verbose ?? false,
    ...(values["system-prompt"] !== undefined && { systemPrompt: values["system-prompt"] }),
    ...(values.cwd !== undefined && { cwd: nonEmpty("--cwd", values.cwd) }),
    ...(values["add-dir"] !== undefined && {
      addDirectories: values["add-dir"].map((directory) => nonEmpty("--add-dir", directory)),
    }),
    ...(values["permission-mode"] !== undefined && {
      permissionMode: permissionMode(values["permission-mode"]),
    }),
    // Claude Code's --dangerously-skip-permissions is --permission-mode bypassPermissions.
    ...(values["dangerously-skip-permissions"] === true && { permissionMode: "bypassPermissions" as const }),
    ...(allowedTools.length > 0 && { allowedTools }),
    ...(disallowedTools.length > 0 && { disallowedTools }),
    ...(values["permission-prompt-tool"] !== undefined && {
      permissionPromptTool: oneOf("--permission-prompt-tool", values["permission-prompt-tool"], ["stdio"]),
    }),
    ...(values.resume !== undefined && { resume: nonEmpty("--resume", values.resume) }),
    continueLatest: values.continue ?? false,
    forkSession: values["fork-session"] ?? false,
    ...(values["session-id"] !== undefined && { sessionId: nonEmpty("--session-id", values["session-id"]) }),
    ...(values["append-system-prompt"] !== undefined && {
      appendSystemPrompt: values["append-system-prompt"],
    }),
    ...(values["setting-sources"] !== undefined && {
      settingSources: settingSources(values["setting-sources"]),
    }),
    ...(values.tools !== undefined &&
      values.tools !== "default" && {
        tools: values.tools
          .split(",")
          .map((name) => name.trim())
          .filter(Boolean),
      }),
    ...(values["mcp-config"] !== undefined && { mcpConfig: values["mcp-config"] }),
    strictMcpConfig: values["strict-mcp-config"] === true,
    ...reasoningFrom(values),
    ...(values["max-budget-usd"] !== undefined && {
      maxBudgetUsd: positiveNumber("--max-budget-usd", values["max-budget-usd"]),
    }),
    ...(values["json-schema"] !== undefined && {
      jsonSchema: jsonObject("--json-schema", values["json-schema"]),
    }),
    persistSession: values["no-session-persistence"] !== true,
    replayUserMessages: values["replay-user-messages"] === true,
    noted: NOTED_FLAGS.filter((flag) => (values as Record<string, unknown>)[flag] !== undefined).map(
      (flag) => `--${flag}`,
    ),
    help: values.help ?? false,
  };
}

function refuseWhatCannotBeHonoured(values: Record<string, unknown>): void {
  for (const [flag, reason] of Object.entries(REFUSED_FLAGS)) {
    const value = values[flag];
    if (value === undefined) continue;
    throw new UsageError(`--${flag} is not supported: ${reason}`);
  }
  const model = values.model;
  if (model !== undefined && values["fallback-model"] === model)
    throw new UsageError("--fallback-model cannot be the same as --model");
  if (values["dangerously-skip-permissions"] === true && values["permission-mode"] !== undefined)
    throw new UsageError("--dangerously-skip-permissions and --permission-mode: give one of them");
}

/** `--max-thinking-tokens N` (0 turns thinking off), `--thinking`, `--thinking-display`, `--effort`, `--task-budget`. */
function reasoningFrom(values: {
  "max-thinking-tokens"?: string;
  thinking?: string;
  "thinking-display"?: string;
  effort?: string;
  "task-budget"?: string;
}): { reasoning?: ReasoningSettings } {
  const budget = values["max-thinking-tokens"];
  const mode = values.thinking;
  if (budget !== undefined && mode !== undefined)
    throw new UsageError("--max-thinking-tokens and --thinking: give one of them");
  const reasoning: ReasoningSettings = {};
  if (budget !== undefined) {
    const tokens = budget.trim() === "0" ? 0 : positiveInteger("--max-thinking-tokens", budget);
    reasoning.thinking = tokens === 0 ? { type: "disabled" } : { type: "enabled", budgetTokens: tokens };
  }
  if (mode !== undefined) {
    // The SDK's `thinking: { type: "enabled" }` without a budget is adaptive thinking.
    const type = oneOf("--thinking", mode, ["adaptive", "enabled", "disabled"]);
    reasoning.thinking = type === "disabled" ? { type } : { type: "adaptive" };
  }
  if (values["thinking-display"] !== undefined)
    reasoning.thinkingDisplay = oneOf("--thinking-display", values["thinking-display"], [
      "summarized",
      "omitted",
    ] as const);
  if (values.effort !== undefined) reasoning.effort = oneOf("--effort", values.effort, EFFORT_LEVELS);
  if (values["task-budget"] !== undefined)
    reasoning.taskBudgetTokens = positiveInteger("--task-budget", values["task-budget"]);
  return Object.keys(reasoning).length > 0 ? { reasoning } : {};
}

function oneOf<T extends string>(flag: string, value: string, allowed: readonly T[]): T {
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new UsageError(`${flag} must be one of ${allowed.join(", ")} (got "${value}")`);
}

function settingSources(value: string): SettingSource[] {
  const names = value
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  return [...new Set(names.map((name) => oneOf("--setting-sources", name, SETTING_SOURCES)))];
}

function permissionMode(value: string): PermissionMode {
  if (value === "manual") return "default";
  return oneOf("--permission-mode", value, PERMISSION_MODES);
}

function positiveInteger(flag: string, value: string): number {
  const number = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(number) || number < 1) {
    throw new UsageError(`${flag} must be a positive whole number (got "${value}")`);
  }
  return number;
}

function positiveNumber(flag: string, value: string): number {
  const number = Number(value);
  if (value.trim() === "" || !Number.isFinite(number) || number <= 0)
    throw new UsageError(`${flag} must be a positive number (got "${value}")`);
  return number;
}

function jsonObject(flag: string, value: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch (error) {
    throw new UsageError(`${flag} must be a JSON Schema object: ${(error as Error).message}`);
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
    throw new UsageError(`${flag} must be a JSON Schema object (got ${JSON.stringify(value).slice(0, 80)})`);
  return parsed as Record<string, unknown>;
}

function nonEmpty(flag: string, value: string): string {
  if (value.trim() === "") throw new UsageError(`${flag} needs a value`);
  return value;
}
