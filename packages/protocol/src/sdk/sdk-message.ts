import { z } from "zod";
import { SDKAssistantMessageSchema } from "./assistant-message.ts";
import { SDKPartialAssistantMessageSchema } from "./partial-assistant-message.ts";
import { SDKResultErrorSchema, SDKResultSuccessSchema } from "./result-message.ts";
import {
  SDKAuthStatusMessageSchema,
  SDKConversationResetMessageSchema,
  SDKPromptSuggestionMessageSchema,
  SDKRateLimitEventSchema,
} from "./session-event-messages.ts";
import { SDKCompactBoundaryMessageSchema } from "./system-compact-message.ts";
import {
  SDKHookProgressMessageSchema,
  SDKHookResponseMessageSchema,
  SDKHookStartedMessageSchema,
  SDKPluginInstallMessageSchema,
} from "./system-hook-messages.ts";
import { SDKSystemMessageSchema } from "./system-init-message.ts";
import {
  SDKElicitationCompleteMessageSchema,
  SDKInformationalMessageSchema,
  SDKLocalCommandOutputMessageSchema,
  SDKMemoryRecallMessageSchema,
  SDKModelRefusalFallbackMessageSchema,
  SDKModelRefusalNoFallbackMessageSchema,
  SDKNotificationMessageSchema,
  SDKPermissionDeniedMessageSchema,
} from "./system-notice-messages.ts";
import {
  SDKCommandsChangedMessageSchema,
  SDKFilesPersistedEventSchema,
  SDKMirrorErrorMessageSchema,
  SDKSessionWritesLostMessageSchema,
} from "./system-session-messages.ts";
import {
  SDKAPIRetryMessageSchema,
  SDKControlRequestProgressMessageSchema,
  SDKSessionStateChangedMessageSchema,
  SDKStatusMessageSchema,
  SDKThinkingTokensMessageSchema,
  SDKWorkerShuttingDownMessageSchema,
} from "./system-status-messages.ts";
import {
  SDKBackgroundTasksChangedMessageSchema,
  SDKTaskNotificationMessageSchema,
  SDKTaskProgressMessageSchema,
  SDKTaskStartedMessageSchema,
  SDKTaskUpdatedMessageSchema,
} from "./system-task-messages.ts";
import { SDKToolProgressMessageSchema, SDKToolUseSummaryMessageSchema } from "./tool-progress-messages.ts";
import { SDKUserMessageReplaySchema, SDKUserMessageSchema } from "./user-message.ts";

/** Every declared `system` message, by subtype: what the decoder routes `type: "system"` lines through. */
export const SYSTEM_MESSAGE_SCHEMAS = {
  init: SDKSystemMessageSchema,
  compact_boundary: SDKCompactBoundaryMessageSchema,
  status: SDKStatusMessageSchema,
  api_retry: SDKAPIRetryMessageSchema,
  control_request_progress: SDKControlRequestProgressMessageSchema,
  model_refusal_fallback: SDKModelRefusalFallbackMessageSchema,
  model_refusal_no_fallback: SDKModelRefusalNoFallbackMessageSchema,
  local_command_output: SDKLocalCommandOutputMessageSchema,
  hook_started: SDKHookStartedMessageSchema,
  hook_progress: SDKHookProgressMessageSchema,
  hook_response: SDKHookResponseMessageSchema,
  plugin_install: SDKPluginInstallMessageSchema,
  task_notification: SDKTaskNotificationMessageSchema,
  task_started: SDKTaskStartedMessageSchema,
  task_updated: SDKTaskUpdatedMessageSchema,
  task_progress: SDKTaskProgressMessageSchema,
  background_tasks_changed: SDKBackgroundTasksChangedMessageSchema,
  thinking_tokens: SDKThinkingTokensMessageSchema,
  session_state_changed: SDKSessionStateChangedMessageSchema,
  worker_shutting_down: SDKWorkerShuttingDownMessageSchema,
  commands_changed: SDKCommandsChangedMessageSchema,
  notification: SDKNotificationMessageSchema,
  files_persisted: SDKFilesPersistedEventSchema,
  memory_recall: SDKMemoryRecallMessageSchema,
  elicitation_complete: SDKElicitationCompleteMessageSchema,
  permission_denied: SDKPermissionDeniedMessageSchema,
  mirror_error: SDKMirrorErrorMessageSchema,
  informational: SDKInformationalMessageSchema,
  session_writes_lost: SDKSessionWritesLostMessageSchema,
} as const;

/** A declared `system` subtype. */
export type SystemMessageSubtype = keyof typeof SYSTEM_MESSAGE_SCHEMAS;

/** Every declared message type that needs no subtype to pick its schema (user is split by `isReplay`). */
export const PLAIN_MESSAGE_SCHEMAS = {
  assistant: SDKAssistantMessageSchema,
  stream_event: SDKPartialAssistantMessageSchema,
  tool_progress: SDKToolProgressMessageSchema,
  auth_status: SDKAuthStatusMessageSchema,
  tool_use_summary: SDKToolUseSummaryMessageSchema,
  rate_limit_event: SDKRateLimitEventSchema,
  prompt_suggestion: SDKPromptSuggestionMessageSchema,
  conversation_reset: SDKConversationResetMessageSchema,
} as const;

/** Everything the CLI (or a host) can say in the conversation: the SDK's 40-variant `SDKMessage` union. */
export const SDKMessageSchema = z.union([
  SDKAssistantMessageSchema,
  SDKUserMessageReplaySchema,
  SDKUserMessageSchema,
  SDKResultSuccessSchema,
  SDKResultErrorSchema,
  ...Object.values(SYSTEM_MESSAGE_SCHEMAS),
  SDKPartialAssistantMessageSchema,
  SDKToolProgressMessageSchema,
  SDKAuthStatusMessageSchema,
  SDKToolUseSummaryMessageSchema,
  SDKRateLimitEventSchema,
  SDKPromptSuggestionMessageSchema,
  SDKConversationResetMessageSchema,
]);
export type SDKMessage = z.infer<typeof SDKMessageSchema>;
