import { splitCommandArguments } from "./command-arguments.ts";
import { isCommandName } from "./command-name.ts";
import type { CustomCommand } from "./custom-command.ts";

/** A message that types a command: `/name` and the text after it. */
export interface TypedCommand {
  name: string;
  arguments: string;
}

// `$ARGUMENTS[n]` (0-based), `$ARGUMENTS`, and a positional `$n`, in one pass so an argument's own `$1` stays.
const PLACEHOLDER = /\$ARGUMENTS\[(\d+)\]|\$ARGUMENTS|\$(\d+)(?!\w)/g;

/** The command a message types (`/review-pr 123`), or undefined when it does not start with a valid `/name`. */
export function typedCommand(text: string): TypedCommand | undefined {
  const found = /^\s*\/([^\s/]+)(?:[ \t]+|\r?\n|$)([\s\S]*)$/.exec(text);
  if (found === null || !isCommandName(found[1] as string)) return undefined;
  return { name: found[1] as string, arguments: (found[2] ?? "").trim() };
}

/**
 * A command's prompt with `args` filled in: `$ARGUMENTS` is the text as typed, `$ARGUMENTS[n]` and `$n` its
 * words (quotes keep spaces). Claude Code counts `$0` as the first word; OpenCode, Codex and Parley's own
 * files count from `$1`. A word not given is empty. When the body has no placeholder, the text is appended
 * as `ARGUMENTS: …`, as Claude Code does, so what the person typed is never lost. A skill's preamble goes
 * first, as written.
 */
export function expandCustomCommand(
  command: Pick<CustomCommand, "body" | "origin" | "preamble">,
  args: string,
): string {
  const words = splitCommandArguments(args);
  const first = command.origin === "claude" ? 0 : 1;
  let replaced = false;
  const body = command.body.replace(PLACEHOLDER, (whole, indexed?: string, positional?: string) => {
    if (indexed !== undefined) {
      replaced = true;
      return words[Number(indexed)] ?? "";
    }
    if (positional === undefined) {
      replaced = true;
      return args;
    }
    const index = Number(positional) - first;
    if (index < 0) return whole;
    replaced = true;
    return words[index] ?? "";
  });
  const filled = replaced || args === "" ? body : `${body.trimEnd()}\n\nARGUMENTS: ${args}`;
  return command.preamble === undefined ? filled : `${command.preamble}\n\n${filled}`;
}

/**
 * The prompt a message stands for: a typed custom command's filled-in body, or undefined when the message
 * names no command in `commands`.
 */
export function expandTypedCommand(text: string, commands: readonly CustomCommand[]): string | undefined {
  const typed = typedCommand(text);
  if (typed === undefined) return undefined;
  const command = commands.find((candidate) => candidate.name === typed.name);
  return command === undefined ? undefined : expandCustomCommand(command, typed.arguments);
}
