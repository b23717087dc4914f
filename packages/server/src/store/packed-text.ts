import { deflateRawSync, inflateRawSync } from "node:zlib";

/** Texts shorter than this are stored as they are: compressing them saves little and costs a call. */
const PACK_FROM_CHARACTERS = 400;

/**
 * How a long text column is stored: deflated into a BLOB when that saves space, otherwise the text itself
 * (SQLite keeps either in a TEXT column). Used for what is written once and read whole by Parley, never
 * searched by SQL: the model's conversation, a run's prompt, answer and SDK messages, a chat message's
 * rich content. Rows written before issue 18 are plain text and read back unchanged.
 */
export function packText(text: string): string | Buffer {
  if (text.length < PACK_FROM_CHARACTERS) return text;
  const packed = deflateRawSync(text);
  return packed.byteLength < Buffer.byteLength(text) * 0.9 ? packed : text;
}

/** The text a column holds, packed or not. */
export function unpackText(stored: string | Buffer): string {
  return typeof stored === "string" ? stored : inflateRawSync(stored).toString("utf8");
}

/** Like `unpackText`, for nullable columns. */
export function unpackNullable(stored: string | Buffer | null): string | null {
  return stored === null ? null : unpackText(stored);
}
