import { posix } from "node:path";

/**
 * The `@path` imports an instruction file makes, in order, at most `limit` of them, as Claude Code reads them
 * in a CLAUDE.md: an `@` at the start of a line or after whitespace, up to the next whitespace or control
 * character (`\ ` for a space in a name), never inside a code block or a code span. Punctuation that ends a
 * sentence is not part of the path. Linear in the text: a repository's file is hostile input.
 */
export function instructionImports(text: string, limit = Number.POSITIVE_INFINITY): string[] {
  const imports = new Set<string>();
  // Control characters end a path, so none reaches a terminal in a warning that names it.
  for (const match of proseOf(text).matchAll(/(?:^|\s)@((?:[^\s\\\p{Cc}]|\\ )+)/gu)) {
    if (imports.size === limit) break;
    const path = withoutClosingPunctuation((match[1] as string).replace(/\\ /g, " "));
    if (path !== "") imports.add(path);
  }
  return [...imports];
}

const CLOSING_PUNCTUATION = new Set([..."\".,;:!?)]}'"]);

/** `path` without the punctuation that ends its sentence (walked back by hand: a regex anchored at the end is quadratic). */
function withoutClosingPunctuation(path: string): string {
  let end = path.length;
  while (end > 0 && CLOSING_PUNCTUATION.has(path[end - 1] as string)) end--;
  return path.slice(0, end);
}

/**
 * The text with code blanked out: fenced blocks (closed by a line of at least as many of the fence's
 * character and nothing else), indented blocks (four spaces or a tab, after a blank line), code spans.
 * Fences inside list items and block quotes are read as prose.
 */
function proseOf(text: string): string {
  const lines: string[] = [];
  let fence: { char: string; length: number } | undefined;
  let previousBlank = true;
  let indentedCode = false;
  for (const line of text.split("\n")) {
    const blank = line.trim() === "";
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence !== undefined) {
      const closes =
        marker !== undefined &&
        marker[0] === fence.char &&
        marker.length >= fence.length &&
        line.slice(line.indexOf(marker) + marker.length).trim() === "";
      if (closes) fence = undefined;
    } else if (marker !== undefined) {
      fence = { char: marker[0] as string, length: marker.length };
    } else if (!blank && /^( {4}|\t)/.test(line) && (previousBlank || indentedCode)) {
      indentedCode = true;
    } else {
      if (!blank) indentedCode = false;
      lines.push(withoutCodeSpans(line));
    }
    previousBlank = blank;
  }
  return lines.join("\n");
}

/**
 * `line` with each code span blanked: as CommonMark reads them, a run of backticks up to the next run of
 * exactly as many (a run with no such partner is text). One pass per opening run, so a hostile line of
 * thousands of unmatched runs costs milliseconds.
 */
function withoutCodeSpans(line: string): string {
  let text = "";
  let at = 0;
  while (at < line.length) {
    const open = line.indexOf("`", at);
    if (open === -1) return text + line.slice(at);
    const afterOpen = runEnd(line, open);
    let close = -1;
    for (let next = line.indexOf("`", afterOpen); next !== -1; ) {
      const end = runEnd(line, next);
      if (end - next === afterOpen - open) {
        close = end;
        break;
      }
      next = line.indexOf("`", end);
    }
    if (close === -1) {
      // No closing run: the backticks are text.
      text += line.slice(at, afterOpen);
      at = afterOpen;
    } else {
      text += `${line.slice(at, open)} `;
      at = close;
    }
  }
  return text;
}

/** Where the run of backticks starting at `start` ends. */
function runEnd(line: string, start: number): number {
  let end = start;
  while (line[end] === "`") end++;
  return end;
}

/** Where an import points. */
export type ImportTarget = { inside: string } | { outside: string };

/**
 * An import written in the file at project-relative `from`, as a project-relative path (posix), or
 * `outside` when it leaves the project: a home path (`~/…`), an absolute path elsewhere, `..` past the root.
 */
export function importTarget(projectRoot: string, from: string, written: string): ImportTarget {
  if (written.startsWith("~")) return { outside: written };
  if (posix.isAbsolute(written)) {
    const relative = posix.relative(projectRoot, posix.normalize(written));
    return relative === "" || relative.startsWith("..") || posix.isAbsolute(relative)
      ? { outside: written }
      : { inside: relative };
  }
  const joined = posix.normalize(posix.join(posix.dirname(from), written));
  return joined === ".." || joined.startsWith("../") ? { outside: written } : { inside: joined };
}
