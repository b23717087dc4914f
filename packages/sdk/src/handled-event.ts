import type { KnownUiSseView, ServerEvent, UiSseKind } from "@parley/protocol";
import type { ChatAction } from "./chat-actions.ts";

/** Something an event asks the store to fetch again, because the event says only that it changed. */
export type StoreEffect =
  /** Refetch a session's state (`sessionId` undefined: the active one). */
  | { type: "refetch_session"; sessionId?: string }
  | { type: "refetch_sessions" }
  | { type: "refetch_settings" }
  /** The project's permission rules changed (a rules list reloads). */
  | { type: "permission_rules_changed" }
  | { type: "mcp_servers_changed" }
  /** The project's mission was set or cleared (the chat's mission line reloads). */
  | { type: "mission_changed" };

/** What one frame means: reducer actions for its session, effects for the store, or a warning. */
export interface HandledEvent {
  /** The session the actions belong to; undefined for global events. */
  sessionId?: string;
  actions: ChatAction[];
  effects: StoreEffect[];
  /** Set when the frame was skipped (an unknown kind or phase, or a payload that does not fit). */
  warning?: string;
}

/** The typed view of a frame of one kind. */
export type ViewOf<K extends UiSseKind> = Extract<KnownUiSseView, { kind: K }>;
/** The ServerEvent of one type. */
export type EventOf<T extends ServerEvent["type"]> = Extract<ServerEvent, { type: T }>;

/** A handler's result for a frame: its session (from the frame's envelope), actions and effects. */
export function handled(
  view: KnownUiSseView,
  actions: ChatAction[],
  effects: StoreEffect[] = [],
): HandledEvent {
  const sessionId = view.message.session_id;
  return sessionId === undefined ? { actions, effects } : { sessionId, actions, effects };
}
