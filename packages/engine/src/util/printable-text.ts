/** Control and format characters (escape sequences, right-to-left overrides, zero-width spaces), line separators. */
export const UNPRINTABLE = /[\p{Cc}\p{Cf}\u2028\u2029]/u;
const UNPRINTABLE_EACH = new RegExp(UNPRINTABLE.source, "gu");

/**
 * `text` with every control and format character replaced by U+FFFD: a repository's file and folder names are
 * shown in Settings and printed on terminals, where an escape sequence would retitle or clear the screen.
 */
export function printableText(text: string): string {
  return text.replace(UNPRINTABLE_EACH, "\uFFFD");
}
