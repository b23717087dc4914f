/**
 * The words of a command's arguments, split on whitespace with `"…"` and `'…'` keeping spaces in one word
 * (the quotes removed, as a shell does and Claude Code's `$0`… do); an unclosed quote runs to the end.
 */
export function splitCommandArguments(text: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  let quote: string | undefined;
  for (const character of text) {
    if (quote !== undefined) {
      if (character === quote) quote = undefined;
      else word = (word ?? "") + character;
    } else if (character === '"' || character === "'") {
      quote = character;
      word ??= "";
    } else if (/\s/.test(character)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else word = (word ?? "") + character;
  }
  if (word !== undefined) words.push(word);
  return words;
}
