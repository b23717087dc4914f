import { z } from "zod";
import { decodeCompiled, mayKeepParsed } from "../shared/decode-compiled.ts";
import { type DecodeResult, parseJson } from "../shared/decode-result.ts";
import { lazySchema } from "../shared/lazy-schema.ts";

/** The event categories of the SSE wire format, in the order of seed 002's kind/phase table. */
export const UiSseKindSchema = lazySchema(() =>
  z.enum([
    "run",
    "message",
    "activity",
    "queue",
    "token",
    "text_segment",
    "ask_user",
    "model_fallback",
    "tool_progress",
  ]),
);
export type UiSseKind = z.infer<typeof UiSseKindSchema>;

const envelopeShape = () => ({
  /** The frame's id; absent in revision 2 frames, where it is `evt_<seq>` (see `uiSseFrameId`). */
  id: z.string().optional(),
  /** Strictly increasing position in the server's event log; clients resume and deduplicate by it. */
  seq: z.int().nonnegative(),
  /** Wire format revision: 1 (full frames) or 2 (slim frames, see `UI_SSE_WIRE_REVISION`). */
  rev: z.int().nonnegative(),
  ts_ms: z.int().nonnegative(),
  phase: z.string().optional(),
  text: z.string().optional(),
  agent_id: z.string().optional(),
  session_id: z.string().optional(),
  project_root: z.string().optional(),
  data: z.unknown().optional(),
});

/**
 * One frame of `GET /api/events` whose `kind` may be one this client does not know yet; a newer server
 * can add kinds, and such frames must still decode so the client can skip them and keep its cursor.
 */
export const AnyUiSseMessageSchema = lazySchema(() =>
  z.looseObject({ ...envelopeShape(), kind: z.string() }),
);
export type AnyUiSseMessage = z.infer<typeof AnyUiSseMessageSchema>;

/** One frame of `GET /api/events` with a known kind (seed 002's `UiSseMessage`). */
export const UiSseMessageSchema = lazySchema(() =>
  z.looseObject({ ...envelopeShape(), kind: UiSseKindSchema }),
);
export type UiSseMessage = z.infer<typeof UiSseMessageSchema>;

/** A decoded frame, flagged by whether its kind is one this version of the protocol knows. */
export type DecodedUiSseMessage =
  | { knownKind: true; message: UiSseMessage }
  | { knownKind: false; message: AnyUiSseMessage };

/** A frame's id: the one it carries, else (revision 2 event frames) `evt_<seq>`. */
export function uiSseFrameId(message: Pick<AnyUiSseMessage, "id" | "seq">): string {
  return message.id ?? `evt_${message.seq}`;
}

/** Whether a kind string is one of the kinds this protocol version knows. */
export function isUiSseKind(kind: string): kind is UiSseKind {
  return (UiSseKindSchema.options as readonly string[]).includes(kind);
}

/**
 * Decodes an SSE frame (its JSON text or an already parsed value) without throwing. A frame with an
 * unknown kind decodes with `knownKind: false` and its kind kept as-is.
 */
export function decodeUiSseMessage(input: unknown): DecodeResult<DecodedUiSseMessage> {
  const parsed = typeof input === "string" ? parseJson(input) : { success: true as const, value: input };
  if (!parsed.success) return parsed;
  const decoded = decodeCompiled(AnyUiSseMessageSchema, parsed.value, mayKeepParsed(input));
  if (!decoded.success) return decoded;
  const message = decoded.value;
  // The decoded object is ours: a known kind narrows its type, no copy needed.
  if (isUiSseKind(message.kind))
    return { success: true, value: { knownKind: true, message: message as UiSseMessage } };
  return { success: true, value: { knownKind: false, message } };
}
