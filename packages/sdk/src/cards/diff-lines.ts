/** The kind of a unified diff line, for its colour. */
export type DiffLineKind = "header" | "hunk" | "add" | "remove" | "context" | "note";

/** What a line of a unified diff is: a file header, a hunk header, an added, removed or context line. */
export function diffLineKind(line: string): DiffLineKind {
  if (line.startsWith("+++ ") || line.startsWith("--- ")) return "header";
  if (line.startsWith("@@")) return "hunk";
  if (line.startsWith("+")) return "add";
  if (line.startsWith("-")) return "remove";
  if (line.startsWith("\\")) return "note";
  return "context";
}
