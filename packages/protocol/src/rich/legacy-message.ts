import type { z } from "zod";
import { type DecodeResult, decodeWith } from "../shared/decode-result.ts";
import type { JsonValue } from "../shared/json-value.ts";
import { decodeFailure } from "./decode-failure.ts";
import { isRecord } from "./is-record.ts";
import { findValidObjectInText } from "./parse-from-text.ts";
import { PlanDataSchema } from "./plan.ts";
import { QuestionDataSchema } from "./question.ts";
import type { RichMessage } from "./rich-message.ts";
import type { RichWarningOptions } from "./rich-warning.ts";
import { TextDataSchema } from "./text.ts";
import { ToolRequestDataSchema } from "./tool-request.ts";
import { ToolResultDataSchema } from "./tool-result.ts";
import { createUnknownRichMessage, type DecodedRichMessage } from "./unknown-rich-message.ts";

/** Seed 000's `message_type` values and the kind each becomes (ToolCall: a ToolRequest needing approval). */
const LEGACY_KINDS = {
  Text: { kind: "Text", schema: TextDataSchema },
  Plan: { kind: "Plan", schema: PlanDataSchema },
  Question: { kind: "Question", schema: QuestionDataSchema },
  ToolCall: { kind: "ToolRequest", schema: ToolRequestDataSchema },
  ToolResult: { kind: "ToolResult", schema: ToolResultDataSchema },
} as const satisfies Record<string, { kind: RichMessage["kind"]; schema: z.ZodObject }>;
type LegacyType = keyof typeof LEGACY_KINDS;

type Fields = Record<string, unknown>;

/**
 * Decodes seed 000's flat form `{message_type?, content?, ...}` into a `{kind, data}` rich message.
 * `content` becomes `data` (see `dataFromContent`); top-level fields named by the kind's data schema move
 * into `data`; every other field (id, role, timestamp, ...) stays on the envelope. Content that does not
 * fit its type falls back to Text with an `invalid_legacy_content` warning, as seed 000 asks.
 */
export function decodeLegacyMessage(
  message: Fields,
  options: RichWarningOptions = {},
): DecodeResult<DecodedRichMessage> {
  const { message_type: messageType, content, ...envelope } = message;
  if (messageType !== undefined && messageType !== null && typeof messageType !== "string") {
    return decodeFailure("message_type", "expected a string");
  }
  const type = messageType ?? "Text";
  if (!Object.hasOwn(LEGACY_KINDS, type)) {
    options.onWarning?.({ code: "unknown_kind", message: `unknown message_type "${type}" is shown as Text` });
    return { success: true, value: createUnknownRichMessage(message as JsonValue, type) };
  }
  const target = LEGACY_KINDS[type as LegacyType];
  const fromContent = dataFromContent(type as LegacyType, content);
  const data = fromContent.success ? fromContent.value : undefined;
  const remaining = { ...envelope };
  if (data !== undefined) moveFlatFields(type as LegacyType, target.schema, data, remaining);
  const decoded = data === undefined ? fromContent : decodeWith(target.schema, data);
  if (decoded.success) {
    return { success: true, value: { ...remaining, kind: target.kind, data: decoded.value } as RichMessage };
  }
  options.onWarning?.({
    code: "invalid_legacy_content",
    message: `${type} message shown as Text: ${decoded.error.message}`,
  });
  return { success: true, value: { ...envelope, kind: "Text", data: { text: contentAsText(content) } } };
}

/**
 * Text: a string is the text. Plan/Question: an object is the data; a string is searched for the JSON
 * (fenced or bare). ToolCall: an object is the data; a string is its description. ToolResult: content
 * is the tool's output, whatever its JSON type (null included). Missing content leaves the fields to the
 * top level.
 */
function dataFromContent(type: LegacyType, content: unknown): DecodeResult<Fields> {
  if (type === "ToolResult")
    return { success: true, value: content === undefined ? {} : { output: content } };
  if (content === undefined || content === null) return { success: true, value: {} };
  if (isRecord(content)) return { success: true, value: { ...content } };
  switch (type) {
    case "Text":
      return { success: true, value: { text: contentAsText(content) } };
    case "Plan":
    case "Question":
      if (typeof content !== "string") return decodeFailure("content", "expected an object or JSON text");
      return findValidObjectInText(content, LEGACY_KINDS[type].schema, type === "Plan" ? "plan" : "ask_user");
    case "ToolCall":
      if (typeof content !== "string") return decodeFailure("content", "expected an object or a description");
      return { success: true, value: { description: content } };
  }
}

/** Fills `data` from top-level fields, including the aliases older writers used for tool messages. */
function moveFlatFields(type: LegacyType, schema: z.ZodObject, data: Fields, envelope: Fields): void {
  for (const key of Object.keys(schema.shape)) {
    if (data[key] === undefined && envelope[key] !== undefined) {
      data[key] = envelope[key];
      delete envelope[key];
    }
  }
  if (type !== "ToolCall" && type !== "ToolResult") return;
  data.request_id ??= data.tool_use_id;
  const timestamp = envelope.timestamp ?? envelope.created_at;
  if (type === "ToolCall") {
    for (const alias of ["input", "tool_input"]) {
      if (data.parameters !== undefined || envelope[alias] === undefined) continue;
      data.parameters = envelope[alias];
      delete envelope[alias];
    }
    data.parameters ??= {};
    data.requires_approval ??= true;
    data.approval_status ??= "Pending";
    data.requested_at ??= timestamp;
  } else {
    data.is_error ??= data.status !== undefined && data.status !== "Success";
    data.status ??= data.is_error === true ? "Failed" : "Success";
    data.executed_at ??= timestamp;
  }
}

function contentAsText(content: unknown): string {
  if (typeof content === "string") return content;
  if (content === undefined || content === null) return "";
  return JSON.stringify(content, null, 2) ?? "";
}
