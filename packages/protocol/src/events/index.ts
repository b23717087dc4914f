/** Server events (seed 002) and the UiSseMessage frames they travel in. */
export type { ActivityLifecycle, AgentStatusEvent, AgentStatusKind } from "./agent-status-event.ts";
export {
  ActivityLifecycleSchema,
  AgentStatusEventSchema,
  AgentStatusKindSchema,
} from "./agent-status-event.ts";
export type { AskUserEvent } from "./ask-user-event.ts";
export { AskUserEventSchema } from "./ask-user-event.ts";
export type { AskUserOption, AskUserQuestion, AskUserSeverity } from "./ask-user-question.ts";
export {
  AskUserOptionSchema,
  AskUserQuestionSchema,
  AskUserSeveritySchema,
} from "./ask-user-question.ts";
export type {
  ChangedFile,
  ChangeReportEvent,
  FileChangeKind,
  NotRestoredFile,
  RewindMark,
} from "./change-report-event.ts";
export {
  ChangedFileSchema,
  ChangeReportEventSchema,
  FileChangeKindSchema,
  NotRestoredFileSchema,
  RewindMarkSchema,
} from "./change-report-event.ts";
export type { ContextUpdateEvent } from "./context-update-event.ts";
export { ContextUpdateEventSchema } from "./context-update-event.ts";
export type { ContextUsageEvent } from "./context-usage-event.ts";
export { ContextUsageEventSchema } from "./context-usage-event.ts";
export type { EventRouting } from "./event-routing.ts";
export { EventRoutingSchema } from "./event-routing.ts";
export type {
  KnownUiSseView,
  UiSseView,
  UnrecognizedUiSseReason,
  UnrecognizedUiSseView,
} from "./from-ui-sse-message.ts";
export { fromUiSseMessage } from "./from-ui-sse-message.ts";
export type { HeartbeatFrame } from "./heartbeat-frame.ts";
export { HeartbeatFrameSchema } from "./heartbeat-frame.ts";
export type { IdlePromptTriggeredEvent } from "./idle-prompt-triggered-event.ts";
export { IdlePromptTriggeredEventSchema } from "./idle-prompt-triggered-event.ts";
export type { MessageEvent, MessageEventRole } from "./message-event.ts";
export { MessageEventRoleSchema, MessageEventSchema } from "./message-event.ts";
export type { ModelFallbackEvent } from "./model-fallback-event.ts";
export { ModelFallbackEventSchema } from "./model-fallback-event.ts";
export type { OutcomeEvent } from "./outcome-event.ts";
export { OutcomeEventSchema } from "./outcome-event.ts";
export type { PlanUpdateEvent } from "./plan-update-event.ts";
export { PlanUpdateEventSchema } from "./plan-update-event.ts";
export { eventsPublicSchemas } from "./public-schemas.ts";
export type { QueueChange, QueuedMessage, QueueUpdatedEvent } from "./queue-updated-event.ts";
export {
  QUEUE_PREVIEW_CHARS,
  QueueChangeSchema,
  QueuedMessageSchema,
  QueueUpdatedEventSchema,
  queuePreview,
} from "./queue-updated-event.ts";
export type { ResyncEvent } from "./resync-event.ts";
export { ResyncEventSchema } from "./resync-event.ts";
export type { RunOutcome } from "./run-outcome.ts";
export { RunOutcomeSchema } from "./run-outcome.ts";
export type { ServerEvent, ServerEventType } from "./server-event.ts";
export { decodeServerEvent, ServerEventSchema } from "./server-event.ts";
export type { StateUpdatedEvent } from "./state-updated-event.ts";
export { StateUpdatedEventSchema } from "./state-updated-event.ts";
export type { SubagentResultEvent } from "./subagent-result-event.ts";
export { SubagentResultEventSchema } from "./subagent-result-event.ts";
export type { SubagentSpawnedEvent } from "./subagent-spawned-event.ts";
export { SubagentSpawnedEventSchema } from "./subagent-spawned-event.ts";
export type { TextSegmentEvent } from "./text-segment-event.ts";
export { TextSegmentEventSchema } from "./text-segment-event.ts";
export type { UiSseEnvelope } from "./to-ui-sse-message.ts";
export { toUiSseMessage, UI_SSE_WIRE_REVISION } from "./to-ui-sse-message.ts";
export type { TokenEvent } from "./token-event.ts";
export { TokenEventSchema } from "./token-event.ts";
export type { ToolOutputStream, ToolProgressEvent } from "./tool-progress-event.ts";
export { ToolOutputStreamSchema, ToolProgressEventSchema } from "./tool-progress-event.ts";
export { type UiSseTokenFrameParts, uiSseFrameText, uiSseTokenFrameParts } from "./ui-sse-frame-text.ts";
export type {
  AnyUiSseMessage,
  DecodedUiSseMessage,
  UiSseKind,
  UiSseMessage,
} from "./ui-sse-message.ts";
export {
  AnyUiSseMessageSchema,
  decodeUiSseMessage,
  isUiSseKind,
  UiSseKindSchema,
  UiSseMessageSchema,
  uiSseFrameId,
} from "./ui-sse-message.ts";
export type { UiSseRoute } from "./ui-sse-route.ts";
export { IDLE_PROMPT_TRIGGERED_STATUS, uiSseRouteByEventType } from "./ui-sse-route.ts";
