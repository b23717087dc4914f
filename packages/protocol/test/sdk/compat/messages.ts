// Every SDK message type of ours must be assignable to the official SDK type of the same name, so a
// value we decode or build can be handed to code written against @anthropic-ai/claude-agent-sdk.
import type * as Ours from "../../../src/index.ts";
import type { BetaMessage, BetaRawMessageStreamEvent, Sdk } from "./official.ts";
import { accepts, some, type Wire, type WireResultUsage } from "./relax.ts";

type Relaxed<T, K extends keyof T, R> = Omit<T, K> & { [P in K]: R };

/** Official messages that embed Anthropic response types, relaxed as explained in relax.ts. */
export type WireAssistantMessage = Relaxed<Sdk.SDKAssistantMessage, "message", Wire<BetaMessage>>;
export type WirePartialAssistantMessage = Relaxed<
  Sdk.SDKPartialAssistantMessage,
  "event",
  Wire<BetaRawMessageStreamEvent>
>;
export type WireResultSuccess = Relaxed<Sdk.SDKResultSuccess, "usage", WireResultUsage<Sdk.NonNullableUsage>>;
export type WireResultError = Relaxed<Sdk.SDKResultError, "usage", WireResultUsage<Sdk.NonNullableUsage>>;
export type WireSDKMessage =
  | Exclude<
      Sdk.SDKMessage,
      Sdk.SDKAssistantMessage | Sdk.SDKPartialAssistantMessage | Sdk.SDKResultSuccess | Sdk.SDKResultError
    >
  | WireAssistantMessage
  | WirePartialAssistantMessage
  | WireResultSuccess
  | WireResultError;

accepts<WireSDKMessage>(some<Ours.SDKMessage>());
accepts<WireAssistantMessage>(some<Ours.SDKAssistantMessage>());
accepts<Sdk.SDKUserMessage>(some<Ours.SDKUserMessage>());
accepts<Sdk.SDKUserMessageReplay>(some<Ours.SDKUserMessageReplay>());
accepts<WireResultSuccess | WireResultError>(some<Ours.SDKResultMessage>());
accepts<WireResultSuccess>(some<Ours.SDKResultSuccess>());
accepts<WireResultError>(some<Ours.SDKResultError>());
accepts<Sdk.SDKSystemMessage>(some<Ours.SDKSystemMessage>());
accepts<WirePartialAssistantMessage>(some<Ours.SDKPartialAssistantMessage>());
accepts<Sdk.SDKCompactBoundaryMessage>(some<Ours.SDKCompactBoundaryMessage>());
accepts<Sdk.SDKStatusMessage>(some<Ours.SDKStatusMessage>());
accepts<Sdk.SDKAPIRetryMessage>(some<Ours.SDKAPIRetryMessage>());
accepts<Sdk.SDKControlRequestProgressMessage>(some<Ours.SDKControlRequestProgressMessage>());
accepts<Sdk.SDKModelRefusalFallbackMessage>(some<Ours.SDKModelRefusalFallbackMessage>());
accepts<Sdk.SDKModelRefusalNoFallbackMessage>(some<Ours.SDKModelRefusalNoFallbackMessage>());
accepts<Sdk.SDKLocalCommandOutputMessage>(some<Ours.SDKLocalCommandOutputMessage>());
accepts<Sdk.SDKHookStartedMessage>(some<Ours.SDKHookStartedMessage>());
accepts<Sdk.SDKHookProgressMessage>(some<Ours.SDKHookProgressMessage>());
accepts<Sdk.SDKHookResponseMessage>(some<Ours.SDKHookResponseMessage>());
accepts<Sdk.SDKPluginInstallMessage>(some<Ours.SDKPluginInstallMessage>());
accepts<Sdk.SDKToolProgressMessage>(some<Ours.SDKToolProgressMessage>());
accepts<Sdk.SDKAuthStatusMessage>(some<Ours.SDKAuthStatusMessage>());
accepts<Sdk.SDKTaskNotificationMessage>(some<Ours.SDKTaskNotificationMessage>());
accepts<Sdk.SDKTaskStartedMessage>(some<Ours.SDKTaskStartedMessage>());
accepts<Sdk.SDKTaskUpdatedMessage>(some<Ours.SDKTaskUpdatedMessage>());
accepts<Sdk.SDKTaskProgressMessage>(some<Ours.SDKTaskProgressMessage>());
accepts<Sdk.SDKBackgroundTasksChangedMessage>(some<Ours.SDKBackgroundTasksChangedMessage>());
accepts<Sdk.SDKThinkingTokensMessage>(some<Ours.SDKThinkingTokensMessage>());
accepts<Sdk.SDKSessionStateChangedMessage>(some<Ours.SDKSessionStateChangedMessage>());
accepts<Sdk.SDKWorkerShuttingDownMessage>(some<Ours.SDKWorkerShuttingDownMessage>());
accepts<Sdk.SDKCommandsChangedMessage>(some<Ours.SDKCommandsChangedMessage>());
accepts<Sdk.SDKNotificationMessage>(some<Ours.SDKNotificationMessage>());
accepts<Sdk.SDKFilesPersistedEvent>(some<Ours.SDKFilesPersistedEvent>());
accepts<Sdk.SDKToolUseSummaryMessage>(some<Ours.SDKToolUseSummaryMessage>());
accepts<Sdk.SDKMemoryRecallMessage>(some<Ours.SDKMemoryRecallMessage>());
accepts<Sdk.SDKRateLimitEvent>(some<Ours.SDKRateLimitEvent>());
accepts<Sdk.SDKElicitationCompleteMessage>(some<Ours.SDKElicitationCompleteMessage>());
accepts<Sdk.SDKPermissionDeniedMessage>(some<Ours.SDKPermissionDeniedMessage>());
accepts<Sdk.SDKPromptSuggestionMessage>(some<Ours.SDKPromptSuggestionMessage>());
accepts<Sdk.SDKMirrorErrorMessage>(some<Ours.SDKMirrorErrorMessage>());
accepts<Sdk.SDKInformationalMessage>(some<Ours.SDKInformationalMessage>());
accepts<Sdk.SDKConversationResetMessage>(some<Ours.SDKConversationResetMessage>());
accepts<Sdk.SDKSessionWritesLostMessage>(some<Ours.SDKSessionWritesLostMessage>());
accepts<Sdk.SDKActiveGoalMessage>(some<Ours.SDKActiveGoalMessage>());

// Shapes shared by several messages.
accepts<Sdk.ModelUsage>(some<Ours.ModelUsage>());
accepts<Sdk.SDKPermissionDenial>(some<Ours.SDKPermissionDenial>());
accepts<Sdk.SDKDeferredToolUse>(some<Ours.SDKDeferredToolUse>());
accepts<Sdk.SDKMessageOrigin>(some<Ours.SDKMessageOrigin>());
accepts<Sdk.SDKRateLimitInfo>(some<Ours.SDKRateLimitInfo>());
accepts<Sdk.SDKContextUsage>(some<Ours.SDKContextUsage>());
accepts<Sdk.SDKUsageReport>(some<Ours.SDKUsageReport>());
accepts<Sdk.SDKMcpResourceLink>(some<Ours.SDKMcpResourceLink>());
accepts<Sdk.SlashCommand>(some<Ours.SlashCommand>());

// Enumerations: exactly the same members in both directions.
accepts<Sdk.PermissionMode>(some<Ours.PermissionMode>());
accepts<Ours.PermissionMode>(some<Sdk.PermissionMode>());
accepts<Sdk.HookEvent>(some<Ours.HookEvent>());
accepts<Ours.HookEvent>(some<Sdk.HookEvent>());
accepts<Sdk.ExitReason>(some<Ours.ExitReason>());
accepts<Ours.ExitReason>(some<Sdk.ExitReason>());
accepts<Sdk.ApiKeySource>(some<Ours.ApiKeySource>());
accepts<Ours.ApiKeySource>(some<Sdk.ApiKeySource>());
accepts<Sdk.TerminalReason>(some<Ours.TerminalReason>());
accepts<Ours.TerminalReason>(some<Sdk.TerminalReason>());
accepts<Sdk.SDKAssistantMessageError>(some<Ours.SDKAssistantMessageError>());
accepts<Ours.SDKAssistantMessageError>(some<Sdk.SDKAssistantMessageError>());
accepts<Sdk.FastModeState>(some<Ours.FastModeState>());
accepts<Ours.FastModeState>(some<Sdk.FastModeState>());
accepts<Sdk.FastModeDisabledReason>(some<Ours.FastModeDisabledReason>());
accepts<Ours.FastModeDisabledReason>(some<Sdk.FastModeDisabledReason>());
accepts<Sdk.EffortLevel>(some<Ours.EffortLevel>());
accepts<Ours.EffortLevel>(some<Sdk.EffortLevel>());
accepts<Sdk.SettingSource>(some<Ours.SettingSource>());
accepts<Ours.SettingSource>(some<Sdk.SettingSource>());
accepts<Sdk.SDKStartupFailureReason>(some<Ours.SDKStartupFailureReason>());
accepts<Ours.SDKStartupFailureReason>(some<Sdk.SDKStartupFailureReason>());
accepts<Sdk.PermissionBehavior>(some<Ours.PermissionBehavior>());
accepts<Ours.PermissionBehavior>(some<Sdk.PermissionBehavior>());
accepts<Sdk.PermissionUpdateDestination>(some<Ours.PermissionUpdateDestination>());
accepts<Ours.PermissionUpdateDestination>(some<Sdk.PermissionUpdateDestination>());
accepts<Sdk.PermissionDecisionClassification>(some<Ours.PermissionDecisionClassification>());
accepts<Ours.PermissionDecisionClassification>(some<Sdk.PermissionDecisionClassification>());
accepts<Sdk.HookPermissionDecision>(some<Ours.HookPermissionDecision>());
accepts<Ours.HookPermissionDecision>(some<Sdk.HookPermissionDecision>());
accepts<Sdk.SdkBeta>(some<Ours.SdkBeta>());
accepts<Ours.SdkBeta>(some<Sdk.SdkBeta>());
accepts<Sdk.SDKStatus>(some<Ours.SDKStatus>());
accepts<Ours.SDKStatus>(some<Sdk.SDKStatus>());
accepts<readonly Sdk.HookEvent[]>(some<typeof Ours.HOOK_EVENTS>());
accepts<readonly Sdk.ExitReason[]>(some<typeof Ours.EXIT_REASONS>());
