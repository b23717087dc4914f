// C0 controls but newline, C1 controls and DEL: what could move the cursor, retitle the window, write the
// clipboard (OSC 52) or hide text if a model's output reached the terminal as it is.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/**
 * Text from the server (a model's answer, a tool's output, a file name) made safe to print: control
 * characters become visible `�`, tabs two spaces, so nothing in it is an instruction to the terminal.
 */
export function safeText(text: string): string {
  if (!CONTROL.test(text)) {
    CONTROL.lastIndex = 0;
    return text;
  }
  CONTROL.lastIndex = 0;
  return text.replace(/\r\n?/g, "\n").replace(/\t/g, "  ").replace(CONTROL, "�");
}

// Every control character but newline, and every character that is invisible or reorders text: format
// characters (zero-width ones, bidirectional marks, embeddings, overrides and isolates: "Trojan Source"; tags;
// the soft hyphen), the other default-ignorable ones (variation selectors, fillers), line and paragraph
// separators.
const HIDDEN = /(?!\n)[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/gu;
const NAMED: Record<string, string> = { "\r": "\\r", "\t": "\\t", "\u001b": "\\e" };

/**
 * Text a person approves as written (a command about to run), with every character that could hide or
 * rewrite part of it on a terminal shown as an escape (`\r`, `\e`, `\u202e`): what is shown is all that runs.
 */
export function visibleText(text: string): string {
  return text.replace(HIDDEN, (char) => {
    const code = char.codePointAt(0) as number;
    return (
      NAMED[char] ??
      (code > 0xffff ? `\\u{${code.toString(16)}}` : `\\u${code.toString(16).padStart(4, "0")}`)
    );
  });
}
