import { type DecodeError, decodeWith } from "../shared/decode-result.ts";
import { type ServerEvent, ServerEventSchema, type ServerEventType } from "./server-event.ts";
import type { AnyUiSseMessage, UiSseMessage } from "./ui-sse-message.ts";
import {
  IDLE_PROMPT_TRIGGERED_STATUS,
  parentRoutedEventTypes,
  uiSseRouteByEventType,
  uiSseRouteOf,
} from "./ui-sse-route.ts";

type RouteTable = typeof uiSseRouteByEventType;

/**
 * A frame recognised as a ServerEvent: switch on `kind` (then on `phase` for `run`) and `event` is typed.
 * `event` is the complete event, rebuilt from the frame's top-level fields, `text`, phase and `data`.
 */
export type KnownUiSseView = {
  [T in ServerEventType]: {
    kind: RouteTable[T]["kind"];
    phase: RouteTable[T]["phases"][number];
    event: Extract<ServerEvent, { type: T }>;
    message: UiSseMessage;
  };
}[ServerEventType];

/** Why a frame did not become an event: a kind or phase from a newer server, or a payload that does not fit. */
export type UnrecognizedUiSseReason = "unknown_kind" | "unknown_phase" | "invalid_event";

/** A frame this client cannot interpret; it still advances the client's `seq` cursor. */
export interface UnrecognizedUiSseView {
  kind: "unrecognized";
  reason: UnrecognizedUiSseReason;
  message: AnyUiSseMessage;
  /** Why the rebuilt event failed validation (reason `invalid_event` only). */
  error?: DecodeError;
}

/** What a client handler receives for one SSE frame. */
export type UiSseView = KnownUiSseView | UnrecognizedUiSseView;

const eventTypes = Object.keys(uiSseRouteByEventType) as ServerEventType[];

/**
 * Turns an SSE frame back into the typed ServerEvent `toUiSseMessage` encoded (the exact inverse), for
 * handlers that dispatch by kind. Never throws: unknown kinds and phases and malformed payloads come back
 * as an `unrecognized` view.
 */
export function fromUiSseMessage(message: AnyUiSseMessage): UiSseView {
  const recognised = eventTypeOf(message);
  if ("reason" in recognised) return { kind: "unrecognized", reason: recognised.reason, message };
  const { type, phase } = recognised;
  if (message.data !== undefined && !isJsonObject(message.data)) {
    const text = "data must be a JSON object";
    return invalid(message, { message: `data: ${text}`, issues: [{ path: "data", message: text }] });
  }
  const decoded = decodeWith(ServerEventSchema, rebuildEvent(type, message));
  if (!decoded.success) return invalid(message, decoded.error);
  return { kind: uiSseRouteOf(type).kind, phase, event: decoded.value, message } as KnownUiSseView;
}

function eventTypeOf(
  message: AnyUiSseMessage,
): { type: ServerEventType; phase: string | undefined } | { reason: UnrecognizedUiSseReason } {
  const sameKind = eventTypes.filter((type) => uiSseRouteOf(type).kind === message.kind);
  if (sameKind.length === 0) return { reason: "unknown_kind" };
  // Kinds whose table rows name no phase ignore one, so a newer server may add phases to them.
  const phaseMatters = sameKind.some((type) =>
    uiSseRouteOf(type).phases.some((phase) => phase !== undefined),
  );
  if (!phaseMatters) return { type: sameKind[0] as ServerEventType, phase: undefined };
  const candidates = sameKind.filter((type) => uiSseRouteOf(type).phases.includes(message.phase));
  const isIdlePrompt = isJsonObject(message.data) && message.data.status === IDLE_PROMPT_TRIGGERED_STATUS;
  const type =
    candidates.find((candidate) => (candidate === "IdlePromptTriggered") === isIdlePrompt) ?? candidates[0];
  if (type === undefined) return { reason: "unknown_phase" };
  return { type, phase: message.phase };
}

function rebuildEvent(type: ServerEventType, message: AnyUiSseMessage): Record<string, unknown> {
  const event: Record<string, unknown> = { ...(message.data as Record<string, unknown> | undefined) };
  if (message.agent_id !== undefined && !parentRoutedEventTypes.has(type)) event.agent_id = message.agent_id;
  if (message.session_id !== undefined) event.session_id = message.session_id;
  if (message.project_root !== undefined) event.project_root = message.project_root;
  const textField = uiSseRouteOf(type).textField;
  if (textField !== undefined && message.text !== undefined) event[textField] = message.text;
  if (type === "Token") {
    event.done = message.phase === "done";
    // Revision 2 frames say `thinking` only when true.
    event.thinking ??= false;
  }
  if (type === "AgentStatus") event.lifecycle = message.phase;
  if (type === "IdlePromptTriggered") delete event.status;
  event.type = type;
  return event;
}

function invalid(message: AnyUiSseMessage, error: DecodeError): UnrecognizedUiSseView {
  return { kind: "unrecognized", reason: "invalid_event", message, error };
}

function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
