import { parseArgs } from "node:util";
import { PERMISSION_MODES, type PermissionMode } from "@parley/protocol";
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
  /** `--tools a,b`: only these built-in tools (`default` for all). */
  tools?: string[];
  /** `--mcp-config` values (files or JSON), for the MCP servers Parley reports. */
  mcpConfig?: string[];
  /** `--strict-mcp-config`: only the `--mcp-config` servers, not those of mcp.json and .mcp.json. */
  strictMcpConfig: boolean;
  /** Flags accepted for compatibility that Parley does not act on yet, as given (reported once). */
  unsupported: string[];
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
  // Accepted so the official SDK can start Parley; reported once on stderr, since Parley does not act on them.
  // Without it, the user's mcp.json and the project's approved .mcp.json servers start too.
  "strict-mcp-config": { type: "boolean" },
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

/** Flags Parley accepts for compatibility and does not act on (yet); each is reported once on stderr. */
const UNSUPPORTED_FLAGS = [
  "setting-sources",
  "add-dir",
  "max-thinking-tokens",
  "thinking",
  "thinking-display",
  "effort",
  "max-budget-usd",
  "task-budget",
  "agent",
  "betas",
  "json-schema",
  "debug",
  "debug-file",
  "debug-to-stderr",
  "permission-prompts",
  "allow-dangerously-skip-permissions",
  "dangerously-skip-permissions",
  "include-hook-events",
  "no-session-persistence",
  "resume-session-at",
  "resume-drops-turn",
  "session-mirror",
  "project-config-root",
  "await-initialize",
  "initialize-fields",
  "managed-settings",
  "managed-settings-in-initialize",
  "plugin-dir",
  "plugin-dir-no-mcp",
  "channels",
  "settings",
  "sdk-url",
  "hard-fail",
  "porcelain",
  "no-optional-locks",
] as const;

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
  const outputFormat = oneOf("--output-format", values["output-format"] ?? "text", OUTPUT_FORMATS);
  const inputFormat = oneOf("--input-format", values["input-format"] ?? "text", INPUT_FORMATS);
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
    ...(values["permission-mode"] !== undefined && {
      permissionMode: permissionMode(values["permission-mode"]),
    }),
    ...(allowedTools.length > 0 && { allowedTools }),
    ...(disallowedTools.length > 0 && { disallowedTools }),
    ...(values["permission-prompt-tool"] !== undefined && {
      permissionPromptTool: nonEmpty("--permission-prompt-tool", values["permission-prompt-tool"]),
    }),
    ...(values.resume !== undefined && { resume: nonEmpty("--resume", values.resume) }),
    continueLatest: values.continue ?? false,
    forkSession: values["fork-session"] ?? false,
    ...(values["session-id"] !== undefined && { sessionId: nonEmpty("--session-id", values["session-id"]) }),
    ...(values["append-system-prompt"] !== undefined && {
      appendSystemPrompt: values["append-system-prompt"],
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
    unsupported: UNSUPPORTED_FLAGS.filter(
      (flag) => (values as Record<string, unknown>)[flag] !== undefined,
    ).map((flag) => `--${flag}`),
    help: values.help ?? false,
  };
}

function oneOf<T extends string>(flag: string, value: string, allowed: readonly T[]): T {
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new UsageError(`${flag} must be one of ${allowed.join(", ")} (got "${value}")`);
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

function nonEmpty(flag: string, value: string): string {
  if (value.trim() === "") throw new UsageError(`${flag} needs a value`);
  return value;
}
