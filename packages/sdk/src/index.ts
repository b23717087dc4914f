/**
 * @parley/sdk — the framework-neutral client side of Parley: a typed HTTP client, a resumable event
 * stream, and the chat store and reducer that the web UI and the terminal UI render.
 */

// ── the chat store (what UIs use) ─────────────────────────────────────────────
export {
  type ActivityGroup,
  activityItemsOf,
  displayPhase,
  groupActivity,
  groupState,
  isTransientStatus,
} from "./activity-view.ts";
// ── HTTP and the event stream ─────────────────────────────────────────────────
export { AGENT_CLI_AVAILABILITY, AGENT_CLI_SETUP, type AgentCliSetup } from "./agent-cli-setup.ts";
export { API_KEY_VARIABLES, apiKeyUpdate } from "./api-key-update.ts";
export {
  ApiRequestError,
  type ApiRequestErrorCode,
  type ApiRequestErrorOptions,
  apiMessage,
} from "./api-request-error.ts";
// ── plumbing a host may replace ───────────────────────────────────────────────
export { type BackoffOptions, backoffDelay, defaultReconnectBackoff } from "./backoff.ts";
export {
  type ApprovalView,
  approvalOutcomeText,
  approvalView,
  inlineToolOutput,
  mcpServerRule,
  resultFailed,
  TOOL_RESULT_STATUS_WORDS,
  touchesProtectedPath,
} from "./cards/approval-view.ts";
export { dataRecord, isPlainObject } from "./cards/card-fields.ts";
export { type CardIndex, indexCards, isCardShown } from "./cards/card-index.ts";
export { type DiffLineKind, diffLineKind } from "./cards/diff-lines.ts";
export {
  PLAN_STATUS_LABELS,
  PLAN_STEP_ICONS,
  planAwaitsDecision,
  planDecisionText,
  readPlanCard,
} from "./cards/plan-card.ts";
export {
  allFolders,
  dependencyTags,
  type FileSortKey,
  folderEntryCount,
  initiallyOpenFolders,
  readProjectStructure,
  STRUCTURE_TITLES,
  sortFiles,
  summarizeNames,
  type TreeRow,
  visibleTreeRows,
} from "./cards/project-structure.ts";
export {
  answerLabels,
  answersComplete,
  answersWithOnePick,
  assembleAnswers,
  defaultValues,
  highestSeverity,
  initialSelections,
  type QuestionCard,
  type QuestionSeverity,
  readQuestionCard,
  recordedAnswer,
  toggleSelection,
} from "./cards/question-card.ts";
export { cardFromRich, isUnknownKind, unknownKindWarning } from "./cards/rich-card.ts";
export { saidInText, subagentRoots, subagentStatus, waitsForPerson } from "./cards/subagent-view.ts";
export {
  type CompactionDetails,
  compactionDetails,
  readSystemControl,
  SYSTEM_ACTION_WORDS,
} from "./cards/system-cards.ts";
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
export {
  readWorkflowExecution,
  sendWorkflowControl,
  stepElapsed,
  WORKFLOW_STEP_ICONS,
  type WorkflowControl,
  workflowControls,
} from "./cards/workflow-card.ts";
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
export { endpointAddUpdate, endpointRemoveUpdate, modelList } from "./endpoint-update.ts";
export type { EventStream, EventStreamFactory } from "./event-stream.ts";
export {
  EventStreamClient,
  type EventStreamClientOptions,
  type StreamStatusDetail,
  type StreamStatusReason,
  type StreamWarning,
} from "./event-stream-client.ts";
export { formatBytes, formatDuration, formatElapsed, formatSpan, formatTokens, plural } from "./format.ts";
export type {
  ApprovalAnswer,
  ChangeReportState,
  ExecutePlanMode,
  InteractionOutcome,
  PendingApprovalState,
  PermissionModeState,
  SubagentRunState,
} from "./interaction-state.ts";
export { parseJsonObject } from "./json-object.ts";
export {
  checkMcpServerInput,
  checkMcpServerName,
  MCP_SERVER_EXAMPLE,
  type McpServerInput,
} from "./mcp-server-input.ts";
export { attachmentsOfRich } from "./message-attachments.ts";
export {
  getMessagePhase,
  isTransientActivity,
  TRANSIENT_ACTIVITY,
  visibleActivityEntries,
} from "./message-phase.ts";
export type { SendOptions } from "./message-sender.ts";
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
export { EXECUTE_MODES, modeLabel, PERMISSION_MODES } from "./permission-modes.ts";
export { executePlanStepByStep } from "./plan-step-by-step.ts";
export { defaultRenderScheduler, type RenderScheduler } from "./render-scheduler.ts";
export { REWIND_OUTCOME_LABELS } from "./rewind-outcome-label.ts";
export { type ServerLimitRow, serverLimitRows } from "./server-limit-rows.ts";
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
export type { StructureCommand } from "./structure-command.ts";
export {
  parseStructureCommand,
  readStructureAttachment,
  STRUCTURE_ATTACHMENT_ENTRIES,
  STRUCTURE_COMMAND_USAGE,
} from "./structure-command.ts";
export type { BroadcastChannelLike, LockManagerLike } from "./tab-channel.ts";
export { safeText, visibleText } from "./terminal-text.ts";
export { systemTimers, type Timers } from "./timers.ts";
export { isMarkerOnly, OUTCOME_NOTES, segmentsOf } from "./turn-view.ts";
export { type WorkflowAction, WorkflowClient } from "./workflow-client.ts";
export { parseWorkflowCommand, type WorkflowCommand } from "./workflow-command.ts";
