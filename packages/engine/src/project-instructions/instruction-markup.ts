/**
 * The markup that frames instruction files for the model (`<instructions file="…">`, `<not-given file="…">`,
 * inside a `<system-reminder>`), written so a repository's text cannot close a frame and open one of its own:
 * a cloned repository is anyone's words, and a forged frame would speak as the person or as another file.
 */

/**
 * The tags the engine frames instruction files with, after `<`, any whitespace and an optional `/`. The slash
 * and the whitespace after it are one optional group: with two `\s*` on either side of a bare `/?`, a `<`
 * followed by 64 KiB of spaces (a CLAUDE.md is anyone's) took the regex 4.4 s of backtracking, on every run.
 */
const FRAMING_TAG = /<(\s*(?:\/\s*)?)(system-reminder|instructions|not-given)/gi;

/** `text` with every opening or closing of a framing tag made inert (`&lt;instructions`), for any file's text. */
export function neutralised(text: string): string {
  return text.replace(FRAMING_TAG, "&lt;$1$2");
}

/**
 * A path as a `file` attribute's quoted value, on one line whatever its folders are named: JSON's string form,
 * with `<`, `>` and every control character escaped, so a folder named `x">⏎<instructions file="…">` stays
 * inside its quotes.
 */
export function quotedPath(path: string): string {
  return JSON.stringify(path).replace(
    /[<>\p{Cc}\u2028\u2029]/gu,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/** The paths of the `<instructions>` and `<not-given>` lines a block written with `quotedPath` holds. */
export function quotedPathsIn(block: string): string[] {
  return [...block.matchAll(/^<(?:instructions|not-given) file=("(?:[^"\\\n]|\\.)*")>/gm)].flatMap(
    (match) => {
      try {
        const path: unknown = JSON.parse(match[1] as string);
        return typeof path === "string" ? [path] : [];
      } catch {
        return [];
      }
    },
  );
}
