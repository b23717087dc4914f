import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";
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

/**
 * Every variant of the SDK's `SDKMessage` union under the SDK's own type name, in the order the union tries
 * them (a replayed user message before a plain one). The JSON Schema export publishes each by this name.
 */
export const SDK_MESSAGE_SCHEMAS = {
  SDKAssistantMessage: SDKAssistantMessageSchema,
  SDKUserMessageReplay: SDKUserMessageReplaySchema,
  SDKUserMessage: SDKUserMessageSchema,
  SDKResultSuccess: SDKResultSuccessSchema,
  SDKResultError: SDKResultErrorSchema,
  SDKSystemMessage: SDKSystemMessageSchema,
  SDKCompactBoundaryMessage: SDKCompactBoundaryMessageSchema,
  SDKStatusMessage: SDKStatusMessageSchema,
  SDKAPIRetryMessage: SDKAPIRetryMessageSchema,
  SDKControlRequestProgressMessage: SDKControlRequestProgressMessageSchema,
  SDKModelRefusalFallbackMessage: SDKModelRefusalFallbackMessageSchema,
  SDKModelRefusalNoFallbackMessage: SDKModelRefusalNoFallbackMessageSchema,
  SDKLocalCommandOutputMessage: SDKLocalCommandOutputMessageSchema,
  SDKHookStartedMessage: SDKHookStartedMessageSchema,
  SDKHookProgressMessage: SDKHookProgressMessageSchema,
  SDKHookResponseMessage: SDKHookResponseMessageSchema,
  SDKPluginInstallMessage: SDKPluginInstallMessageSchema,
  SDKTaskNotificationMessage: SDKTaskNotificationMessageSchema,
  SDKTaskStartedMessage: SDKTaskStartedMessageSchema,
  SDKTaskUpdatedMessage: SDKTaskUpdatedMessageSchema,
  SDKTaskProgressMessage: SDKTaskProgressMessageSchema,
  SDKBackgroundTasksChangedMessage: SDKBackgroundTasksChangedMessageSchema,
  SDKThinkingTokensMessage: SDKThinkingTokensMessageSchema,
  SDKSessionStateChangedMessage: SDKSessionStateChangedMessageSchema,
  SDKWorkerShuttingDownMessage: SDKWorkerShuttingDownMessageSchema,
  SDKCommandsChangedMessage: SDKCommandsChangedMessageSchema,
  SDKNotificationMessage: SDKNotificationMessageSchema,
  SDKFilesPersistedEvent: SDKFilesPersistedEventSchema,
  SDKMemoryRecallMessage: SDKMemoryRecallMessageSchema,
  SDKElicitationCompleteMessage: SDKElicitationCompleteMessageSchema,
  SDKPermissionDeniedMessage: SDKPermissionDeniedMessageSchema,
  SDKMirrorErrorMessage: SDKMirrorErrorMessageSchema,
  SDKInformationalMessage: SDKInformationalMessageSchema,
  SDKSessionWritesLostMessage: SDKSessionWritesLostMessageSchema,
  SDKPartialAssistantMessage: SDKPartialAssistantMessageSchema,
  SDKToolProgressMessage: SDKToolProgressMessageSchema,
  SDKAuthStatusMessage: SDKAuthStatusMessageSchema,
  SDKToolUseSummaryMessage: SDKToolUseSummaryMessageSchema,
  SDKRateLimitEvent: SDKRateLimitEventSchema,
  SDKPromptSuggestionMessage: SDKPromptSuggestionMessageSchema,
  SDKConversationResetMessage: SDKConversationResetMessageSchema,
} as const;

/** Everything the CLI (or a host) can say in the conversation: the SDK's `SDKMessage` union. */
export const SDKMessageSchema = lazySchema(() => z.union(Object.values(SDK_MESSAGE_SCHEMAS)));
export type SDKMessage = z.infer<typeof SDKMessageSchema>;

/** A declared `system` subtype. */
export type SystemMessageSubtype = Extract<SDKMessage, { type: "system" }>["subtype"];

type VariantSchema = (typeof SDK_MESSAGE_SCHEMAS)[keyof typeof SDK_MESSAGE_SCHEMAS];

/** The literal a variant's schema fixes for `key` (`type` or `subtype`), if it fixes one. */
function literalOf(schema: VariantSchema, key: "type" | "subtype"): string | undefined {
  const field = (schema.shape as Record<string, z.ZodType>)[key];
  return field instanceof z.ZodLiteral ? String(field.value) : undefined;
}

let systemMessageSchemasBySubtype: Readonly<Record<string, z.ZodType>> | undefined;
let plainMessageSchemasByType: Readonly<Record<string, z.ZodType>> | undefined;

/**
 * Which schema a `type: "system"` line is checked with, by its subtype (read off the schemas above, on first
 * use: reading them builds every variant).
 */
export function systemMessageSchemas(): Readonly<Record<string, z.ZodType>> {
  systemMessageSchemasBySubtype ??= Object.fromEntries(
    Object.values(SDK_MESSAGE_SCHEMAS)
      .filter((schema) => literalOf(schema, "type") === "system")
      .map((schema) => [literalOf(schema, "subtype"), schema]),
  );
  return systemMessageSchemasBySubtype as Readonly<Record<string, z.ZodType>>;
}

const ROUTED_BY_MORE_THAN_TYPE: ReadonlySet<string> = new Set(["user", "result", "system"]);

/**
 * Which schema a line is checked with when its type alone picks one (not `user`, `result` or `system`,
 * whose subtype or replay flag decides).
 */
export function plainMessageSchemas(): Readonly<Record<string, z.ZodType>> {
  plainMessageSchemasByType ??= Object.fromEntries(
    Object.values(SDK_MESSAGE_SCHEMAS)
      .filter((schema) => !ROUTED_BY_MORE_THAN_TYPE.has(literalOf(schema, "type") ?? ""))
      .map((schema) => [literalOf(schema, "type"), schema]),
  );
  return plainMessageSchemasByType as Readonly<Record<string, z.ZodType>>;
}
