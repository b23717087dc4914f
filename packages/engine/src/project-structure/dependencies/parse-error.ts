/** Longest parser message quoted in a problem: parsers may quote whole lines of the file. */
const MAX_MESSAGE = 160;

/** A parser's error as a short phrase for a problem's message (its first line, cut). */
export function parseError(error: unknown): string {
  const message = (error instanceof Error ? error.message : String(error)).trim().split("\n")[0] ?? "";
  return message.length > MAX_MESSAGE ? `${message.slice(0, MAX_MESSAGE)}…` : message;
}
