import type { FileHandle } from "node:fs/promises";

/** How many leading bytes decide whether a file is binary. */
export const BINARY_SNIFF_BYTES = 8192;

/** Control characters text holds: tab, newline, form feed, carriage return, and escape (ANSI colours). */
const TEXT_CONTROLS = new Set([0x09, 0x0a, 0x0c, 0x0d, 0x1b]);

/**
 * Whether bytes look like a binary file rather than text: a NUL byte, or more than 10% control characters
 * other than those of `TEXT_CONTROLS` (what `grep` and `git` do, roughly): a log coloured with ANSI escapes
 * (`\x1b[31m`) stays text, so the file tools, change reports and rewinds handle it.
 */
export function looksBinary(bytes: Uint8Array): boolean {
  let control = 0;
  for (const byte of bytes) {
    if (byte === 0) return true;
    if (byte < 0x20 && !TEXT_CONTROLS.has(byte)) control += 1;
  }
  return bytes.length > 0 && control / bytes.length > 0.1;
}

/** The first `BINARY_SNIFF_BYTES` of an open file. */
export async function sniff(handle: FileHandle): Promise<Uint8Array> {
  const buffer = new Uint8Array(BINARY_SNIFF_BYTES);
  const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
  return buffer.subarray(0, bytesRead);
}

/**
 * A whole text file from an open handle, refusing files above `maxBytes` and binary files with a message
 * naming `shownPath`.
 */
export async function readWholeText(
  handle: FileHandle,
  shownPath: string,
  maxBytes: number,
): Promise<string> {
  const { size } = await handle.stat();
  if (size > maxBytes) {
    throw new Error(`${shownPath} is ${size} bytes, more than the ${maxBytes} bytes this tool handles.`);
  }
  const bytes = await handle.readFile();
  if (looksBinary(bytes.subarray(0, BINARY_SNIFF_BYTES))) {
    throw new Error(`${shownPath} looks like a binary file; only text files can be edited.`);
  }
  return bytes.toString("utf8");
}
