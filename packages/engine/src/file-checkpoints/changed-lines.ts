/** Past this many differing lines a rewind's figures count whole files instead of matching lines. */
const MAX_EDIT_LENGTH = 10_000;

/**
 * Lines added and removed turning `from` into `to`, as a line diff counts them (a rewind's summary). The diff
 * library loads on the first rewind, not with every `parley run`.
 */
export async function countChangedLines(
  from: string,
  to: string,
): Promise<{ insertions: number; deletions: number }> {
  const { diffLines } = await import("diff");
  const changes = diffLines(from, to, { maxEditLength: MAX_EDIT_LENGTH });
  if (changes === undefined) return { insertions: lineCount(to), deletions: lineCount(from) };
  let insertions = 0;
  let deletions = 0;
  for (const change of changes) {
    if (change.added) insertions += change.count;
    else if (change.removed) deletions += change.count;
  }
  return { insertions, deletions };
}

function lineCount(text: string): number {
  if (text === "") return 0;
  const breaks = text.split("\n").length - 1;
  return text.endsWith("\n") ? breaks : breaks + 1;
}
