/**
 * @parley/protocol — the four message families of Parley, as zod schemas with inferred types.
 * Browser-safe: zod is the only runtime dependency.
 */

// ── rich messages (seeds 000 + 001) ───────────────────────────────────────────
export type { ApprovalStatus } from "./rich/approval-status.ts";
export { ApprovalStatusSchema } from "./rich/approval-status.ts";
export type { DecodeRichMessageOptions } from "./rich/decode-rich-message.ts";
export { decodeRichMessage } from "./rich/decode-rich-message.ts";
export type { DependencyGraph, DependencyManifest, ProjectDependency } from "./rich/dependency-graph.ts";
export {
  DependencyGraphSchema,
  DependencyManifestSchema,
  ProjectDependencySchema,
} from "./rich/dependency-graph.ts";
export type { DirectoryNode } from "./rich/directory-node.ts";
export { DirectoryNodeSchema } from "./rich/directory-node.ts";
export { encodeRichMessage } from "./rich/encode-rich-message.ts";
export type { ErrorDetail } from "./rich/error-detail.ts";
export { ErrorDetailSchema } from "./rich/error-detail.ts";
export type { ExecutionStatus } from "./rich/execution-status.ts";
export { ExecutionStatusSchema } from "./rich/execution-status.ts";
export type { MessageSegment } from "./rich/extract-special-blocks.ts";
export { extractSpecialBlocks } from "./rich/extract-special-blocks.ts";
export type { FileInfo } from "./rich/file-info.ts";
export { FileInfoSchema } from "./rich/file-info.ts";
export type { FileReferenceData, FileReferenceMessage } from "./rich/file-reference.ts";
export { FileReferenceDataSchema, FileReferenceMessageSchema } from "./rich/file-reference.ts";
export type { ImageData, ImageMessage } from "./rich/image.ts";
export { ImageDataSchema, ImageMessageSchema } from "./rich/image.ts";
export type { MCPResourceData, MCPResourceMessage } from "./rich/mcp-resource.ts";
export { MCPResourceDataSchema, MCPResourceMessageSchema } from "./rich/mcp-resource.ts";
export type { MCPToolRequestData, MCPToolRequestMessage } from "./rich/mcp-tool-request.ts";
export { MCPToolRequestDataSchema, MCPToolRequestMessageSchema } from "./rich/mcp-tool-request.ts";
export type { MCPToolResultData, MCPToolResultMessage } from "./rich/mcp-tool-result.ts";
export { MCPToolResultDataSchema, MCPToolResultMessageSchema } from "./rich/mcp-tool-result.ts";
export { parsePlanFromText, parseQuestionFromText } from "./rich/parse-from-text.ts";
export type {
  PlanData,
  PlanDecision,
  PlanMessage,
  PlanStatus,
  PlanStep,
  PlanStepStatus,
} from "./rich/plan.ts";
export {
  PlanDataSchema,
  PlanDecisionSchema,
  PlanMessageSchema,
  PlanStatusSchema,
  PlanStepSchema,
  PlanStepStatusSchema,
} from "./rich/plan.ts";
export type { ProcessingData, ProcessingMessage } from "./rich/processing.ts";
export { ProcessingDataSchema, ProcessingMessageSchema } from "./rich/processing.ts";
export type {
  ProjectDependencies,
  ProjectFileList,
  ProjectStructureData,
  ProjectStructureMessage,
  ProjectStructureType,
  ProjectTree,
} from "./rich/project-structure.ts";
export {
  ProjectDependenciesSchema,
  ProjectFileListSchema,
  ProjectStructureDataSchema,
  ProjectStructureMessageSchema,
  ProjectStructureTypeSchema,
  ProjectTreeSchema,
} from "./rich/project-structure.ts";
export { richPublicSchemas } from "./rich/public-schemas.ts";
export type {
  QuestionData,
  QuestionMessage,
  QuestionOption,
  QuestionSeverity,
  QuestionStatus,
} from "./rich/question.ts";
export {
  QuestionDataSchema,
  QuestionMessageSchema,
  QuestionOptionSchema,
  QuestionSeveritySchema,
  QuestionStatusSchema,
} from "./rich/question.ts";
export type { RichMessage, RichMessageKind } from "./rich/rich-message.ts";
export { isRichMessageKind, RichMessageKindSchema, RichMessageSchema } from "./rich/rich-message.ts";
export type { ModelTextOptions } from "./rich/rich-message-to-model-text.ts";
export { richMessageToModelText } from "./rich/rich-message-to-model-text.ts";
export type { RichWarning, RichWarningCode, RichWarningOptions } from "./rich/rich-warning.ts";
export type {
  AskUserBlock,
  ChangeReportBlock,
  FinalizeTaskBlock,
  PlanBlock,
  SpecialBlock,
  SpecialBlockType,
  TaskOutcome,
} from "./rich/special-blocks.ts";
export {
  AskUserBlockSchema,
  ChangeReportBlockSchema,
  FinalizeTaskBlockSchema,
  isSpecialBlockType,
  PlanBlockSchema,
  SpecialBlockSchema,
  SpecialBlockTypeSchema,
  TaskOutcomeSchema,
} from "./rich/special-blocks.ts";
export type { SystemControlAction, SystemControlData, SystemControlMessage } from "./rich/system-control.ts";
export {
  SystemControlActionSchema,
  SystemControlDataSchema,
  SystemControlMessageSchema,
} from "./rich/system-control.ts";
export type { TextData, TextMessage } from "./rich/text.ts";
export { createTextMessage, TextDataSchema, TextMessageSchema } from "./rich/text.ts";
export type { ApprovalDecider, ToolRequestData, ToolRequestMessage } from "./rich/tool-request.ts";
export {
  ApprovalDeciderSchema,
  ToolRequestDataSchema,
  ToolRequestMessageSchema,
} from "./rich/tool-request.ts";
export { toolRequestAfterApproval } from "./rich/tool-request-after-approval.ts";
export type { ToolResultData, ToolResultMessage } from "./rich/tool-result.ts";
export { ToolResultDataSchema, ToolResultMessageSchema } from "./rich/tool-result.ts";
export { truncateForModel } from "./rich/truncate-for-model.ts";
export type { DecodedRichMessage, UnknownRichMessage } from "./rich/unknown-rich-message.ts";
export { createUnknownRichMessage, UnknownRichMessageSchema } from "./rich/unknown-rich-message.ts";
export type { WorkflowExecutionData, WorkflowExecutionMessage } from "./rich/workflow-execution.ts";
export { WorkflowExecutionDataSchema, WorkflowExecutionMessageSchema } from "./rich/workflow-execution.ts";
export type { WorkflowStatus } from "./rich/workflow-status.ts";
export { WorkflowStatusSchema } from "./rich/workflow-status.ts";
export type {
  WorkflowClock,
  WorkflowExecutionInit,
  WorkflowTransitionError,
  WorkflowTransitionResult,
} from "./rich/workflow-transitions.ts";
export {
  cancelWorkflow,
  completeWorkflow,
  completeWorkflowStep,
  createWorkflowExecution,
  failWorkflow,
  pauseWorkflow,
  resumeWorkflow,
  startWorkflow,
} from "./rich/workflow-transitions.ts";
// ── SDK messages and control protocol (seed 004) ──────────────────────────────
export type { AgentDefinition, AgentMcpServerSpec, SdkAgentInfo } from "./sdk/agent-definition.ts";
export {
  AgentDefinitionSchema,
  AgentMcpServerSpecSchema,
  SdkAgentInfoSchema,
} from "./sdk/agent-definition.ts";
export type { SDKAssistantMessage } from "./sdk/assistant-message.ts";
export { SDKAssistantMessageSchema } from "./sdk/assistant-message.ts";
export type {
  BetaContainer,
  BetaContextManagementResponse,
  BetaDiagnostics,
  BetaInputTransformation,
  BetaMessage,
  BetaRefusalStopDetails,
  BetaStopReason,
} from "./sdk/beta-message.ts";
export {
  BETA_STOP_REASONS,
  BetaContainerSchema,
  BetaContextManagementResponseSchema,
  BetaDiagnosticsSchema,
  BetaInputTransformationSchema,
  BetaMessageSchema,
  BetaRefusalStopDetailsSchema,
  BetaStopReasonSchema,
} from "./sdk/beta-message.ts";
export type {
  BetaCacheCreation,
  BetaFallbackCreditUsage,
  BetaIterationsUsage,
  BetaMessageDeltaUsage,
  BetaOutputTokensDetails,
  BetaServerToolUsage,
  BetaUsage,
  NonNullableUsage,
} from "./sdk/beta-usage.ts";
export {
  BetaCacheCreationSchema,
  BetaFallbackCreditUsageSchema,
  BetaIterationsUsageSchema,
  BetaMessageDeltaUsageSchema,
  BetaOutputTokensDetailsSchema,
  BetaServerToolUsageSchema,
  BetaUsageSchema,
  NonNullableUsageSchema,
} from "./sdk/beta-usage.ts";
export type {
  BetaCompactionBlock,
  BetaFallbackBlock,
  BetaToolChange,
  BetaToolDefinition,
  RefusalCategory,
} from "./sdk/compaction-blocks.ts";
export {
  BetaCompactionBlockSchema,
  BetaFallbackBlockSchema,
  BetaToolChangeSchema,
  BetaToolDefinitionSchema,
  RefusalCategorySchema,
} from "./sdk/compaction-blocks.ts";
export type { AssistantMessageOptions, ResultFields, SystemInitFacts } from "./sdk/constructors.ts";
export {
  emptyUsage,
  newAssistantMessage,
  newCompactBoundary,
  newResultError,
  newResultSuccess,
  newSystemInit,
  newUserMessage,
} from "./sdk/constructors.ts";
export type { BetaContentBlock, ContentBlock, ContentBlockParam } from "./sdk/content-block.ts";
export { BetaContentBlockSchema, ContentBlockParamSchema, ContentBlockSchema } from "./sdk/content-block.ts";
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
} from "./sdk/content-block-common.ts";
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
} from "./sdk/content-block-common.ts";
export type {
  SDKContextUsage,
  SDKContextUsageCategory,
  SDKExtraUsage,
  SDKSessionUsageTotals,
  SDKUsageReport,
} from "./sdk/context-usage.ts";
export {
  SDKContextUsageCategorySchema,
  SDKContextUsageSchema,
  SDKExtraUsageSchema,
  SDKSessionUsageTotalsSchema,
  SDKUsageReportSchema,
} from "./sdk/context-usage.ts";
export type { SDKControlGetContextUsageResponse } from "./sdk/control/context-usage-response.ts";
export { SDKControlGetContextUsageResponseSchema } from "./sdk/control/context-usage-response.ts";
export {
  controlCancel,
  controlError,
  controlSuccess,
  decodeControlSuccessPayload,
  newControlRequest,
  UNSUPPORTED_REQUEST_ERROR_CODE,
  unsupportedControlRequest,
} from "./sdk/control/control-builders.ts";
export type {
  ControlErrorResponse,
  ControlResponse,
  SDKControlCancelRequest,
  SDKControlResponse,
  SDKKeepAliveMessage,
  SdkControlFrame,
} from "./sdk/control/control-frames.ts";
export {
  ControlErrorResponseSchema,
  ControlResponseSchema,
  SDKControlCancelRequestSchema,
  SDKControlResponseSchema,
  SDKKeepAliveMessageSchema,
  SdkControlFrameSchema,
} from "./sdk/control/control-frames.ts";
export type {
  ControlRequestSubtype,
  SDKControlRequest,
  SDKControlRequestInner,
} from "./sdk/control/control-request.ts";
export {
  CONTROL_REQUEST_SCHEMAS,
  SDKControlRequestInnerSchema,
  SDKControlRequestSchema,
} from "./sdk/control/control-request.ts";
export type {
  SDKControlGetHooksListingResponse,
  SDKControlPermissionRulesState,
  SDKPermissionRuleEntry,
  SDKSettingsParseError,
} from "./sdk/control/hooks-listing-response.ts";
export {
  SDKControlGetHooksListingResponseSchema,
  SDKControlPermissionRulesStateSchema,
  SDKPermissionRuleEntrySchema,
  SDKSettingsParseErrorSchema,
} from "./sdk/control/hooks-listing-response.ts";
export type {
  SDKControlElicitationRequest,
  SDKControlPermissionRequest,
  SDKControlRequestUserDialogRequest,
  SDKHookCallbackRequest,
} from "./sdk/control/host-requests.ts";
export {
  PERMISSION_DECISION_REASON_TYPES,
  SDKControlElicitationRequestSchema,
  SDKControlPermissionRequestSchema,
  SDKControlRequestUserDialogRequestSchema,
  SDKHookCallbackRequestSchema,
} from "./sdk/control/host-requests.ts";
export type {
  AccountInfo,
  ModelInfo,
  SDKControlInitializeRequest,
  SDKControlInitializeResponse,
} from "./sdk/control/initialize.ts";
export {
  AccountInfoSchema,
  ModelInfoSchema,
  SDKControlInitializeRequestSchema,
  SDKControlInitializeResponseSchema,
} from "./sdk/control/initialize.ts";
export type {
  JSONRPCMessage,
  SDKControlMcpCallRequest,
  SDKControlMcpMessageRequest,
  SDKControlMcpReadResourceRequest,
  SDKControlMcpReconnectRequest,
  SDKControlMcpSetServersRequest,
  SDKControlMcpStatusRequest,
  SDKControlMcpToggleRequest,
} from "./sdk/control/mcp-requests.ts";
export {
  JSONRPCMessageSchema,
  SDKControlMcpCallRequestSchema,
  SDKControlMcpMessageRequestSchema,
  SDKControlMcpReadResourceRequestSchema,
  SDKControlMcpReconnectRequestSchema,
  SDKControlMcpSetServersRequestSchema,
  SDKControlMcpStatusRequestSchema,
  SDKControlMcpToggleRequestSchema,
} from "./sdk/control/mcp-requests.ts";
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
} from "./sdk/control/query-requests.ts";
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
} from "./sdk/control/query-requests.ts";
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
} from "./sdk/control/response-payloads.ts";
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
} from "./sdk/control/response-payloads.ts";
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
} from "./sdk/control/session-requests.ts";
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
} from "./sdk/control/session-requests.ts";
export type {
  SDKControlApplyFlagSettingsRequest,
  SDKControlGetHooksListingRequest,
  SDKControlGetSettingsRequest,
  SDKControlListPermissionRulesRequest,
  SDKControlReloadOutputStylesRequest,
  SDKControlReloadPluginsRequest,
  SDKControlReloadSkillsRequest,
  SDKControlUpdateSettingsRequest,
} from "./sdk/control/settings-requests.ts";
export {
  SDKControlApplyFlagSettingsRequestSchema,
  SDKControlGetHooksListingRequestSchema,
  SDKControlGetSettingsRequestSchema,
  SDKControlListPermissionRulesRequestSchema,
  SDKControlReloadOutputStylesRequestSchema,
  SDKControlReloadPluginsRequestSchema,
  SDKControlReloadSkillsRequestSchema,
  SDKControlUpdateSettingsRequestSchema,
} from "./sdk/control/settings-requests.ts";
export type { SDKControlGetUsageResponse, SDKUsageBehaviorPeriod } from "./sdk/control/usage-response.ts";
export {
  SDKControlGetUsageResponseSchema,
  SDKUsageBehaviorPeriodSchema,
} from "./sdk/control/usage-response.ts";
export type { SdkDecodeResult } from "./sdk/decode-sdk-message.ts";
export { decodeSdkMessage, encodeSdkMessage } from "./sdk/decode-sdk-message.ts";
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
} from "./sdk/enums.ts";
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
} from "./sdk/enums.ts";
export type {
  BackgroundTaskSummary,
  BaseHookInput,
  HookInput,
  SessionCronSummary,
} from "./sdk/hook-input.ts";
export {
  BackgroundTaskSummarySchema,
  BaseHookInputSchema,
  HookInputSchema,
  SessionCronSummarySchema,
} from "./sdk/hook-input.ts";
export type {
  AsyncHookJSONOutput,
  HookJSONOutput,
  HookSpecificOutput,
  SyncHookJSONOutput,
} from "./sdk/hook-output.ts";
export {
  AsyncHookJSONOutputSchema,
  HookJSONOutputSchema,
  HookSpecificOutputSchema,
  SyncHookJSONOutputSchema,
} from "./sdk/hook-output.ts";
export type {
  HookCallback,
  HookCallbackMatcher,
  HookCallbacks,
  SDKHookCallbackMatcher,
} from "./sdk/hooks.ts";
export { HookCallbackMatcherSchema, HookCallbacksSchema, SDKHookCallbackMatcherSchema } from "./sdk/hooks.ts";
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
} from "./sdk/host-callbacks.ts";
export {
  ElicitationRequestSchema,
  SessionKeySchema,
  SessionStoreEntrySchema,
  SessionSummaryEntrySchema,
  UserDialogRequestSchema,
} from "./sdk/host-callbacks.ts";
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
} from "./sdk/mcp-server-config.ts";
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
} from "./sdk/mcp-server-config.ts";
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
} from "./sdk/media-blocks.ts";
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
} from "./sdk/media-blocks.ts";
export type { MessageContentParam, MessageParam } from "./sdk/message-param.ts";
export { MessageContentParamSchema, MessageParamSchema } from "./sdk/message-param.ts";
export type { ModelUsage } from "./sdk/model-usage.ts";
export { ModelUsageSchema } from "./sdk/model-usage.ts";
export type { SDKPartialAssistantMessage } from "./sdk/partial-assistant-message.ts";
export { SDKPartialAssistantMessageSchema } from "./sdk/partial-assistant-message.ts";
export type {
  CanUseTool,
  CanUseToolOptions,
  McpServerProvenance,
  PermissionResult,
  PermissionResultAllow,
  PermissionResultDeny,
  PermissionRuleValue,
  PermissionUpdate,
} from "./sdk/permissions.ts";
export {
  McpServerProvenanceSchema,
  PermissionResultAllowSchema,
  PermissionResultDenySchema,
  PermissionResultSchema,
  PermissionRuleValueSchema,
  PermissionUpdateSchema,
} from "./sdk/permissions.ts";
export { sdkPublicSchemas } from "./sdk/public-schemas.ts";
export type {
  OutputFormat,
  QueryOptions,
  Settings,
  SystemPromptConfig,
  ThinkingConfig,
  ToolConfig,
} from "./sdk/query-options.ts";
export {
  OutputFormatSchema,
  QueryOptionsSchema,
  SettingsSchema,
  SystemPromptConfigSchema,
  ThinkingConfigSchema,
  ToolConfigSchema,
} from "./sdk/query-options.ts";
export type {
  ResultErrorSubtype,
  SDKDeferredToolUse,
  SDKPermissionDenial,
  SDKResultError,
  SDKResultMessage,
  SDKResultSuccess,
} from "./sdk/result-message.ts";
export {
  RESULT_ERROR_SUBTYPES,
  ResultErrorSubtypeSchema,
  SDKDeferredToolUseSchema,
  SDKPermissionDenialSchema,
  SDKResultErrorSchema,
  SDKResultMessageSchema,
  SDKResultSuccessSchema,
} from "./sdk/result-message.ts";
export type {
  SandboxCredentialsConfig,
  SandboxFilesystemConfig,
  SandboxNetworkConfig,
  SandboxSettings,
} from "./sdk/sandbox-settings.ts";
export {
  SandboxCredentialsConfigSchema,
  SandboxFilesystemConfigSchema,
  SandboxNetworkConfigSchema,
  SandboxSettingsSchema,
} from "./sdk/sandbox-settings.ts";
export type { SDKMessage, SystemMessageSubtype } from "./sdk/sdk-message.ts";
export { PLAIN_MESSAGE_SCHEMAS, SDKMessageSchema, SYSTEM_MESSAGE_SCHEMAS } from "./sdk/sdk-message.ts";
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
} from "./sdk/server-tool-result-blocks.ts";
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
} from "./sdk/server-tool-result-blocks.ts";
export type {
  SDKActiveGoalMessage,
  SDKAuthStatusMessage,
  SDKConversationResetMessage,
  SDKPromptSuggestionMessage,
  SDKRateLimitEvent,
  SDKRateLimitInfo,
} from "./sdk/session-event-messages.ts";
export {
  SDKActiveGoalMessageSchema,
  SDKAuthStatusMessageSchema,
  SDKConversationResetMessageSchema,
  SDKPromptSuggestionMessageSchema,
  SDKRateLimitEventSchema,
  SDKRateLimitInfoSchema,
} from "./sdk/session-event-messages.ts";
export type { SlashCommand } from "./sdk/slash-command.ts";
export { SlashCommandSchema } from "./sdk/slash-command.ts";
export type { StdinMessage, StdoutMessage } from "./sdk/stdio-message.ts";
export { StdinMessageSchema, StdoutMessageSchema } from "./sdk/stdio-message.ts";
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
} from "./sdk/stream-event.ts";
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
} from "./sdk/stream-event.ts";
export type { CompactMetadata, SDKCompactBoundaryMessage } from "./sdk/system-compact-message.ts";
export { CompactMetadataSchema, SDKCompactBoundaryMessageSchema } from "./sdk/system-compact-message.ts";
export type {
  SDKHookProgressMessage,
  SDKHookResponseMessage,
  SDKHookStartedMessage,
  SDKPluginInstallMessage,
} from "./sdk/system-hook-messages.ts";
export {
  SDKHookProgressMessageSchema,
  SDKHookResponseMessageSchema,
  SDKHookStartedMessageSchema,
  SDKPluginInstallMessageSchema,
} from "./sdk/system-hook-messages.ts";
export type { SDKSystemMessage } from "./sdk/system-init-message.ts";
export { SDKSystemMessageSchema } from "./sdk/system-init-message.ts";
export type {
  SDKElicitationCompleteMessage,
  SDKInformationalMessage,
  SDKLocalCommandOutputMessage,
  SDKMemoryRecallMessage,
  SDKModelRefusalFallbackMessage,
  SDKModelRefusalNoFallbackMessage,
  SDKNotificationMessage,
  SDKPermissionDeniedMessage,
} from "./sdk/system-notice-messages.ts";
export {
  SDKElicitationCompleteMessageSchema,
  SDKInformationalMessageSchema,
  SDKLocalCommandOutputMessageSchema,
  SDKMemoryRecallMessageSchema,
  SDKModelRefusalFallbackMessageSchema,
  SDKModelRefusalNoFallbackMessageSchema,
  SDKNotificationMessageSchema,
  SDKPermissionDeniedMessageSchema,
} from "./sdk/system-notice-messages.ts";
export type {
  SDKCommandsChangedMessage,
  SDKFilesPersistedEvent,
  SDKMirrorErrorMessage,
  SDKSessionWritesLostMessage,
} from "./sdk/system-session-messages.ts";
export {
  SDKCommandsChangedMessageSchema,
  SDKFilesPersistedEventSchema,
  SDKMirrorErrorMessageSchema,
  SDKSessionWritesLostMessageSchema,
} from "./sdk/system-session-messages.ts";
export type {
  SDKAPIRetryMessage,
  SDKControlRequestProgressMessage,
  SDKSessionStateChangedMessage,
  SDKStatusMessage,
  SDKThinkingTokensMessage,
  SDKWorkerShuttingDownMessage,
} from "./sdk/system-status-messages.ts";
export {
  SDKAPIRetryMessageSchema,
  SDKControlRequestProgressMessageSchema,
  SDKSessionStateChangedMessageSchema,
  SDKStatusMessageSchema,
  SDKThinkingTokensMessageSchema,
  SDKWorkerShuttingDownMessageSchema,
} from "./sdk/system-status-messages.ts";
export type {
  SDKBackgroundTasksChangedMessage,
  SDKMcpResourceLink,
  SDKTaskNotificationMessage,
  SDKTaskProgressMessage,
  SDKTaskStartedMessage,
  SDKTaskUpdatedMessage,
  SDKTaskUsage,
} from "./sdk/system-task-messages.ts";
export {
  SDKBackgroundTasksChangedMessageSchema,
  SDKMcpResourceLinkSchema,
  SDKTaskNotificationMessageSchema,
  SDKTaskProgressMessageSchema,
  SDKTaskStartedMessageSchema,
  SDKTaskUpdatedMessageSchema,
  SDKTaskUsageSchema,
} from "./sdk/system-task-messages.ts";
export type { BetaRedactedThinkingBlock, BetaTextBlock, BetaThinkingBlock } from "./sdk/text-blocks.ts";
export {
  BetaRedactedThinkingBlockSchema,
  BetaTextBlockSchema,
  BetaThinkingBlockSchema,
} from "./sdk/text-blocks.ts";
export type { SDKToolProgressMessage, SDKToolUseSummaryMessage } from "./sdk/tool-progress-messages.ts";
export {
  SDKToolProgressMessageSchema,
  SDKToolUseSummaryMessageSchema,
} from "./sdk/tool-progress-messages.ts";
export type {
  BrowserStateBlockParam,
  ToolResultBlockParam,
  ToolResultContentBlock,
} from "./sdk/tool-result-block.ts";
export {
  BrowserStateBlockParamSchema,
  ToolResultBlockParamSchema,
  ToolResultContentBlockSchema,
} from "./sdk/tool-result-block.ts";
export type {
  BetaContainerUploadBlock,
  BetaMCPTool,
  BetaMCPToolListingBlock,
  BetaMCPToolResultBlock,
  BetaMCPToolUseBlock,
  BetaServerToolUseBlock,
  BetaToolUseBlock,
  ServerToolUseBlockParam,
} from "./sdk/tool-use-blocks.ts";
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
} from "./sdk/tool-use-blocks.ts";
export type { SDKMessageOrigin, SDKUserMessage, SDKUserMessageReplay } from "./sdk/user-message.ts";
export {
  SDKMessageOriginSchema,
  SDKUserMessageReplaySchema,
  SDKUserMessageSchema,
} from "./sdk/user-message.ts";
export type { Uuid } from "./sdk/uuid.ts";
export { newUuid, UuidSchema } from "./sdk/uuid.ts";
// ── shared ────────────────────────────────────────────────────────────────────
export type { DecodeError, DecodeIssue, DecodeResult } from "./shared/decode-result.ts";
export { decodeWith, parseJson } from "./shared/decode-result.ts";
export type { JsonObject, JsonValue } from "./shared/json-value.ts";
export { JsonObjectSchema, JsonValueSchema } from "./shared/json-value.ts";
export type { KnownFields } from "./shared/known-fields.ts";
export type { IsoTimestamp } from "./shared/timestamps.ts";
export { IsoTimestampSchema, isoFromEpochMs } from "./shared/timestamps.ts";

// ── server events (seed 002) ──────────────────────────────────────────────────

export type { ActivityLifecycle, AgentStatusEvent, AgentStatusKind } from "./events/agent-status-event.ts";
export {
  ActivityLifecycleSchema,
  AgentStatusEventSchema,
  AgentStatusKindSchema,
} from "./events/agent-status-event.ts";
export type { AskUserEvent } from "./events/ask-user-event.ts";
export { AskUserEventSchema } from "./events/ask-user-event.ts";
export type { AskUserOption, AskUserQuestion, AskUserSeverity } from "./events/ask-user-question.ts";
export {
  AskUserOptionSchema,
  AskUserQuestionSchema,
  AskUserSeveritySchema,
} from "./events/ask-user-question.ts";
export type { ChangedFile, ChangeReportEvent, FileChangeKind } from "./events/change-report-event.ts";
export {
  ChangedFileSchema,
  ChangeReportEventSchema,
  FileChangeKindSchema,
} from "./events/change-report-event.ts";
export type { ContextUsageEvent } from "./events/context-usage-event.ts";
export { ContextUsageEventSchema } from "./events/context-usage-event.ts";
export type { EventRouting } from "./events/event-routing.ts";
export { EventRoutingSchema } from "./events/event-routing.ts";
export type {
  KnownUiSseView,
  UiSseView,
  UnrecognizedUiSseReason,
  UnrecognizedUiSseView,
} from "./events/from-ui-sse-message.ts";
export { fromUiSseMessage } from "./events/from-ui-sse-message.ts";
export type { IdlePromptTriggeredEvent } from "./events/idle-prompt-triggered-event.ts";
export { IdlePromptTriggeredEventSchema } from "./events/idle-prompt-triggered-event.ts";
export type { MessageEvent, MessageEventRole } from "./events/message-event.ts";
export { MessageEventRoleSchema, MessageEventSchema } from "./events/message-event.ts";
export type { ModelFallbackEvent } from "./events/model-fallback-event.ts";
export { ModelFallbackEventSchema } from "./events/model-fallback-event.ts";
export type { OutcomeEvent } from "./events/outcome-event.ts";
export { OutcomeEventSchema } from "./events/outcome-event.ts";
export type { PlanUpdateEvent } from "./events/plan-update-event.ts";
export { PlanUpdateEventSchema } from "./events/plan-update-event.ts";
export { eventsPublicSchemas } from "./events/public-schemas.ts";
export type { QueuedMessage, QueueUpdatedEvent } from "./events/queue-updated-event.ts";
export { QueuedMessageSchema, QueueUpdatedEventSchema } from "./events/queue-updated-event.ts";
export type { ResyncEvent } from "./events/resync-event.ts";
export { ResyncEventSchema } from "./events/resync-event.ts";
export type { RunOutcome } from "./events/run-outcome.ts";
export { RunOutcomeSchema } from "./events/run-outcome.ts";
export type { ServerEvent, ServerEventType } from "./events/server-event.ts";
export { decodeServerEvent, ServerEventSchema } from "./events/server-event.ts";
export type { StateUpdatedEvent } from "./events/state-updated-event.ts";
export { StateUpdatedEventSchema } from "./events/state-updated-event.ts";
export type { SubagentResultEvent } from "./events/subagent-result-event.ts";
export { SubagentResultEventSchema } from "./events/subagent-result-event.ts";
export type { SubagentSpawnedEvent } from "./events/subagent-spawned-event.ts";
export { SubagentSpawnedEventSchema } from "./events/subagent-spawned-event.ts";
export type { TextSegmentEvent } from "./events/text-segment-event.ts";
export { TextSegmentEventSchema } from "./events/text-segment-event.ts";
export type { UiSseEnvelope } from "./events/to-ui-sse-message.ts";
export { toUiSseMessage } from "./events/to-ui-sse-message.ts";
export type { TokenEvent } from "./events/token-event.ts";
export { TokenEventSchema } from "./events/token-event.ts";
export type { ToolOutputStream, ToolProgressEvent } from "./events/tool-progress-event.ts";
export { ToolOutputStreamSchema, ToolProgressEventSchema } from "./events/tool-progress-event.ts";
export type {
  AnyUiSseMessage,
  DecodedUiSseMessage,
  UiSseKind,
  UiSseMessage,
} from "./events/ui-sse-message.ts";
export {
  AnyUiSseMessageSchema,
  decodeUiSseMessage,
  isUiSseKind,
  UiSseKindSchema,
  UiSseMessageSchema,
} from "./events/ui-sse-message.ts";
export type { UiSseRoute } from "./events/ui-sse-route.ts";
export { IDLE_PROMPT_TRIGGERED_STATUS, uiSseRouteByEventType } from "./events/ui-sse-route.ts";

// ── frontend and AgentCLI contracts (seed 003) ────────────────────────────────

export type { AgentInfo } from "./api/agent-info.ts";
export { AgentInfoSchema, agentInfoToFrontend } from "./api/agent-info.ts";
export type { AgentListResult } from "./api/agent-list-result.ts";
export { AgentListResultSchema, agentListResultToFrontend } from "./api/agent-list-result.ts";
export type { AgentReply } from "./api/agent-reply.ts";
export { AgentReplySchema } from "./api/agent-reply.ts";
export type { AgentResponsePart, ResponsePartType } from "./api/agent-response-part.ts";
export { AgentResponsePartSchema, ResponsePartTypeSchema } from "./api/agent-response-part.ts";
export type { AgentStatus } from "./api/agent-status.ts";
export { AgentStatusSchema } from "./api/agent-status.ts";
export type { AgentSummary } from "./api/agent-summary.ts";
export { AgentSummarySchema } from "./api/agent-summary.ts";
export type { ChatHistoryMessage, HistoryContentType, HistoryRole } from "./api/chat-history-message.ts";
export {
  ChatHistoryMessageSchema,
  HistoryContentTypeSchema,
  HistoryRoleSchema,
} from "./api/chat-history-message.ts";
export type { ChatHistoryResponse } from "./api/chat-history-response.ts";
export { ChatHistoryResponseSchema } from "./api/chat-history-response.ts";
export type { ChatSession } from "./api/chat-session.ts";
export { ChatSessionSchema } from "./api/chat-session.ts";
export type { EpochMilliseconds } from "./api/epoch-milliseconds.ts";
export { EpochMillisecondsSchema } from "./api/epoch-milliseconds.ts";
export type { ExportResult } from "./api/export-result.ts";
export { ExportResultSchema, exportResultToFrontend } from "./api/export-result.ts";
export type { HistoryMessage } from "./api/history-message.ts";
export { HistoryMessageSchema, historyMessageToFrontend } from "./api/history-message.ts";
export { apiPublicSchemas } from "./api/public-schemas.ts";
export type { ResponsePart } from "./api/response-part.ts";
export { ResponsePartSchema, responsePartToFrontend } from "./api/response-part.ts";
export type { AgentReplyRequest, RunResult } from "./api/run-result.ts";
export { combinedResponse, RunResultSchema, runResultToAgentReply } from "./api/run-result.ts";
export type { SessionInfo } from "./api/session-info.ts";
export { SessionInfoSchema, sessionInfoToFrontend } from "./api/session-info.ts";
export type { SessionListResult } from "./api/session-list-result.ts";
export { SessionListResultSchema, sessionListResultToFrontend } from "./api/session-list-result.ts";

// ── settings and model configuration ──────────────────────────────────────────

export { configPublicSchemas } from "./config/public-schemas.ts";
export type {
  AnthropicProviderSettings,
  ModelRef,
  OpenAICompatibleEndpoint,
  OpenAIProviderSettings,
  ParleySettings,
  ProvidersSettings,
} from "./config/settings.ts";
export {
  AnthropicProviderSettingsSchema,
  decodeParleySettings,
  ModelRefSchema,
  OpenAICompatibleEndpointSchema,
  OpenAIProviderSettingsSchema,
  ParleySettingsSchema,
  ProvidersSettingsSchema,
  RESERVED_PROVIDER_IDS,
} from "./config/settings.ts";

// ── HTTP API request and response bodies (seed 002 + 003 routes) ──────────────

export type { ApiErrorBody, ApiErrorCode, ApiErrorIssue } from "./http/api-error.ts";
export {
  ApiErrorBodySchema,
  ApiErrorCodeSchema,
  ApiErrorIssueSchema,
  apiErrorStatus,
} from "./http/api-error.ts";
export type {
  Approval,
  ApprovalAnswerRequest,
  ApprovalDecision,
  ApprovalList,
  ApprovalListQuery,
  ApprovalState,
} from "./http/approvals.ts";
export {
  ApprovalAnswerRequestSchema,
  ApprovalDecisionSchema,
  ApprovalListQuerySchema,
  ApprovalListSchema,
  ApprovalParamsSchema,
  ApprovalSchema,
  ApprovalStateSchema,
} from "./http/approvals.ts";
export type { AskUserAnswer, AskUserResponse, AskUserResponseRequest } from "./http/ask-user.ts";
export { AskUserAnswerSchema, AskUserResponseRequestSchema, AskUserResponseSchema } from "./http/ask-user.ts";
export type { ChatRequest, ChatResponse, QueueItemRemoved } from "./http/chat.ts";
export { ChatRequestSchema, ChatResponseSchema, MAX_CHAT_TEXT, QueueItemRemovedSchema } from "./http/chat.ts";
export {
  AgentIdSchema,
  ClientMessageIdSchema,
  IdSchema,
  ProjectRootQuerySchema,
  QueryIntegerSchema,
  TimestampMsSchema,
} from "./http/common.ts";
export type { CompactRequest, CompactResponse } from "./http/compaction.ts";
export { CompactRequestSchema, CompactResponseSchema } from "./http/compaction.ts";
export type { Health, LoginUrl } from "./http/health.ts";
export { HealthSchema, LoginUrlSchema } from "./http/health.ts";
export type { ServerLimitsView } from "./http/limits.ts";
export { ServerLimitsViewSchema } from "./http/limits.ts";
export type {
  ActiveMission,
  AgentOverride,
  Mission,
  MissionHistory,
  SetAgentOverrideRequest,
  SetMissionRequest,
} from "./http/missions.ts";
export {
  ActiveMissionSchema,
  AgentOverrideQuerySchema,
  AgentOverrideSchema,
  AgentOverrideViewSchema,
  MissionHistorySchema,
  MissionSchema,
  SetAgentOverrideRequestSchema,
  SetMissionRequestSchema,
} from "./http/missions.ts";
export type {
  AgentPermissionMode,
  PermissionModeSource,
  SelectablePermissionMode,
  SetPermissionModeRequest,
} from "./http/permission-modes.ts";
export {
  AgentPermissionModeSchema,
  PermissionModeSourceSchema,
  SelectablePermissionModeSchema,
  SetPermissionModeRequestSchema,
} from "./http/permission-modes.ts";
export type {
  CreatePermissionRuleRequest,
  PermissionRuleDeleted,
  PermissionRuleList,
  PermissionRuleRecord,
  PermissionRuleSource,
  PermissionRuleSpec,
} from "./http/permission-rules.ts";
export {
  CreatePermissionRuleRequestSchema,
  PermissionRuleDeletedSchema,
  PermissionRuleListSchema,
  PermissionRuleParamsSchema,
  PermissionRuleRecordSchema,
  PermissionRuleSourceSchema,
  PermissionRuleSpecSchema,
} from "./http/permission-rules.ts";
export type {
  ExecutePlanRequest,
  PlanActionResponse,
  RefinePlanRequest,
} from "./http/plans.ts";
export {
  ExecutePlanRequestSchema,
  PlanActionResponseSchema,
  PlanParamsSchema,
  RefinePlanRequestSchema,
} from "./http/plans.ts";
export { httpPublicSchemas } from "./http/public-schemas.ts";
export type {
  AgentCancelRequest,
  AgentCancelResponse,
  AgentContext,
  AgentContextQuery,
  AgentRun,
  AgentRunList,
  AgentRunsQuery,
  RunKind,
  RunStatus,
} from "./http/runs.ts";
export {
  AgentCancelRequestSchema,
  AgentCancelResponseSchema,
  AgentChildrenQuerySchema,
  AgentContextQuerySchema,
  AgentContextSchema,
  AgentRunListSchema,
  AgentRunSchema,
  AgentRunsQuerySchema,
  ContextEntrySchema,
  RunKindSchema,
  RunStatusSchema,
} from "./http/runs.ts";
export type {
  AgentActivity,
  MessagePage,
  MessagePageQuery,
  PendingQuestion,
  SessionList,
  SessionState,
  SessionSummary,
  StoredMessage,
  StreamingSegment,
} from "./http/session-state.ts";
export {
  AgentActivitySchema,
  MessagePageQuerySchema,
  MessagePageSchema,
  PendingQuestionSchema,
  SessionListSchema,
  SessionStateSchema,
  SessionSummarySchema,
  StoredMessageSchema,
  StreamingSegmentSchema,
} from "./http/session-state.ts";
export type { CreateSessionRequest, RenameSessionRequest, SendMessageRequest } from "./http/sessions.ts";
export {
  AgentQuerySchema,
  CreateSessionRequestSchema,
  RenameSessionRequestSchema,
  SendMessageRequestSchema,
  SessionDeletedSchema,
  SessionParamsSchema,
} from "./http/sessions.ts";
export type { SettingsUpdate, SettingsView } from "./http/settings-view.ts";
export { SettingsUpdateSchema, SettingsViewSchema } from "./http/settings-view.ts";
export type { WorkspaceEntry, WorkspaceTree, WorkspaceTreeQuery } from "./http/workspace.ts";
export { WorkspaceEntrySchema, WorkspaceTreeQuerySchema, WorkspaceTreeSchema } from "./http/workspace.ts";

// ── SSE liveness frame ────────────────────────────────────────────────────────

export type { HeartbeatFrame } from "./events/heartbeat-frame.ts";
export { HeartbeatFrameSchema } from "./events/heartbeat-frame.ts";
