/**
 * The order people expect of names and paths ("alphabetical"): letters without regard to case, runs of
 * digits by their value (`file-2` before `file-10`), a path folder by folder (a folder's entries right after
 * it). Sorting uses precomputed keys, so a 100,000-file list costs one string comparison per step.
 */

/** Digit runs are padded to this width; a longer run still sorts, by its text. */
const DIGITS = 20;

/** The key a name or `/`-separated path sorts by: compare keys with `<`, ties broken by the text itself. */
export function naturalSortKey(text: string): string {
  return text
    .split("/")
    .map((segment) =>
      segment.toLowerCase().replace(/\d+/g, (digits) => {
        const value = digits.replace(/^0+(?=\d)/, "");
        return value.length >= DIGITS ? value : value.padStart(DIGITS, "0");
      }),
    )
    .join("\u0000");
}

/** Compares two names or paths in natural order (case-insensitive, numbers by value); ties by code points. */
export function compareNaturally(left: string, right: string): number {
  return compareKeyed(naturalSortKey(left), left, naturalSortKey(right), right);
}

/** `items` sorted in natural order of `textOf(item)` (a new array; each key computed once). */
export function sortNaturally<T>(items: readonly T[], textOf: (item: T) => string): T[] {
  return items
    .map((item) => {
      const text = textOf(item);
      return { item, text, key: naturalSortKey(text) };
    })
    .sort((left, right) => compareKeyed(left.key, left.text, right.key, right.text))
    .map((entry) => entry.item);
}

function compareKeyed(leftKey: string, left: string, rightKey: string, right: string): number {
  if (leftKey !== rightKey) return leftKey < rightKey ? -1 : 1;
  return left < right ? -1 : left > right ? 1 : 0;
}
