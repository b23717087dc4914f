import type { SimpleShellCommand } from "./shell-command.ts";

/** A path a well-known program is given as an argument, and whether the program reads or changes it. */
export interface ArgumentPath {
  path: string;
  intent: "read" | "write";
}

/** Programs whose every operand is a file or folder they read (Claude Code checks the same kind of list). */
const READERS = new Set([
  "cat",
  "head",
  "tail",
  "less",
  "more",
  "nl",
  "wc",
  "sort",
  "uniq",
  "cut",
  "diff",
  "cmp",
  "file",
  "stat",
  "ls",
  "tree",
  "du",
  "od",
  "xxd",
  "hexdump",
  "strings",
  "base64",
  "md5sum",
  "sha1sum",
  "sha256sum",
  "sha512sum",
  "realpath",
  "readlink",
]);

/** Programs whose every operand is a file or folder they create, change or remove. */
const WRITERS = new Set(["rm", "rmdir", "touch", "mkdir", "tee", "truncate", "mv", "cp", "ln", "shred"]);

/** Programs whose first operand is not a path (a pattern, a script, a mode, an owner) and the rest are. */
const FIRST_OPERAND_NOT_A_PATH: Record<string, "read" | "write"> = {
  grep: "read",
  egrep: "read",
  fgrep: "read",
  rg: "read",
  chmod: "write",
  chown: "write",
  chgrp: "write",
};

/** Options after which a search program's pattern was given, so its first operand is a path too. */
const PATTERN_OPTIONS = new Set(["-e", "-f", "--regexp", "--file"]);

/**
 * The paths a command of a well-known program names as operands (`cat notes.md`, `rm -r build`, `grep -r x
 * src`, `find src -name x`, `sed -i s/a/b/ file`), each with whether the program reads or changes it, so
 * rules about files apply to a shell line as to the file tools. Options are skipped (after `--` every word is
 * an operand; a lone `-` is standard input). An option's value given as its own word (`head -n 5 f`) is taken
 * for a path: that can only make the line ask where it need not, never let a path through. Programs not
 * listed yield nothing: what their words mean is not known.
 */
export function argumentPaths(command: SimpleShellCommand): ArgumentPath[] {
  const [word, ...rest] = command.words;
  const program = word?.split("/").at(-1) ?? "";
  if (program === "find") return findPaths(rest);
  if (program === "sed") return sedPaths(rest);
  const operands = operandsOf(rest);
  if (READERS.has(program)) return operands.map((path) => ({ path, intent: "read" }));
  if (WRITERS.has(program)) return operands.map((path) => ({ path, intent: "write" }));
  const intent = FIRST_OPERAND_NOT_A_PATH[program];
  if (intent === undefined) return [];
  const patternGiven =
    intent === "read" && rest.some((part) => PATTERN_OPTIONS.has(part.split("=")[0] ?? ""));
  return (patternGiven ? operands : operands.slice(1)).map((path) => ({ path, intent }));
}

function operandsOf(words: readonly string[]): string[] {
  const operands: string[] = [];
  let optionsEnded = false;
  for (const word of words) {
    if (!optionsEnded && word === "--") optionsEnded = true;
    else if (optionsEnded || !word.startsWith("-") || word === "-") {
      if (word !== "-") operands.push(word);
    }
  }
  return operands;
}

/** `find`'s starting points: the words before its first expression (`-name`, `(`, `!`). */
function findPaths(words: readonly string[]): ArgumentPath[] {
  const paths: ArgumentPath[] = [];
  for (const word of words) {
    if (word.startsWith("-") || word === "(" || word === "!") break;
    paths.push({ path: word, intent: "read" });
  }
  return paths;
}

/** `sed`'s files: every operand after its script (unless `-e`/`-f` gave it); `-i` edits them in place. */
function sedPaths(words: readonly string[]): ArgumentPath[] {
  const operands = operandsOf(words);
  const scriptGiven = words.some((word) => /^(-e|-f|--expression|--file)(=|$)/.test(word));
  const inPlace = words.some((word) => /^(-i|--in-place)/.test(word) || /^-[a-zA-Z]*i/.test(word));
  return (scriptGiven ? operands : operands.slice(1)).map((path) => ({
    path,
    intent: inPlace ? "write" : "read",
  }));
}
