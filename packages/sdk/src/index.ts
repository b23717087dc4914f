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
// ── the chat store (what UIs use) ─────────────────────────────────────────────
export { dataRecord, isPlainObject } from "./cards/card-fields.ts";
export { readPlanCard } from "./cards/plan-card.ts";
export {
  answerLabels,
  defaultValues,
  type QuestionCard,
  readQuestionCard,
} from "./cards/question-card.ts";
export { cardFromRich, isUnknownKind, unknownKindWarning } from "./cards/rich-card.ts";
export { type CompactionDetails, compactionDetails, readSystemControl } from "./cards/system-cards.ts";
export {
  asksPerson,
  describeRule,
  editableInput,
  isToolRequestKind,
  isToolResultKind,
  readToolRequest,
  readToolResult,
  toolOutputText,
} from "./cards/tool-cards.ts";
// ── the reducer and the event handlers (seed 002's pipeline) ──────────────────
export type { ChatAction, ChatActionType } from "./chat-actions.ts";
export { chatReducer } from "./chat-reducer.ts";
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
  TurnContent,
} from "./chat-state.ts";
export { ChatStore, type ChatStoreOptions } from "./chat-store.ts";
export type { ChatStoreApi } from "./chat-store-api.ts";
export { createClientMessageId } from "./client-message-id.ts";
export type { EventStream, EventStreamFactory } from "./event-stream.ts";
export {
  EventStreamClient,
  type EventStreamClientOptions,
  type StreamStatusDetail,
  type StreamStatusReason,
  type StreamWarning,
} from "./event-stream-client.ts";
export type {
  ApprovalAnswer,
  ChangeReportState,
  ExecutePlanMode,
  InteractionOutcome,
  PendingApprovalState,
  PermissionModeState,
  SubagentRunState,
} from "./interaction-state.ts";
export {
  getMessagePhase,
  isTransientActivity,
  TRANSIENT_ACTIVITY,
  visibleActivityEntries,
} from "./message-phase.ts";
export { MissionClient } from "./mission-client.ts";
export { documentVisibility, type PageVisibility } from "./page-visibility.ts";
export {
  type ChatInput,
  type MessagePageOptions,
  ParleyClient,
  type ParleyClientOptions,
  type RequestOptions,
  type SessionDeleted,
} from "./parley-client.ts";
export { defaultRenderScheduler, type RenderScheduler } from "./render-scheduler.ts";
export { orderedParts, permissionModeOf, type TurnPart } from "./session-selectors.ts";
export { emptySessionState, sessionStateFromSnapshot } from "./session-snapshot.ts";
export { SharedEventStream, type SharedEventStreamOptions } from "./shared-event-stream.ts";
export { type SharedEventStreamsOptions, sharedEventStreams } from "./shared-event-streams.ts";
export {
  type HandledEvent,
  handleSseMessage,
  type StoreEffect,
  sseEventHandlers,
} from "./sse-event-handlers.ts";
export { type SseMessage, SseParser } from "./sse-parser.ts";
export type { BroadcastChannelLike, LockManagerLike } from "./tab-channel.ts";
export { systemTimers, type Timers } from "./timers.ts";
export { type WorkflowAction, WorkflowClient } from "./workflow-client.ts";
