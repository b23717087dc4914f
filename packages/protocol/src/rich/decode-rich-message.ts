import { decodeCompiled, mayKeepParsed } from "../shared/decode-compiled.ts";
import { type DecodeResult, parseJson } from "../shared/decode-result.ts";
import type { JsonValue } from "../shared/json-value.ts";
import { decodeFailure } from "./decode-failure.ts";
import { isRecord } from "./is-record.ts";
import { decodeLegacyMessage } from "./legacy-message.ts";
import { isRichMessageKind, type RichMessage, richMessageSchemasByKind } from "./rich-message.ts";
import type { RichWarningOptions } from "./rich-warning.ts";
import { createUnknownRichMessage, type DecodedRichMessage } from "./unknown-rich-message.ts";

/** Options for `decodeRichMessage`. */
export type DecodeRichMessageOptions = RichWarningOptions;

/**
 * Decodes a rich message from JSON text or an already-parsed value, never throwing. `{kind, data}` is
 * the current form; seed 000's flat `{message_type, content}` form (or `content` alone) is migrated to
 * it. An unknown kind becomes an UnknownRichMessage plus one `onWarning` call; a known kind with invalid
 * data is a failure naming the field path, e.g. `data.steps.0.reason`.
 */
export function decodeRichMessage(
  input: string | unknown,
  options: DecodeRichMessageOptions = {},
): DecodeResult<DecodedRichMessage> {
  let value = input;
  if (typeof input === "string") {
    const parsed = parseJson(input);
    if (!parsed.success) return parsed;
    value = parsed.value;
  }
  if (!isRecord(value)) return decodeFailure("", "expected a rich message object");
  if (!("kind" in value)) {
    if ("message_type" in value || "content" in value) return decodeLegacyMessage(value, options);
    return decodeFailure(
      "kind",
      "expected `kind` (a rich message) or `message_type`/`content` (a legacy message)",
    );
  }
  const kind = value.kind;
  if (typeof kind !== "string") return decodeFailure("kind", "expected a string");
  if (!isRichMessageKind(kind)) {
    options.onWarning?.({
      code: "unknown_kind",
      message: `unknown rich message kind "${kind}" is shown as Text`,
    });
    // The value is parsed JSON, or a caller's plain object that is meant to be JSON.
    return { success: true, value: createUnknownRichMessage(value as JsonValue, kind) };
  }
  return decodeCompiled(
    richMessageSchemasByKind()[kind],
    value,
    mayKeepParsed(input),
  ) as DecodeResult<RichMessage>;
}
