/** A `/name key=value …` line typed in the composer. */
export interface WorkflowCommand {
  name: string;
  inputs: Record<string, string>;
}

const COMMAND = /^\/([a-z0-9][a-z0-9_-]*)(?:\s+([\s\S]*))?$/;
const ARGUMENT = /([A-Za-z_][A-Za-z0-9_-]*)=(?:"((?:[^"\\]|\\.)*)"|'([^']*)'|(\S*))/g;

/**
 * Reads `/release version=1.2 notes="two words"` as the workflow `release` with its inputs (values stay
 * strings; the server converts them to the declared types). Anything that is not `key=value` makes the
 * line a message, not a command: undefined.
 */
export function parseWorkflowCommand(text: string): WorkflowCommand | undefined {
  const match = COMMAND.exec(text.trim());
  if (match?.[1] === undefined) return undefined;
  const rest = (match[2] ?? "").trim();
  const inputs: Record<string, string> = {};
  let consumed = "";
  for (const argument of rest.matchAll(ARGUMENT)) {
    const [whole, key, doubleQuoted, singleQuoted, bare] = argument;
    inputs[key as string] = doubleQuoted?.replace(/\\(.)/g, "$1") ?? singleQuoted ?? bare ?? "";
    consumed += whole;
  }
  if (rest.replace(/\s+/g, "") !== consumed.replace(/\s+/g, "")) return undefined;
  return { name: match[1], inputs };
}
