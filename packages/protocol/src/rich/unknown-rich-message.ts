import { z } from "zod";
import { type JsonValue, JsonValueSchema } from "../shared/json-value.ts";
import { lazySchema } from "../shared/lazy-schema.ts";
import { isRecord } from "./is-record.ts";
import type { RichMessage } from "./rich-message.ts";

/**
 * What a rich message of a kind this version does not know decodes to. The UI renders `text` as a
 * Text message; `raw` is the payload as received, so encoding this value reproduces it exactly.
 * It is a local value, never sent as-is: `kind: "Unknown"` does not appear on the wire.
 */
export const UnknownRichMessageSchema = lazySchema(() =>
  z.object({
    kind: z.literal("Unknown"),
    original_kind: z.string().nullable(),
    text: z.string(),
    raw: JsonValueSchema,
  }),
);
export type UnknownRichMessage = z.infer<typeof UnknownRichMessageSchema>;

/** Everything `decodeRichMessage` can produce: a known rich message or an explicit unknown one. */
export type DecodedRichMessage = RichMessage | UnknownRichMessage;

const TEXT_FIELDS = ["text", "message", "content", "summary"] as const;

/**
 * Wraps a payload of unknown kind. Its text is the first string found in `text`, `message`, `content`
 * or `summary` (inside `data`, then at the top level), else `data` (or the payload) as indented JSON.
 */
export function createUnknownRichMessage(raw: JsonValue, originalKind: string | null): UnknownRichMessage {
  return { kind: "Unknown", original_kind: originalKind, text: textOf(raw), raw };
}

function textOf(raw: JsonValue): string {
  if (!isRecord(raw)) return typeof raw === "string" ? raw : JSON.stringify(raw, null, 2);
  const data = raw.data;
  for (const source of [isRecord(data) ? data : {}, raw]) {
    for (const field of TEXT_FIELDS) {
      const value = source[field];
      if (typeof value === "string") return value;
    }
  }
  return JSON.stringify(data === undefined ? raw : data, null, 2);
}
