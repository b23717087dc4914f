/**
 * Lines added and removed turning `from` into `to`, for a rewind's summary: each line of one side not matched
 * by an equal line of the other (a multiset of lines, so moved lines count as kept). Linear in the files'
 * size, where a line diff of two large, very different files can take many seconds: a repository's files
 * must not stall the process.
 */
export function countChangedLines(from: string, to: string): { insertions: number; deletions: number } {
  const left = new Map<string, number>();
  for (const line of linesOf(from)) left.set(line, (left.get(line) ?? 0) + 1);
  let insertions = 0;
  for (const line of linesOf(to)) {
    const count = left.get(line) ?? 0;
    if (count > 0) left.set(line, count - 1);
    else insertions += 1;
  }
  let deletions = 0;
  for (const count of left.values()) deletions += count;
  return { insertions, deletions };
}

function linesOf(text: string): string[] {
  if (text === "") return [];
  const lines = text.split("\n");
  if (lines.at(-1) === "") lines.pop();
  return lines;
}
