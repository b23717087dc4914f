/**
 * @parley/sdk — the framework-neutral client side of Parley: a typed HTTP client, a resumable event
 * stream, and the chat store and reducer that the web UI and the terminal UI render.
 */

// ── HTTP and the event stream ─────────────────────────────────────────────────
export {
  ApiRequestError,
  type ApiRequestErrorCode,
  type ApiRequestErrorOptions,
} from "./api-request-error.ts";
// ── plumbing a host may replace ───────────────────────────────────────────────
export { type BackoffOptions, backoffDelay, defaultReconnectBackoff } from "./backoff.ts";
// ── the reducer and the event handlers (seed 002's pipeline) ──────────────────
export type { ChatAction, ChatActionType } from "./chat-actions.ts";
export { chatReducer } from "./chat-reducer.ts";
// ── the chat store (what UIs use) ─────────────────────────────────────────────
export type {
  ActivityItem,
  ChatMessage,
  ChatStoreState,
  ConnectionStatus,
  ContextUsageState,
  MessageCard,
  MessagePhase,
  MessageSegment,
  ModelFallbackState,
  ModelState,
  PendingAskUser,
  QueuedChatMessage,
  SessionChatState,
  SubagentTreeEntry,
} from "./chat-state.ts";
export { ChatStore, type ChatStoreOptions } from "./chat-store.ts";
export type { ChatStoreApi } from "./chat-store-api.ts";
export { createClientMessageId } from "./client-message-id.ts";
export {
  EventStreamClient,
  type EventStreamClientOptions,
  type StreamStatusDetail,
  type StreamStatusReason,
  type StreamWarning,
} from "./event-stream-client.ts";
export {
  getMessagePhase,
  isTransientActivity,
  TRANSIENT_ACTIVITY,
  visibleActivityEntries,
} from "./message-phase.ts";
export {
  type ChatInput,
  type MessagePageOptions,
  ParleyClient,
  type ParleyClientOptions,
  type RequestOptions,
  type SessionDeleted,
} from "./parley-client.ts";
export { defaultRenderScheduler, type RenderScheduler } from "./render-scheduler.ts";
export { emptySessionState, sessionStateFromSnapshot } from "./session-snapshot.ts";
export {
  type HandledEvent,
  handleSseMessage,
  type StoreEffect,
  sseEventHandlers,
} from "./sse-event-handlers.ts";
export { type SseMessage, SseParser } from "./sse-parser.ts";
export { systemTimers, type Timers } from "./timers.ts";
