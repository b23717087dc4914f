import { ROW_DICTIONARY_1 } from "./row-dictionary.ts";

/** Node's zlib, loaded with the first text packed or unpacked: a `parley serve` start, which does neither, skips it. */
const zlib = () => process.getBuiltinModule("node:zlib");

/** Texts shorter than this are stored as they are: compressing them saves little and costs a call. */
const PACK_FROM_CHARACTERS = 400;

/** Rows shorter than this stay text even with the dictionary (a few ids and numbers). */
const PACK_ROW_FROM_CHARACTERS = 96;

/**
 * The first byte of a row deflated with `ROW_DICTIONARY_1`. A raw deflate stream never starts with it:
 * bits 1–2 of its first byte are the first block's type, and 0b11 is reserved, so rows deflated without a
 * dictionary (written before) are still told apart.
 */
const ROW_DICTIONARY_MARKER = 0x06;

/**
 * How a long text column is stored: deflated into a BLOB when that saves space, otherwise the text itself
 * (SQLite keeps either in a TEXT column). Used for what is written once and read whole by Parley, never
 * searched by SQL: the model's conversation, a run's prompt, answer and SDK messages, a chat message's
 * rich content. Rows written before issue 18 are plain text and read back unchanged.
 */
export function packText(text: string): string | Buffer {
  if (text.length < PACK_FROM_CHARACTERS) return text;
  const packed = zlib().deflateRawSync(text);
  return packed.byteLength < Buffer.byteLength(text) * 0.9 ? packed : text;
}

/**
 * Like `packText`, for a JSON row of Parley's own (an event frame, a chat message, a conversation entry, an
 * SDK message): deflated with a preset dictionary of what such rows repeat, so short rows shrink too (a
 * 211-byte status frame to 68 bytes). Streamed token deltas do not come here: they are dropped within
 * the hour, and compressing each would cost the live path more than it saves.
 */
export function packRow(json: string): string | Buffer {
  if (json.length < PACK_ROW_FROM_CHARACTERS) return json;
  const packed = zlib().deflateRawSync(json, { dictionary: ROW_DICTIONARY_1 });
  if (packed.byteLength + 1 >= Buffer.byteLength(json) * 0.9) return json;
  const row = Buffer.allocUnsafe(packed.byteLength + 1);
  row[0] = ROW_DICTIONARY_MARKER;
  packed.copy(row, 1);
  return row;
}

/** The text a column holds, packed or not. */
export function unpackText(stored: string | Buffer): string {
  if (typeof stored === "string") return stored;
  if (stored[0] === ROW_DICTIONARY_MARKER) {
    return zlib().inflateRawSync(stored.subarray(1), { dictionary: ROW_DICTIONARY_1 }).toString("utf8");
  }
  return zlib().inflateRawSync(stored).toString("utf8");
}

/** Like `unpackText`, for nullable columns. */
export function unpackNullable(stored: string | Buffer | null): string | null {
  return stored === null ? null : unpackText(stored);
}
