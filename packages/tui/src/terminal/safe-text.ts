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
