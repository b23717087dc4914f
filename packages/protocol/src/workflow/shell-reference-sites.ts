/**
 * Where a `${{ … }}` reference sits in a shell command, which decides how its value is quoted there:
 * `word` (outside quotes, also inside `$( … )`), inside `'…'`, or inside `"…"`.
 */
export type ShellQuoteContext = "word" | "single" | "double";

/** One `${{ … }}` of a shell command: its place in the text and the quoting around it. */
export interface ShellReferenceSite {
  start: number;
  end: number;
  text: string;
  context: ShellQuoteContext;
}

/** A `${{ … }}` placed where no quoting can keep its value one literal (a comment, backticks …). */
export interface ShellReferenceProblem {
  text: string;
  message: string;
}

type Frame =
  | { kind: "word"; substitution: boolean; depth: number }
  | { kind: "single" | "double" | "backtick" | "parameter" | "comment" };

const PLACEHOLDER_AT = /\$\{\{\s*.*?\s*\}\}/y;
const WORD_BREAK = /[\s;&|()<>]/;

/**
 * Reads a POSIX `sh` command (a workflow's `run:`) far enough to know the quoting around each `${{ … }}`,
 * without running or expanding anything. References inside backticks, `${ … }`, comments, here-documents
 * or right after a `$` are problems: no quoting keeps a value literal there.
 */
export function shellReferenceSites(command: string): {
  sites: ShellReferenceSite[];
  problems: ShellReferenceProblem[];
} {
  const sites: ShellReferenceSite[] = [];
  const problems: ShellReferenceProblem[] = [];
  const stack: Frame[] = [{ kind: "word", substitution: false, depth: 0 }];
  const hereDocuments: { delimiter: string; stripTabs: boolean }[] = [];
  let wordStart = true;
  let index = 0;
  while (index < command.length) {
    const frame = stack.at(-1) as Frame;
    PLACEHOLDER_AT.lastIndex = index;
    const placeholder = PLACEHOLDER_AT.exec(command);
    if (placeholder !== null) {
      const text = placeholder[0];
      const problem = placementProblem(frame, command[index - 1]);
      if (problem === undefined)
        sites.push({ start: index, end: index + text.length, text, context: contextOf(frame) });
      else problems.push({ text, message: `${text} sits ${problem}` });
      index += text.length;
      wordStart = false;
      continue;
    }
    const char = command[index] as string;
    const two = command.slice(index, index + 2);
    switch (frame.kind) {
      case "single":
        if (char === "'") stack.pop();
        break;
      case "double":
        if (char === "\\") index += 1;
        else if (char === '"') stack.pop();
        else if (two === "$(") {
          stack.push({ kind: "word", substitution: true, depth: 0 });
          index += 1;
          wordStart = true;
        } else if (two === "${") {
          stack.push({ kind: "parameter" });
          index += 1;
        } else if (char === "`") stack.push({ kind: "backtick" });
        break;
      case "backtick":
        if (char === "\\") index += 1;
        else if (char === "`") stack.pop();
        break;
      case "parameter":
        if (char === "}") stack.pop();
        break;
      case "comment":
        if (char === "\n") {
          stack.pop();
          index = skipHereDocuments(command, index, hereDocuments, problems);
          wordStart = true;
        }
        break;
      case "word": {
        if (char === "\\") index += 1;
        else if (char === "'") stack.push({ kind: "single" });
        else if (char === '"') stack.push({ kind: "double" });
        else if (char === "`") stack.push({ kind: "backtick" });
        else if (two === "$(") {
          stack.push({ kind: "word", substitution: true, depth: 0 });
          index += 1;
        } else if (two === "${") {
          stack.push({ kind: "parameter" });
          index += 1;
        } else if (char === "#" && wordStart) stack.push({ kind: "comment" });
        else if (two === "<<" && command[index + 2] !== "<") {
          const read = readHereDocumentDelimiter(command, index + 2);
          if (read.delimiter !== "") hereDocuments.push(read);
          index = read.end - 1;
        } else if (char === "\n") {
          index = skipHereDocuments(command, index, hereDocuments, problems);
        } else if (char === "(" && frame.substitution) frame.depth += 1;
        else if (char === ")" && frame.substitution) {
          if (frame.depth === 0) stack.pop();
          else frame.depth -= 1;
        }
        wordStart = WORD_BREAK.test(char);
        break;
      }
    }
    index += 1;
  }
  return { sites, problems };
}

/**
 * `value` written so that the shell reads it back as exactly that text, never as syntax, at a place
 * quoted as `context`: a word of its own in single quotes, or escaped inside the quotes already there.
 */
export function quoteForShell(value: string, context: ShellQuoteContext): string {
  switch (context) {
    case "word":
      return `'${value.replaceAll("'", `'\\''`)}'`;
    case "single":
      return value.replaceAll("'", `'\\''`);
    case "double":
      return value.replace(/[\\"$`]/g, "\\$&");
  }
}

function contextOf(frame: Frame): ShellQuoteContext {
  if (frame.kind === "single") return "single";
  if (frame.kind === "double") return "double";
  return "word";
}

function placementProblem(frame: Frame, before: string | undefined): string | undefined {
  switch (frame.kind) {
    case "backtick":
      return "inside backticks, where no quoting keeps a value literal: use $( … ) instead";
    case "parameter":
      // biome-ignore lint/suspicious/noTemplateCurlyInString: shell parameter syntax, not a template
      return "inside ${ … }, where no quoting keeps a value literal: pass it as a word of its own";
    case "comment":
      return "in a shell comment, which a value with a line break would end";
    case "word":
      return before === "$" ? "right after a $, which would make its value shell syntax" : undefined;
    default:
      return undefined;
  }
}

/** Reads the delimiter after `<<` (or `<<-`), quotes removed; `end` is just past it. */
function readHereDocumentDelimiter(
  command: string,
  start: number,
): { delimiter: string; stripTabs: boolean; end: number } {
  let index = start;
  const stripTabs = command[index] === "-";
  if (stripTabs) index += 1;
  while (command[index] === " " || command[index] === "\t") index += 1;
  let delimiter = "";
  while (index < command.length && !WORD_BREAK.test(command[index] as string)) {
    const char = command[index] as string;
    if (char !== "'" && char !== '"' && char !== "\\") delimiter += char;
    index += 1;
  }
  return { delimiter, stripTabs, end: index };
}

/**
 * At the newline that ends a line with `<<` operators: skips their bodies, reporting each `${{ … }}` in
 * one (a value there is text the shell may expand, and a line of it could end the document early).
 * Returns the index of the last newline consumed.
 */
function skipHereDocuments(
  command: string,
  newline: number,
  hereDocuments: { delimiter: string; stripTabs: boolean }[],
  problems: ShellReferenceProblem[],
): number {
  let index = newline;
  for (const document of hereDocuments.splice(0)) {
    for (;;) {
      const next = command.indexOf("\n", index + 1);
      const end = next < 0 ? command.length : next;
      const line = command.slice(index + 1, end);
      index = end;
      const bare = document.stripTabs ? line.replace(/^\t+/, "") : line;
      if (bare === document.delimiter) break;
      for (const match of line.matchAll(/\$\{\{\s*.*?\s*\}\}/g))
        problems.push({
          text: match[0],
          message: `${match[0]} sits in a here-document, where no quoting keeps a value literal: pass it as an argument instead`,
        });
      if (next < 0) break;
    }
  }
  return index;
}
