/**
 * Editable text with a cursor, for the message box and the cards' text fields. Immutable: every edit
 * returns a new buffer. `cursor` is an index into `text` (UTF-16 code units, kept on code point edges).
 */
export interface TextBuffer {
  text: string;
  cursor: number;
}

/** An empty buffer, or one holding `text` with the cursor at its end. */
export function bufferOf(text = ""): TextBuffer {
  return { text, cursor: text.length };
}

/** Inserts text at the cursor (a paste arrives whole; CR and CRLF become newlines). */
export function insert(buffer: TextBuffer, input: string): TextBuffer {
  const text = input.replace(/\r\n?/g, "\n");
  return {
    text: buffer.text.slice(0, buffer.cursor) + text + buffer.text.slice(buffer.cursor),
    cursor: buffer.cursor + text.length,
  };
}

function previousPoint(text: string, index: number): number {
  if (index <= 0) return 0;
  const code = text.charCodeAt(index - 1);
  return code >= 0xdc00 && code <= 0xdfff && index >= 2 ? index - 2 : index - 1;
}

function nextPoint(text: string, index: number): number {
  if (index >= text.length) return text.length;
  const code = text.charCodeAt(index);
  return code >= 0xd800 && code <= 0xdbff && index + 2 <= text.length ? index + 2 : index + 1;
}

/** Deletes the character before the cursor. */
export function backspace(buffer: TextBuffer): TextBuffer {
  if (buffer.cursor === 0) return buffer;
  const start = previousPoint(buffer.text, buffer.cursor);
  return { text: buffer.text.slice(0, start) + buffer.text.slice(buffer.cursor), cursor: start };
}

/** Moves the cursor one character left or right. */
export function moveHorizontally(buffer: TextBuffer, direction: -1 | 1): TextBuffer {
  const cursor =
    direction < 0 ? previousPoint(buffer.text, buffer.cursor) : nextPoint(buffer.text, buffer.cursor);
  return { ...buffer, cursor };
}

/** Moves the cursor a word left or right (Alt/Ctrl + arrow). */
export function moveByWord(buffer: TextBuffer, direction: -1 | 1): TextBuffer {
  const { text } = buffer;
  let index = buffer.cursor;
  if (direction < 0) {
    while (index > 0 && /\s/.test(text[index - 1] ?? "")) index--;
    while (index > 0 && !/\s/.test(text[index - 1] ?? "")) index--;
  } else {
    while (index < text.length && /\s/.test(text[index] ?? "")) index++;
    while (index < text.length && !/\s/.test(text[index] ?? "")) index++;
  }
  return { ...buffer, cursor: index };
}

/** Deletes the word before the cursor (Ctrl-W). */
export function deleteWordBack(buffer: TextBuffer): TextBuffer {
  const start = moveByWord(buffer, -1).cursor;
  return { text: buffer.text.slice(0, start) + buffer.text.slice(buffer.cursor), cursor: start };
}

function lineStart(text: string, index: number): number {
  return text.lastIndexOf("\n", index - 1) + 1;
}

function lineEnd(text: string, index: number): number {
  const end = text.indexOf("\n", index);
  return end === -1 ? text.length : end;
}

/** Moves the cursor to the start or end of its line (Home/End, Ctrl-A/Ctrl-E). */
export function moveToLineEdge(buffer: TextBuffer, edge: "start" | "end"): TextBuffer {
  const cursor =
    edge === "start" ? lineStart(buffer.text, buffer.cursor) : lineEnd(buffer.text, buffer.cursor);
  return { ...buffer, cursor };
}

/** Deletes from the cursor to the end of the line (Ctrl-K), or to its start (Ctrl-U). */
export function deleteToLineEdge(buffer: TextBuffer, edge: "start" | "end"): TextBuffer {
  if (edge === "end") {
    const end = lineEnd(buffer.text, buffer.cursor);
    return { text: buffer.text.slice(0, buffer.cursor) + buffer.text.slice(end), cursor: buffer.cursor };
  }
  const start = lineStart(buffer.text, buffer.cursor);
  return { text: buffer.text.slice(0, start) + buffer.text.slice(buffer.cursor), cursor: start };
}

/**
 * Moves the cursor to the line above or below, keeping its column as far as the line allows; undefined when
 * there is no such line (the message box then walks its history instead).
 */
export function moveVertically(buffer: TextBuffer, direction: -1 | 1): TextBuffer | undefined {
  const { text, cursor } = buffer;
  const start = lineStart(text, cursor);
  const column = cursor - start;
  if (direction < 0) {
    if (start === 0) return undefined;
    const previousStart = lineStart(text, start - 1);
    return { ...buffer, cursor: Math.min(previousStart + column, start - 1) };
  }
  const end = lineEnd(text, cursor);
  if (end === text.length) return undefined;
  const nextStart = end + 1;
  return { ...buffer, cursor: Math.min(nextStart + column, lineEnd(text, nextStart)) };
}

/** The word being typed at the cursor (from the last space), for completion. */
export function wordAtCursor(buffer: TextBuffer): { word: string; start: number } {
  const before = buffer.text.slice(0, buffer.cursor);
  const start = Math.max(before.lastIndexOf(" "), before.lastIndexOf("\n")) + 1;
  return { word: before.slice(start), start };
}

/** Replaces the text from `start` to the cursor with `replacement`. */
export function replaceBeforeCursor(buffer: TextBuffer, start: number, replacement: string): TextBuffer {
  return {
    text: buffer.text.slice(0, start) + replacement + buffer.text.slice(buffer.cursor),
    cursor: start + replacement.length,
  };
}
