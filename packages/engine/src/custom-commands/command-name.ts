/** One part of a command's name: letters, digits, `.`, `_` and `-`, not starting with a dot. */
const NAME_PART = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/** Longest name accepted, so a listing and a typed command stay readable. */
const MAX_NAME_LENGTH = 100;

/**
 * The command name of a file found at `parts` below its folder (`["frontend", "component.md"]` is
 * `frontend:component`, Claude Code's namespacing), or why the file has no valid name.
 */
export function commandNameOf(parts: readonly string[]): { name: string } | { reason: string } {
  const names = [...parts];
  names[names.length - 1] = (names.at(-1) ?? "").replace(/\.md$/i, "");
  if (!names.every((part) => NAME_PART.test(part)))
    return { reason: "its name may only use letters, digits, '.', '_' and '-'" };
  const name = names.join(":");
  // `mcp__server__prompt` is how an MCP server's prompt is named: a file must not stand in for one.
  if (name.startsWith("mcp__")) return { reason: "names starting with mcp__ are the MCP servers' prompts" };
  if (name.length > MAX_NAME_LENGTH)
    return { reason: `its name is longer than ${MAX_NAME_LENGTH} characters` };
  return { name };
}

/** Whether `name` could be a custom command's name (what a typed `/name` is checked against). */
export function isCommandName(name: string): boolean {
  return name.length <= MAX_NAME_LENGTH && name.split(":").every((part) => NAME_PART.test(part));
}
