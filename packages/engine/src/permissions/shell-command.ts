/** A redirection of a simple command: its operator (`>`, `2>>`, `<`, `>&` …) and target word. */
export interface ShellRedirect {
  operator: string;
  target: string;
}

/** One simple command: its words (quotes removed), redirections and leading `NAME=value` assignments. */
export interface SimpleShellCommand {
  words: string[];
  redirects: ShellRedirect[];
  assignments: string[];
}

/**
 * What a shell command line does, as far as a permission rule needs to know: the simple commands in it
 * (split at `;`, `&&`, `||`, `|`, `&` and newlines), the operators that chain them, and every construct
 * that no rule can see through. Allow rules look at each command on its own, and only when `complexities`
 * is empty.
 */
export interface ShellCommandAnalysis {
  commands: SimpleShellCommand[];
  /** The operators that chain the commands (`;`, `&&`, `||`, `|`, a newline), in order. */
  separators: string[];
  /** What no rule can see through (substitutions, expansions, background jobs …), in words. */
  complexities: string[];
}

/** True when the line is exactly one simple command with nothing that could run or expand something else. */
export function isPlainCommand(analysis: ShellCommandAnalysis): boolean {
  return analysis.complexities.length === 0 && analysis.commands.length === 1;
}

const EXPANSION_START = /[A-Za-z_{0-9@*#?$!-]/;
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

/**
 * Tokenizes a POSIX `sh` command line (quotes, escapes, operators, redirections) without running or
 * expanding anything. Anything it does not fully understand is reported in `complexities`, so callers fail
 * closed: command and process substitution, variable, tilde and wildcard expansion, subshells, brace
 * groups, comments, here-documents, control characters and unbalanced quotes.
 */
export function analyzeShellCommand(line: string): ShellCommandAnalysis {
  const complexities = new Set<string>();
  const separators: string[] = [];
  const commands: SimpleShellCommand[] = [];
  let command: SimpleShellCommand = { words: [], redirects: [], assignments: [] };
  let word = "";
  let inWord = false;
  let quotedAt: number | undefined;
  let pendingRedirect: string | undefined;

  const finishWord = () => {
    if (!inWord) return;
    if (pendingRedirect !== undefined) {
      command.redirects.push({ operator: pendingRedirect, target: word });
      pendingRedirect = undefined;
    } else if (
      command.words.length === 0 &&
      ASSIGNMENT.test(word) &&
      (quotedAt === undefined || quotedAt > word.indexOf("="))
    ) {
      command.assignments.push(word);
      complexities.add("sets environment variables for the command");
    } else command.words.push(word);
    word = "";
    inWord = false;
    quotedAt = undefined;
  };
  const finishCommand = (separator: string | undefined, why?: string) => {
    finishWord();
    if (pendingRedirect !== undefined) complexities.add("a redirection has no target");
    pendingRedirect = undefined;
    if (command.words.length > 0 || command.redirects.length > 0 || command.assignments.length > 0) {
      commands.push(command);
    }
    command = { words: [], redirects: [], assignments: [] };
    if (separator !== undefined) separators.push(separator);
    if (why) complexities.add(why);
  };
  const append = (text: string, quoted: boolean) => {
    if (quoted && quotedAt === undefined) quotedAt = word.length;
    word += text;
    inWord = true;
  };

  for (let index = 0; index < line.length; index++) {
    const char = line[index] as string;
    const next = line[index + 1];
    if (char === "'") {
      const end = line.indexOf("'", index + 1);
      if (end < 0) {
        complexities.add("a quote is not closed");
        append(line.slice(index + 1), true);
        break;
      }
      append(line.slice(index + 1, end), true);
      index = end;
    } else if (char === '"') {
      const end = readDoubleQuoted(line, index + 1, complexities);
      append(end.text, true);
      if (end.index < 0) break;
      index = end.index;
    } else if (char === "\\") {
      if (next === undefined) complexities.add("the line ends with a backslash");
      else if (next === "\n") complexities.add("a line continuation");
      else append(next, true);
      index += 1;
    } else if (char === " " || char === "\t") {
      finishWord();
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && next === "\n") index += 1;
      finishCommand("newline");
    } else if (char === ";") {
      finishCommand(";");
    } else if (char === "&") {
      if (next === "&") index += 1;
      if (next === "&") finishCommand("&&");
      else finishCommand(undefined, "'&' leaves a command running in the background");
    } else if (char === "|") {
      if (next === "|" || next === "&") index += 1;
      finishCommand(next === "|" ? "||" : "|");
    } else if (char === "(" || char === ")") {
      finishCommand(undefined, "a subshell '( … )'");
    } else if (char === "`") {
      complexities.add("command substitution with backticks");
      const end = line.indexOf("`", index + 1);
      append(line.slice(index, end < 0 ? line.length : end + 1), false);
      if (end < 0) break;
      index = end;
    } else if (char === "$" && next !== undefined && (next === "(" || EXPANSION_START.test(next))) {
      complexities.add(next === "(" ? "command substitution $( … )" : "variable expansion");
      append(char, false);
    } else if (char === "<" || char === ">") {
      const operator = readRedirectOperator(line, index);
      if (operator.endsWith("(")) complexities.add("process substitution");
      if (operator.startsWith("<<")) complexities.add("a here-document or here-string");
      const fd = inWord && quotedAt === undefined && /^\d+$/.test(word) ? word : "";
      if (fd) {
        word = "";
        inWord = false;
      } else finishWord();
      if (pendingRedirect !== undefined) complexities.add("a redirection has no target");
      pendingRedirect = fd + operator;
      index += operator.length - 1;
    } else if (char === "*" || char === "?" || char === "[") {
      complexities.add("wildcard expansion");
      append(char, false);
    } else if (char === "~" && !inWord) {
      complexities.add("home directory expansion '~'");
      append(char, false);
    } else if (char === "#" && !inWord) {
      complexities.add("a comment");
      const end = line.indexOf("\n", index);
      index = (end < 0 ? line.length : end) - 1;
    } else if (char === "{" || char === "}") {
      complexities.add("a brace group or expansion");
      append(char, false);
    } else if (char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f) {
      complexities.add("a control character");
      append(char, false);
    } else {
      append(char, false);
    }
  }
  finishCommand(undefined);
  if (commands.length === 0) complexities.add("there is no command");
  return { commands, separators, complexities: [...complexities] };
}

function readDoubleQuoted(
  line: string,
  start: number,
  complexities: Set<string>,
): { text: string; index: number } {
  let text = "";
  for (let index = start; index < line.length; index++) {
    const char = line[index] as string;
    const next = line[index + 1];
    if (char === '"') return { text, index };
    if (char === "\\" && next !== undefined && '$`"\\\n'.includes(next)) {
      if (next === "\n") complexities.add("a line continuation");
      else text += next;
      index += 1;
    } else if (char === "`") {
      complexities.add("command substitution with backticks");
      text += char;
    } else if (char === "$" && next !== undefined && (next === "(" || EXPANSION_START.test(next))) {
      complexities.add(next === "(" ? "command substitution $( … )" : "variable expansion");
      text += char;
    } else {
      if (char.charCodeAt(0) < 0x20 && char !== "\t") complexities.add("a control character");
      text += char;
    }
  }
  complexities.add("a quote is not closed");
  return { text, index: -1 };
}

const REDIRECT_OPERATORS = ["<<<", "<<-", "<<", "<>", "<&", "<(", ">>", ">|", ">&", ">(", "<", ">"];

function readRedirectOperator(line: string, index: number): string {
  for (const operator of REDIRECT_OPERATORS) {
    if (line.startsWith(operator, index)) return operator;
  }
  return line[index] as string;
}

/** Whether a redirection duplicates or closes a file descriptor (`2>&1`, `>&-`) instead of naming a file. */
export function isDescriptorRedirect(redirect: ShellRedirect): boolean {
  return /[<>]&$/.test(redirect.operator) && /^(?:\d+|-)$/.test(redirect.target);
}

/** Whether a redirection writes to its target (as opposed to reading it). */
export function isOutputRedirect(redirect: ShellRedirect): boolean {
  return redirect.operator.includes(">");
}
