import type { z } from "zod";
import { decodeCompiled, mayKeepParsed } from "../shared/decode-compiled.ts";
import { type DecodeError, parseJson } from "../shared/decode-result.ts";
import {
  SDKControlCancelRequestSchema,
  SDKControlResponseSchema,
  SDKKeepAliveMessageSchema,
  type SdkControlFrame,
} from "./control/control-frames.ts";
import { CONTROL_REQUEST_SCHEMAS, SDKControlRequestSchema } from "./control/control-request.ts";
import { RESULT_ERROR_SUBTYPES, SDKResultErrorSchema, SDKResultSuccessSchema } from "./result-message.ts";
import { plainMessageSchemas, type SDKMessage, systemMessageSchemas } from "./sdk-message.ts";
import { type SDKActiveGoalMessage, SDKActiveGoalMessageSchema } from "./session-event-messages.ts";
import type { StdinMessage, StdoutMessage } from "./stdio-message.ts";
import { SDKUserMessageReplaySchema, SDKUserMessageSchema } from "./user-message.ts";

/**
 * What one stdio line turned out to be. Every line in either direction decodes to exactly one of
 * these; `decodeSdkMessage` never throws.
 */
export type SdkDecodeResult =
  /** A declared conversation message (or the stdout-only `active_goal`). */
  | { kind: "message"; message: SDKMessage | SDKActiveGoalMessage }
  /** A control-protocol frame: request, response, cancellation or keep-alive. */
  | { kind: "control"; frame: SdkControlFrame }
  /** A well-formed line whose type (or subtype) is not declared; ignore it, or pass `raw` on. */
  | { kind: "unknown"; type: string; subtype: string | undefined; raw: Record<string, unknown> }
  /** Malformed JSON, or a declared type whose fields do not validate; `error.issues` name the fields. */
  | { kind: "invalid"; error: DecodeError; raw: unknown };

type Schema = z.ZodType;

const RESULT_ERRORS: ReadonlySet<string> = new Set(RESULT_ERROR_SUBTYPES);

/**
 * Decodes one NDJSON line (or an already-parsed value) of the SDK ↔ CLI protocol, routing by `type`
 * and `subtype`. Unknown fields are kept; unknown types and subtypes come back as `kind: "unknown"`.
 */
export function decodeSdkMessage(line: string | unknown): SdkDecodeResult {
  let value: unknown = line;
  if (typeof line === "string") {
    const parsed = parseJson(line);
    if (!parsed.success) return { kind: "invalid", error: parsed.error, raw: line };
    value = parsed.value;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return invalid(value, "", "expected a JSON object");
  }
  const raw = value as Record<string, unknown>;
  // Parsed here, so nothing else holds it: a valid message may be kept as it is (see `decodeCompiled`).
  const owned = mayKeepParsed(line);
  const type = raw.type;
  if (typeof type !== "string") return invalid(raw, "type", "expected a string message type");

  switch (type) {
    case "user":
      return message(raw, owned, raw.isReplay === true ? SDKUserMessageReplaySchema : SDKUserMessageSchema);
    case "result":
      return bySubtype(raw, owned, type, (subtype) =>
        subtype === "success"
          ? SDKResultSuccessSchema
          : RESULT_ERRORS.has(subtype)
            ? SDKResultErrorSchema
            : null,
      );
    case "system":
      return bySubtype(raw, owned, type, (subtype) => own(systemMessageSchemas(), subtype));
    case "active_goal":
      return message(raw, owned, SDKActiveGoalMessageSchema);
    case "control_request": {
      const request = raw.request as Record<string, unknown> | undefined;
      const subtype = typeof request === "object" && request !== null ? request.subtype : undefined;
      if (typeof subtype === "string" && !own(CONTROL_REQUEST_SCHEMAS, subtype))
        return unknown(raw, type, subtype);
      return control(raw, owned, SDKControlRequestSchema);
    }
    case "control_response": {
      const response = raw.response as Record<string, unknown> | undefined;
      const subtype = typeof response === "object" && response !== null ? response.subtype : undefined;
      if (typeof subtype === "string" && subtype !== "success" && subtype !== "error") {
        return unknown(raw, type, subtype);
      }
      return control(raw, owned, SDKControlResponseSchema);
    }
    case "control_cancel_request":
      return control(raw, owned, SDKControlCancelRequestSchema);
    case "keep_alive":
      return control(raw, owned, SDKKeepAliveMessageSchema);
    default: {
      const schema = own(plainMessageSchemas(), type);
      if (schema) return message(raw, owned, schema);
      return unknown(raw, type, typeof raw.subtype === "string" ? raw.subtype : undefined);
    }
  }
}

/** One NDJSON line (JSON plus `\n`) for a message or control frame, in either direction. */
export function encodeSdkMessage(message: StdoutMessage | StdinMessage): string {
  return `${JSON.stringify(message)}\n`;
}

function own<T extends object>(table: T, key: string): T[keyof T] | null {
  return Object.hasOwn(table, key) ? table[key as keyof T] : null;
}

function bySubtype(
  raw: Record<string, unknown>,
  owned: boolean,
  type: string,
  pick: (subtype: string) => Schema | null,
): SdkDecodeResult {
  const subtype = raw.subtype;
  if (typeof subtype !== "string") return invalid(raw, "subtype", `expected a string subtype for "${type}"`);
  const schema = pick(subtype);
  return schema ? message(raw, owned, schema) : unknown(raw, type, subtype);
}

function message(raw: Record<string, unknown>, owned: boolean, schema: Schema): SdkDecodeResult {
  const result = decodeCompiled(schema, raw, owned);
  if (!result.success) return { kind: "invalid", error: result.error, raw };
  return { kind: "message", message: result.value as SDKMessage | SDKActiveGoalMessage };
}

function control(raw: Record<string, unknown>, owned: boolean, schema: Schema): SdkDecodeResult {
  const result = decodeCompiled(schema, raw, owned);
  if (!result.success) return { kind: "invalid", error: result.error, raw };
  return { kind: "control", frame: result.value as SdkControlFrame };
}

function unknown(raw: Record<string, unknown>, type: string, subtype: string | undefined): SdkDecodeResult {
  return { kind: "unknown", type, subtype, raw };
}

function invalid(raw: unknown, path: string, text: string): SdkDecodeResult {
  const message = path ? `${path}: ${text}` : text;
  return { kind: "invalid", error: { message, issues: [{ path, message: text }] }, raw };
}
