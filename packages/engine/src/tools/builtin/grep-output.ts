/** What `Grep` prints: matching file paths, matching lines, or match counts per file. */
export type GrepOutputMode = "files_with_matches" | "content" | "count";

/** Lines of output are cut to this many characters. */
const MAX_OUTPUT_LINE_CHARS = 2000;

/** One line `Grep` shows in content mode: a match or a context line, 1-based. */
export interface GrepLine {
  number: number;
  text: string;
  match: boolean;
}

/** What one file contributed: its path, how many lines matched, and (content mode) the lines to show. */
export interface GrepFileMatches {
  path: string;
  count: number;
  lines: GrepLine[];
}

/** A file's text as `Grep` matches it: split at `\n` or `\r\n`, without the empty line after a final newline. */
export function splitLines(text: string): string[] {
  const lines = text.split(/\r?\n/);
  if (lines.at(-1) === "") lines.pop();
  return lines;
}

/**
 * The matching lines of `lines` with `before`/`after` lines of context, overlapping windows merged, in
 * file order; `count` is the number of matching lines.
 */
export function matchingLines(
  lines: readonly string[],
  regex: RegExp,
  options: { before: number; after: number; maxMatchedChars: number },
): { count: number; shown: GrepLine[] } {
  const matched: number[] = [];
  for (const [index, line] of lines.entries()) {
    const tested = line.length > options.maxMatchedChars ? line.slice(0, options.maxMatchedChars) : line;
    if (regex.test(tested)) matched.push(index);
  }
  return { count: matched.length, shown: linesAround(lines, matched, options) };
}

/**
 * The lines to show for the matching line indexes `matched` (ascending): each with `before`/`after` lines of
 * context, overlapping windows merged, in file order.
 */
export function linesAround(
  lines: readonly string[],
  matched: readonly number[],
  options: { before: number; after: number },
): GrepLine[] {
  const shown = new Map<number, boolean>();
  for (const index of matched) {
    for (let around = index - options.before; around <= index + options.after; around++) {
      if (around >= 0 && around < lines.length && !shown.get(around)) shown.set(around, around === index);
    }
  }
  const numbers = [...shown.keys()].sort((left, right) => left - right);
  return numbers.map((index) => ({
    number: index + 1,
    text: lines[index] as string,
    match: shown.get(index) === true,
  }));
}

/**
 * The text of a search's results: paths (`files_with_matches`), `path:count` (`count`) or ripgrep-style
 * `path:line:text` matches and `path-line-text` context, `--` between groups when showing context
 * (`content`), cut after `headLimit` lines.
 */
export function formatGrepResults(
  files: readonly GrepFileMatches[],
  options: { mode: GrepOutputMode; lineNumbers: boolean; headLimit: number; withContext: boolean },
): { text: string; truncated: boolean } {
  if (files.length === 0) return { text: "No matches found.", truncated: false };
  let out: string[];
  if (options.mode === "files_with_matches") out = files.map((file) => file.path);
  else if (options.mode === "count") out = files.map((file) => `${file.path}:${file.count}`);
  else {
    out = [];
    for (const file of files) {
      let previous: number | undefined;
      for (const line of file.lines) {
        const newGroup = previous === undefined || line.number !== previous + 1;
        if (options.withContext && out.length > 0 && newGroup) out.push("--");
        const separator = line.match ? ":" : "-";
        const number = options.lineNumbers ? `${line.number}${separator}` : "";
        const text =
          line.text.length > MAX_OUTPUT_LINE_CHARS
            ? `${line.text.slice(0, MAX_OUTPUT_LINE_CHARS)}…`
            : line.text;
        out.push(`${file.path}${separator}${number}${text}`);
        previous = line.number;
      }
    }
  }
  if (out.length <= options.headLimit) return { text: out.join("\n"), truncated: false };
  const rest = out.length - options.headLimit;
  return {
    text: [
      ...out.slice(0, options.headLimit),
      `[${rest} more lines not shown; raise head_limit or narrow the search.]`,
    ].join("\n"),
    truncated: true,
  };
}
