import type { Key } from "ink";
import {
  backspace,
  deleteToLineEdge,
  deleteWordBack,
  insert,
  moveByWord,
  moveHorizontally,
  moveToLineEdge,
  type TextBuffer,
} from "./text-buffer.ts";

/**
 * Applies an editing key to a buffer: typing, Backspace/Delete, arrows (Alt/Ctrl for words), Home/End,
 * and the readline keys people's fingers know (Ctrl-A/E/K/U/W). Undefined when the key is not an edit,
 * so the caller can give it another meaning (Enter, Up/Down, Esc, Tab).
 */
export function editKey(buffer: TextBuffer, input: string, key: Key): TextBuffer | undefined {
  // Most terminals send DEL (0x7f) for Backspace, which Ink reports as `delete`, the same as the Delete key
  // (ESC [3~): both delete backwards, what the key under the person's finger almost always means.
  if (key.backspace || key.delete) return key.meta ? deleteWordBack(buffer) : backspace(buffer);
  if (key.leftArrow) return key.meta || key.ctrl ? moveByWord(buffer, -1) : moveHorizontally(buffer, -1);
  if (key.rightArrow) return key.meta || key.ctrl ? moveByWord(buffer, 1) : moveHorizontally(buffer, 1);
  if (key.home) return moveToLineEdge(buffer, "start");
  if (key.end) return moveToLineEdge(buffer, "end");
  if (key.ctrl) {
    if (input === "a") return moveToLineEdge(buffer, "start");
    if (input === "e") return moveToLineEdge(buffer, "end");
    if (input === "k") return deleteToLineEdge(buffer, "end");
    if (input === "u") return deleteToLineEdge(buffer, "start");
    if (input === "w") return deleteWordBack(buffer);
    return undefined;
  }
  if (key.meta && input === "b") return moveByWord(buffer, -1);
  if (key.meta && input === "f") return moveByWord(buffer, 1);
  if (key.return || key.escape || key.tab || key.upArrow || key.downArrow || key.pageUp || key.pageDown)
    return undefined;
  if (input === "" || key.meta) return undefined;
  return insert(buffer, input);
}
