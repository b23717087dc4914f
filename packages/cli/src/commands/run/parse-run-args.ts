import { parseArgs } from "node:util";
import { PERMISSION_MODES, type PermissionMode } from "@parley/protocol";
import { UsageError } from "../../usage-error.ts";

/** How `parley run` prints the turn: the answer, the `result` object, or every SDK message as NDJSON. */
export type OutputFormat = "text" | "json" | "stream-json";
/** What stdin carries: nothing special, or (later) SDK user messages and control requests as NDJSON. */
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
} as const;

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
