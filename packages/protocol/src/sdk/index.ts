/** SDK messages and the control protocol (seed 004): the headless wire format, byte-compatible with the Claude Agent SDK. */
export type { AgentDefinition, AgentMcpServerSpec, SdkAgentInfo } from "./agent-definition.ts";
export {
  AgentDefinitionSchema,
  AgentMcpServerSpecSchema,
  SdkAgentInfoSchema,
} from "./agent-definition.ts";
export type { SDKAssistantMessage } from "./assistant-message.ts";
export { SDKAssistantMessageSchema } from "./assistant-message.ts";
export type {
  BetaContainer,
  BetaContextManagementResponse,
  BetaDiagnostics,
  BetaInputTransformation,
  BetaMessage,
  BetaRefusalStopDetails,
  BetaStopReason,
} from "./beta-message.ts";
export {
  BETA_STOP_REASONS,
  BetaContainerSchema,
  BetaContextManagementResponseSchema,
  BetaDiagnosticsSchema,
  BetaInputTransformationSchema,
  BetaMessageSchema,
  BetaRefusalStopDetailsSchema,
  BetaStopReasonSchema,
} from "./beta-message.ts";
export type {
  BetaCacheCreation,
  BetaFallbackCreditUsage,
  BetaIterationsUsage,
  BetaMessageDeltaUsage,
  BetaOutputTokensDetails,
  BetaServerToolUsage,
  BetaUsage,
  NonNullableUsage,
} from "./beta-usage.ts";
export {
  BetaCacheCreationSchema,
  BetaFallbackCreditUsageSchema,
  BetaIterationsUsageSchema,
  BetaMessageDeltaUsageSchema,
  BetaOutputTokensDetailsSchema,
  BetaServerToolUsageSchema,
  BetaUsageSchema,
  NonNullableUsageSchema,
} from "./beta-usage.ts";
export type {
  BetaCompactionBlock,
  BetaFallbackBlock,
  BetaToolChange,
  BetaToolDefinition,
  RefusalCategory,
} from "./compaction-blocks.ts";
export {
  BetaCompactionBlockSchema,
  BetaFallbackBlockSchema,
  BetaToolChangeSchema,
  BetaToolDefinitionSchema,
  RefusalCategorySchema,
} from "./compaction-blocks.ts";
export type { AssistantMessageOptions, ResultFields, SystemInitFacts } from "./constructors.ts";
export {
  emptyUsage,
  newAssistantMessage,
  newCompactBoundary,
  newResultError,
  newResultSuccess,
  newSystemInit,
  newUserMessage,
} from "./constructors.ts";
export type { BetaContentBlock, ContentBlock, ContentBlockParam } from "./content-block.ts";
export { BetaContentBlockSchema, ContentBlockParamSchema, ContentBlockSchema } from "./content-block.ts";
export type {
  CacheControlEphemeral,
  CitationCharLocation,
  CitationContentBlockLocation,
  CitationPageLocation,
  CitationSearchResultLocation,
  CitationsConfig,
  CitationWebSearchResultLocation,
  TextCitation,
  ToolCaller,
} from "./content-block-common.ts";
export {
  CacheControlEphemeralSchema,
  CitationCharLocationSchema,
  CitationContentBlockLocationSchema,
  CitationPageLocationSchema,
  CitationSearchResultLocationSchema,
  CitationsConfigSchema,
  CitationWebSearchResultLocationSchema,
  TextCitationSchema,
  ToolCallerSchema,
} from "./content-block-common.ts";
export type {
  SDKContextUsage,
  SDKContextUsageCategory,
  SDKExtraUsage,
  SDKSessionUsageTotals,
  SDKUsageReport,
} from "./context-usage.ts";
export {
  SDKContextUsageCategorySchema,
  SDKContextUsageSchema,
  SDKExtraUsageSchema,
  SDKSessionUsageTotalsSchema,
  SDKUsageReportSchema,
} from "./context-usage.ts";
export type { SDKControlGetContextUsageResponse } from "./control/context-usage-response.ts";
export { SDKControlGetContextUsageResponseSchema } from "./control/context-usage-response.ts";
export {
  controlCancel,
  controlError,
  controlSuccess,
  decodeControlSuccessPayload,
  newControlRequest,
  UNSUPPORTED_REQUEST_ERROR_CODE,
  unsupportedControlRequest,
} from "./control/control-builders.ts";
export type {
  ControlErrorResponse,
  ControlResponse,
  SDKControlCancelRequest,
  SDKControlResponse,
  SDKKeepAliveMessage,
  SdkControlFrame,
} from "./control/control-frames.ts";
export {
  ControlErrorResponseSchema,
  ControlResponseSchema,
  SDKControlCancelRequestSchema,
  SDKControlResponseSchema,
  SDKKeepAliveMessageSchema,
  SdkControlFrameSchema,
} from "./control/control-frames.ts";
export type {
  ControlRequestSubtype,
  SDKControlRequest,
  SDKControlRequestInner,
} from "./control/control-request.ts";
export {
  CONTROL_REQUEST_SCHEMAS,
  SDKControlRequestInnerSchema,
  SDKControlRequestSchema,
} from "./control/control-request.ts";
export type {
  SDKControlGetHooksListingResponse,
  SDKControlPermissionRulesState,
  SDKPermissionRuleEntry,
  SDKSettingsParseError,
} from "./control/hooks-listing-response.ts";
export {
  SDKControlGetHooksListingResponseSchema,
  SDKControlPermissionRulesStateSchema,
  SDKPermissionRuleEntrySchema,
  SDKSettingsParseErrorSchema,
} from "./control/hooks-listing-response.ts";
export type {
  SDKControlElicitationRequest,
  SDKControlPermissionRequest,
  SDKControlRequestUserDialogRequest,
  SDKHookCallbackRequest,
} from "./control/host-requests.ts";
export {
  PERMISSION_DECISION_REASON_TYPES,
  SDKControlElicitationRequestSchema,
  SDKControlPermissionRequestSchema,
  SDKControlRequestUserDialogRequestSchema,
  SDKHookCallbackRequestSchema,
} from "./control/host-requests.ts";
export type {
  AccountInfo,
  ModelInfo,
  SDKControlInitializeRequest,
  SDKControlInitializeResponse,
} from "./control/initialize.ts";
export {
  AccountInfoSchema,
  ModelInfoSchema,
  SDKControlInitializeRequestSchema,
  SDKControlInitializeResponseSchema,
} from "./control/initialize.ts";
export type {
  JSONRPCMessage,
  SDKControlMcpCallRequest,
  SDKControlMcpMessageRequest,
  SDKControlMcpReadResourceRequest,
  SDKControlMcpReconnectRequest,
  SDKControlMcpSetServersRequest,
  SDKControlMcpStatusRequest,
  SDKControlMcpToggleRequest,
} from "./control/mcp-requests.ts";
export {
  JSONRPCMessageSchema,
  SDKControlMcpCallRequestSchema,
  SDKControlMcpMessageRequestSchema,
  SDKControlMcpReadResourceRequestSchema,
  SDKControlMcpReconnectRequestSchema,
  SDKControlMcpSetServersRequestSchema,
  SDKControlMcpStatusRequestSchema,
  SDKControlMcpToggleRequestSchema,
} from "./control/mcp-requests.ts";
export type {
  SDKControlFileSuggestionsRequest,
  SDKControlGetBinaryVersionRequest,
  SDKControlGetContextUsageRequest,
  SDKControlGetSessionCostRequest,
  SDKControlGetUsageRequest,
  SDKControlListModelsRequest,
  SDKControlReadFileRequest,
  SDKControlRegisterRepoRootRequest,
  SDKControlSeedReadStateRequest,
} from "./control/query-requests.ts";
export {
  SDKControlFileSuggestionsRequestSchema,
  SDKControlGetBinaryVersionRequestSchema,
  SDKControlGetContextUsageRequestSchema,
  SDKControlGetSessionCostRequestSchema,
  SDKControlGetUsageRequestSchema,
  SDKControlListModelsRequestSchema,
  SDKControlReadFileRequestSchema,
  SDKControlRegisterRepoRootRequestSchema,
  SDKControlSeedReadStateRequestSchema,
} from "./control/query-requests.ts";
export type {
  ControlAckResponse,
  ControlSuccessPayload,
  ElicitationResult,
  McpMessageResponse,
  RewindFilesResult,
  SDKControlGetTaskOutputResponse,
  SDKControlInterruptResponse,
  SDKControlListPermissionRulesResponse,
  SDKControlMcpReadResourceResponse,
  SDKControlReadFileResponse,
  SDKControlReloadOutputStylesResponse,
  SDKControlReloadPluginsResponse,
  SDKControlReloadSkillsResponse,
  UserDialogResult,
} from "./control/response-payloads.ts";
export {
  CONTROL_SUCCESS_PAYLOAD_SCHEMAS,
  ControlAckResponseSchema,
  ElicitationResultSchema,
  McpMessageResponseSchema,
  RewindFilesResultSchema,
  SDKControlGetTaskOutputResponseSchema,
  SDKControlInterruptResponseSchema,
  SDKControlListPermissionRulesResponseSchema,
  SDKControlMcpReadResourceResponseSchema,
  SDKControlReadFileResponseSchema,
  SDKControlReloadOutputStylesResponseSchema,
  SDKControlReloadPluginsResponseSchema,
  SDKControlReloadSkillsResponseSchema,
  UserDialogResultSchema,
} from "./control/response-payloads.ts";
export type {
  SDKControlBackgroundTasksRequest,
  SDKControlCancelAsyncMessageRequest,
  SDKControlGetTaskOutputRequest,
  SDKControlInterruptRequest,
  SDKControlRenameSessionRequest,
  SDKControlRewindFilesRequest,
  SDKControlSetColorRequest,
  SDKControlSetHasSubscribersRequest,
  SDKControlSetMaxThinkingTokensRequest,
  SDKControlSetModelRequest,
  SDKControlSetPermissionModeRequest,
  SDKControlStopTaskRequest,
} from "./control/session-requests.ts";
export {
  SDKControlBackgroundTasksRequestSchema,
  SDKControlCancelAsyncMessageRequestSchema,
  SDKControlGetTaskOutputRequestSchema,
  SDKControlInterruptRequestSchema,
  SDKControlRenameSessionRequestSchema,
  SDKControlRewindFilesRequestSchema,
  SDKControlSetColorRequestSchema,
  SDKControlSetHasSubscribersRequestSchema,
  SDKControlSetMaxThinkingTokensRequestSchema,
  SDKControlSetModelRequestSchema,
  SDKControlSetPermissionModeRequestSchema,
  SDKControlStopTaskRequestSchema,
} from "./control/session-requests.ts";
export type {
  SDKControlApplyFlagSettingsRequest,
  SDKControlGetHooksListingRequest,
  SDKControlGetSettingsRequest,
  SDKControlListPermissionRulesRequest,
  SDKControlReloadOutputStylesRequest,
  SDKControlReloadPluginsRequest,
  SDKControlReloadSkillsRequest,
  SDKControlUpdateSettingsRequest,
} from "./control/settings-requests.ts";
export {
  SDKControlApplyFlagSettingsRequestSchema,
  SDKControlGetHooksListingRequestSchema,
  SDKControlGetSettingsRequestSchema,
  SDKControlListPermissionRulesRequestSchema,
  SDKControlReloadOutputStylesRequestSchema,
  SDKControlReloadPluginsRequestSchema,
  SDKControlReloadSkillsRequestSchema,
  SDKControlUpdateSettingsRequestSchema,
} from "./control/settings-requests.ts";
export type { SDKControlGetUsageResponse, SDKUsageBehaviorPeriod } from "./control/usage-response.ts";
export {
  SDKControlGetUsageResponseSchema,
  SDKUsageBehaviorPeriodSchema,
} from "./control/usage-response.ts";
export type { SdkDecodeResult } from "./decode-sdk-message.ts";
export { decodeSdkMessage, encodeSdkMessage } from "./decode-sdk-message.ts";
export type {
  ApiKeySource,
  EffortLevel,
  ExitReason,
  FastModeDisabledReason,
  FastModeState,
  HookEvent,
  HookPermissionDecision,
  PermissionBehavior,
  PermissionDecisionClassification,
  PermissionMode,
  PermissionUpdateDestination,
  SDKAssistantMessageError,
  SDKStartupFailureReason,
  SDKStatus,
  SdkBeta,
  SettingSource,
  TerminalReason,
  ThinkingDisplay,
} from "./enums.ts";
export {
  API_KEY_SOURCES,
  ApiKeySourceSchema,
  EFFORT_LEVELS,
  EffortLevelSchema,
  EXIT_REASONS,
  ExitReasonSchema,
  FAST_MODE_DISABLED_REASONS,
  FAST_MODE_STATES,
  FastModeDisabledReasonSchema,
  FastModeStateSchema,
  HOOK_EVENTS,
  HOOK_PERMISSION_DECISIONS,
  HookEventSchema,
  HookPermissionDecisionSchema,
  PERMISSION_BEHAVIORS,
  PERMISSION_DECISION_CLASSIFICATIONS,
  PERMISSION_MODES,
  PERMISSION_UPDATE_DESTINATIONS,
  PermissionBehaviorSchema,
  PermissionDecisionClassificationSchema,
  PermissionModeSchema,
  PermissionUpdateDestinationSchema,
  SDK_ASSISTANT_MESSAGE_ERRORS,
  SDK_BETAS,
  SDK_STARTUP_FAILURE_REASONS,
  SDKAssistantMessageErrorSchema,
  SDKStartupFailureReasonSchema,
  SDKStatusSchema,
  SdkBetaSchema,
  SETTING_SOURCES,
  SettingSourceSchema,
  TERMINAL_REASONS,
  TerminalReasonSchema,
  THINKING_DISPLAYS,
  ThinkingDisplaySchema,
} from "./enums.ts";
export type {
  BackgroundTaskSummary,
  BaseHookInput,
  HookInput,
  SessionCronSummary,
} from "./hook-input.ts";
export {
  BackgroundTaskSummarySchema,
  BaseHookInputSchema,
  HookInputSchema,
  SessionCronSummarySchema,
} from "./hook-input.ts";
export type {
  AsyncHookJSONOutput,
  HookJSONOutput,
  HookSpecificOutput,
  SyncHookJSONOutput,
} from "./hook-output.ts";
export {
  AsyncHookJSONOutputSchema,
  HookJSONOutputSchema,
  HookSpecificOutputSchema,
  SyncHookJSONOutputSchema,
} from "./hook-output.ts";
export type {
  HookCallback,
  HookCallbackMatcher,
  HookCallbacks,
  SDKHookCallbackMatcher,
} from "./hooks.ts";
export { HookCallbackMatcherSchema, HookCallbacksSchema, SDKHookCallbackMatcherSchema } from "./hooks.ts";
export type {
  ElicitationRequest,
  OnElicitation,
  OnUserDialog,
  SessionKey,
  SessionStore,
  SessionStoreEntry,
  SessionSummaryEntry,
  SpawnedProcess,
  SpawnOptions,
  UserDialogRequest,
} from "./host-callbacks.ts";
export {
  ElicitationRequestSchema,
  SessionKeySchema,
  SessionStoreEntrySchema,
  SessionSummaryEntrySchema,
  UserDialogRequestSchema,
} from "./host-callbacks.ts";
export type {
  McpClaudeAIProxyServerConfig,
  McpHttpServerConfig,
  McpSdkServerConfig,
  McpSdkServerConfigWithInstance,
  McpServerConfig,
  McpServerConfigForProcessTransport,
  McpServerStatus,
  McpServerToolPolicy,
  McpSetServersResult,
  McpSSEServerConfig,
  McpStdioServerConfig,
  SdkPluginConfig,
} from "./mcp-server-config.ts";
export {
  McpClaudeAIProxyServerConfigSchema,
  McpHttpServerConfigSchema,
  McpSdkServerConfigSchema,
  McpSdkServerConfigWithInstanceSchema,
  McpServerConfigForProcessTransportSchema,
  McpServerConfigSchema,
  McpServerStatusSchema,
  McpServerToolPolicySchema,
  McpSetServersResultSchema,
  McpSSEServerConfigSchema,
  McpStdioServerConfigSchema,
  SdkPluginConfigSchema,
} from "./mcp-server-config.ts";
export type {
  Base64PDFSource,
  BetaDocumentBlock,
  ContentBlockSource,
  DocumentBlockParam,
  DocumentSource,
  ImageBlockParam,
  ImageSource,
  PlainTextSource,
  SearchResultBlockParam,
} from "./media-blocks.ts";
export {
  Base64PDFSourceSchema,
  BetaDocumentBlockSchema,
  ContentBlockSourceSchema,
  DocumentBlockParamSchema,
  DocumentSourceSchema,
  ImageBlockParamSchema,
  ImageSourceSchema,
  PlainTextSourceSchema,
  SearchResultBlockParamSchema,
} from "./media-blocks.ts";
export type { MessageContentParam, MessageParam } from "./message-param.ts";
export { MessageContentParamSchema, MessageParamSchema } from "./message-param.ts";
export type { ModelUsage } from "./model-usage.ts";
export { ModelUsageSchema } from "./model-usage.ts";
export type { SDKPartialAssistantMessage } from "./partial-assistant-message.ts";
export { SDKPartialAssistantMessageSchema } from "./partial-assistant-message.ts";
export type {
  CanUseTool,
  CanUseToolOptions,
  McpServerProvenance,
  PermissionResult,
  PermissionResultAllow,
  PermissionResultDeny,
  PermissionRuleValue,
  PermissionUpdate,
} from "./permissions.ts";
export {
  McpServerProvenanceSchema,
  PermissionResultAllowSchema,
  PermissionResultDenySchema,
  PermissionResultSchema,
  PermissionRuleValueSchema,
  PermissionUpdateSchema,
} from "./permissions.ts";
export { sdkPublicSchemas } from "./public-schemas.ts";
export type {
  OutputFormat,
  QueryOptions,
  Settings,
  SystemPromptConfig,
  ThinkingConfig,
  ToolConfig,
} from "./query-options.ts";
export {
  OutputFormatSchema,
  QueryOptionsSchema,
  SettingsSchema,
  SystemPromptConfigSchema,
  ThinkingConfigSchema,
  ToolConfigSchema,
} from "./query-options.ts";
export type {
  ResultErrorSubtype,
  SDKDeferredToolUse,
  SDKPermissionDenial,
  SDKResultError,
  SDKResultMessage,
  SDKResultSuccess,
} from "./result-message.ts";
export {
  RESULT_ERROR_SUBTYPES,
  ResultErrorSubtypeSchema,
  SDKDeferredToolUseSchema,
  SDKPermissionDenialSchema,
  SDKResultErrorSchema,
  SDKResultMessageSchema,
  SDKResultSuccessSchema,
} from "./result-message.ts";
export type {
  SandboxCredentialsConfig,
  SandboxFilesystemConfig,
  SandboxNetworkConfig,
  SandboxSettings,
} from "./sandbox-settings.ts";
export {
  SandboxCredentialsConfigSchema,
  SandboxFilesystemConfigSchema,
  SandboxNetworkConfigSchema,
  SandboxSettingsSchema,
} from "./sandbox-settings.ts";
export type { SDKMessage, SystemMessageSubtype } from "./sdk-message.ts";
export { plainMessageSchemas, SDKMessageSchema, systemMessageSchemas } from "./sdk-message.ts";
export type {
  BetaAdvisorToolResultBlock,
  BetaBashCodeExecutionToolResultBlock,
  BetaCodeExecutionToolResultBlock,
  BetaTextEditorCodeExecutionToolResultBlock,
  BetaToolSearchToolResultBlock,
  BetaWebFetchToolResultBlock,
  BetaWebSearchResultBlock,
  BetaWebSearchToolResultBlock,
  ToolReferenceBlock,
  WebFetchToolResultBlockParam,
} from "./server-tool-result-blocks.ts";
export {
  BetaAdvisorToolResultBlockSchema,
  BetaBashCodeExecutionToolResultBlockSchema,
  BetaCodeExecutionToolResultBlockSchema,
  BetaTextEditorCodeExecutionToolResultBlockSchema,
  BetaToolSearchToolResultBlockSchema,
  BetaWebFetchToolResultBlockSchema,
  BetaWebSearchResultBlockSchema,
  BetaWebSearchToolResultBlockSchema,
  ToolReferenceBlockSchema,
  WebFetchToolResultBlockParamSchema,
} from "./server-tool-result-blocks.ts";
export type {
  SDKActiveGoalMessage,
  SDKAuthStatusMessage,
  SDKConversationResetMessage,
  SDKPromptSuggestionMessage,
  SDKRateLimitEvent,
  SDKRateLimitInfo,
} from "./session-event-messages.ts";
export {
  SDKActiveGoalMessageSchema,
  SDKAuthStatusMessageSchema,
  SDKConversationResetMessageSchema,
  SDKPromptSuggestionMessageSchema,
  SDKRateLimitEventSchema,
  SDKRateLimitInfoSchema,
} from "./session-event-messages.ts";
export type { SlashCommand } from "./slash-command.ts";
export { SlashCommandSchema } from "./slash-command.ts";
export type { StdinMessage, StdoutMessage } from "./stdio-message.ts";
export { StdinMessageSchema, StdoutMessageSchema } from "./stdio-message.ts";
export type {
  BetaCitationsDelta,
  BetaCompactionContentBlockDelta,
  BetaInputJSONDelta,
  BetaRawContentBlockDelta,
  BetaRawContentBlockDeltaEvent,
  BetaRawContentBlockStartEvent,
  BetaRawContentBlockStopEvent,
  BetaRawMessageDeltaEvent,
  BetaRawMessageStartEvent,
  BetaRawMessageStopEvent,
  BetaRawMessageStreamEvent,
  BetaSignatureDelta,
  BetaTextDelta,
  BetaThinkingDelta,
  MessagesApiErrorEvent,
  MessagesApiPingEvent,
  MessagesApiStreamEvent,
} from "./stream-event.ts";
export {
  BetaCitationsDeltaSchema,
  BetaCompactionContentBlockDeltaSchema,
  BetaInputJSONDeltaSchema,
  BetaRawContentBlockDeltaEventSchema,
  BetaRawContentBlockDeltaSchema,
  BetaRawContentBlockStartEventSchema,
  BetaRawContentBlockStopEventSchema,
  BetaRawMessageDeltaEventSchema,
  BetaRawMessageStartEventSchema,
  BetaRawMessageStopEventSchema,
  BetaRawMessageStreamEventSchema,
  BetaSignatureDeltaSchema,
  BetaTextDeltaSchema,
  BetaThinkingDeltaSchema,
  MessagesApiErrorEventSchema,
  MessagesApiPingEventSchema,
  MessagesApiStreamEventSchema,
} from "./stream-event.ts";
export type { CompactMetadata, SDKCompactBoundaryMessage } from "./system-compact-message.ts";
export { CompactMetadataSchema, SDKCompactBoundaryMessageSchema } from "./system-compact-message.ts";
export type {
  SDKHookProgressMessage,
  SDKHookResponseMessage,
  SDKHookStartedMessage,
  SDKPluginInstallMessage,
} from "./system-hook-messages.ts";
export {
  SDKHookProgressMessageSchema,
  SDKHookResponseMessageSchema,
  SDKHookStartedMessageSchema,
  SDKPluginInstallMessageSchema,
} from "./system-hook-messages.ts";
export type { SDKSystemMessage } from "./system-init-message.ts";
export { SDKSystemMessageSchema } from "./system-init-message.ts";
export type {
  SDKElicitationCompleteMessage,
  SDKInformationalMessage,
  SDKLocalCommandOutputMessage,
  SDKMemoryRecallMessage,
  SDKModelRefusalFallbackMessage,
  SDKModelRefusalNoFallbackMessage,
  SDKNotificationMessage,
  SDKPermissionDeniedMessage,
} from "./system-notice-messages.ts";
export {
  SDKElicitationCompleteMessageSchema,
  SDKInformationalMessageSchema,
  SDKLocalCommandOutputMessageSchema,
  SDKMemoryRecallMessageSchema,
  SDKModelRefusalFallbackMessageSchema,
  SDKModelRefusalNoFallbackMessageSchema,
  SDKNotificationMessageSchema,
  SDKPermissionDeniedMessageSchema,
} from "./system-notice-messages.ts";
export type {
  SDKCommandsChangedMessage,
  SDKFilesPersistedEvent,
  SDKMirrorErrorMessage,
  SDKSessionWritesLostMessage,
} from "./system-session-messages.ts";
export {
  SDKCommandsChangedMessageSchema,
  SDKFilesPersistedEventSchema,
  SDKMirrorErrorMessageSchema,
  SDKSessionWritesLostMessageSchema,
} from "./system-session-messages.ts";
export type {
  SDKAPIRetryMessage,
  SDKControlRequestProgressMessage,
  SDKSessionStateChangedMessage,
  SDKStatusMessage,
  SDKThinkingTokensMessage,
  SDKWorkerShuttingDownMessage,
} from "./system-status-messages.ts";
export {
  SDKAPIRetryMessageSchema,
  SDKControlRequestProgressMessageSchema,
  SDKSessionStateChangedMessageSchema,
  SDKStatusMessageSchema,
  SDKThinkingTokensMessageSchema,
  SDKWorkerShuttingDownMessageSchema,
} from "./system-status-messages.ts";
export type {
  SDKBackgroundTasksChangedMessage,
  SDKMcpResourceLink,
  SDKTaskNotificationMessage,
  SDKTaskProgressMessage,
  SDKTaskStartedMessage,
  SDKTaskUpdatedMessage,
  SDKTaskUsage,
} from "./system-task-messages.ts";
export {
  SDKBackgroundTasksChangedMessageSchema,
  SDKMcpResourceLinkSchema,
  SDKTaskNotificationMessageSchema,
  SDKTaskProgressMessageSchema,
  SDKTaskStartedMessageSchema,
  SDKTaskUpdatedMessageSchema,
  SDKTaskUsageSchema,
} from "./system-task-messages.ts";
export type { BetaRedactedThinkingBlock, BetaTextBlock, BetaThinkingBlock } from "./text-blocks.ts";
export {
  BetaRedactedThinkingBlockSchema,
  BetaTextBlockSchema,
  BetaThinkingBlockSchema,
} from "./text-blocks.ts";
export type { SDKToolProgressMessage, SDKToolUseSummaryMessage } from "./tool-progress-messages.ts";
export {
  SDKToolProgressMessageSchema,
  SDKToolUseSummaryMessageSchema,
} from "./tool-progress-messages.ts";
export type {
  BrowserStateBlockParam,
  ToolResultBlockParam,
  ToolResultContentBlock,
} from "./tool-result-block.ts";
export {
  BrowserStateBlockParamSchema,
  ToolResultBlockParamSchema,
  ToolResultContentBlockSchema,
} from "./tool-result-block.ts";
export type {
  BetaContainerUploadBlock,
  BetaMCPTool,
  BetaMCPToolListingBlock,
  BetaMCPToolResultBlock,
  BetaMCPToolUseBlock,
  BetaServerToolUseBlock,
  BetaToolUseBlock,
  ServerToolUseBlockParam,
} from "./tool-use-blocks.ts";
export {
  BetaContainerUploadBlockSchema,
  BetaMCPToolListingBlockSchema,
  BetaMCPToolResultBlockSchema,
  BetaMCPToolSchema,
  BetaMCPToolUseBlockSchema,
  BetaServerToolUseBlockSchema,
  BetaToolUseBlockSchema,
  SERVER_TOOL_NAMES,
  SERVER_TOOL_PARAM_NAMES,
  ServerToolUseBlockParamSchema,
} from "./tool-use-blocks.ts";
export type { SDKMessageOrigin, SDKUserMessage, SDKUserMessageReplay } from "./user-message.ts";
export {
  SDKMessageOriginSchema,
  SDKUserMessageReplaySchema,
  SDKUserMessageSchema,
} from "./user-message.ts";
export type { Uuid } from "./uuid.ts";
export { newUuid, UuidSchema } from "./uuid.ts";
