import { UNPRINTABLE } from "./printable-text.ts";

/** Runs of whitespace, control and format characters and line separators: each becomes one space. */
const LINE_BREAKING = new RegExp(`(?:${UNPRINTABLE.source}|\\s)+`, "gu");

/**
 * `text` as one line of at most `max` characters, for a catalogue line or a headline: each run of whitespace,
 * control and format characters (escape sequences, right-to-left overrides, line breaks) is one space, the ends
 * are trimmed, and a longer line is cut, its last character "…". Cut by characters, not UTF-16 units: half an
 * emoji is not text any face can show, and makes a model request invalid JSON.
 */
export function oneLine(text: string, max: number): string {
  const line = text.replace(LINE_BREAKING, " ").trim();
  // A line no longer in UTF-16 units than `max` has no more characters either.
  if (line.length <= max) return line;
  const kept: string[] = [];
  for (const character of line) {
    if (kept.length === max) return `${kept.slice(0, max - 1).join("")}…`;
    kept.push(character);
  }
  return line;
}
