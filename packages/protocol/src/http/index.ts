/** HTTP API request and response bodies (seed 002 + 003 routes). */
export type { ApiErrorBody, ApiErrorCode, ApiErrorIssue } from "./api-error.ts";
export {
  ApiErrorBodySchema,
  ApiErrorCodeSchema,
  ApiErrorIssueSchema,
  apiErrorStatus,
} from "./api-error.ts";
export type {
  Approval,
  ApprovalAnswerRequest,
  ApprovalDecision,
  ApprovalList,
  ApprovalListQuery,
  ApprovalState,
} from "./approvals.ts";
export {
  ApprovalAnswerRequestSchema,
  ApprovalDecisionSchema,
  ApprovalListQuerySchema,
  ApprovalListSchema,
  ApprovalParamsSchema,
  ApprovalSchema,
  ApprovalStateSchema,
} from "./approvals.ts";
export type { AskUserAnswer, AskUserResponse, AskUserResponseRequest } from "./ask-user.ts";
export { AskUserAnswerSchema, AskUserResponseRequestSchema, AskUserResponseSchema } from "./ask-user.ts";
export type { ChatRequest, ChatResponse, QueueItem, QueueItemRemoved } from "./chat.ts";
export {
  ChatRequestSchema,
  ChatResponseSchema,
  MAX_CHAT_TEXT,
  QueueItemRemovedSchema,
  QueueItemSchema,
} from "./chat.ts";
export {
  AgentIdSchema,
  ClientMessageIdSchema,
  IdSchema,
  ProjectRootQuerySchema,
  QueryIntegerSchema,
  TimestampMsSchema,
} from "./common.ts";
export type { CompactRequest, CompactResponse } from "./compaction.ts";
export { CompactRequestSchema, CompactResponseSchema } from "./compaction.ts";
export type {
  CustomCommandKind,
  CustomCommandList,
  CustomCommandOrigin,
  CustomCommandSource,
  CustomCommandView,
} from "./custom-commands.ts";
export {
  CustomCommandKindSchema,
  CustomCommandListSchema,
  CustomCommandOriginSchema,
  CustomCommandSourceSchema,
  CustomCommandViewSchema,
} from "./custom-commands.ts";
export type { Health, LoginUrl } from "./health.ts";
export { HealthSchema, LoginUrlSchema } from "./health.ts";
export type { ServerLimitsView } from "./limits.ts";
export { ServerLimitsViewSchema } from "./limits.ts";
export type {
  McpConsentChange,
  McpEntryVariable,
  McpServerConsent,
  McpServerDecisionRequest,
  McpServerLaunch,
} from "./mcp-server-consent.ts";
export {
  McpConsentChangeSchema,
  McpEntryDigestSchema,
  McpEntryVariableSchema,
  McpServerConsentSchema,
  McpServerDecisionRequestSchema,
  McpServerLaunchSchema,
} from "./mcp-server-consent.ts";
export type {
  McpConfigProblem,
  McpConnectionStatus,
  McpPromptRequest,
  McpPromptText,
  McpServerEntry,
  McpServerList,
  McpServerPromptView,
  McpServerSource,
  McpServerToolView,
  McpServerView,
  McpSettingsRequest,
  PatchMcpServerRequest,
  PutMcpServerRequest,
} from "./mcp-servers.ts";
export {
  McpConfigProblemSchema,
  McpConnectionStatusSchema,
  McpPromptRequestSchema,
  McpPromptTextSchema,
  McpServerEntrySchema,
  McpServerListSchema,
  McpServerNameSchema,
  McpServerParamsSchema,
  McpServerPromptViewSchema,
  McpServerSourceSchema,
  McpServerToolViewSchema,
  McpServerViewSchema,
  McpSettingsRequestSchema,
  PatchMcpServerRequestSchema,
  PutMcpServerRequestSchema,
} from "./mcp-servers.ts";
export type {
  ActiveMission,
  AgentOverride,
  Mission,
  MissionHistory,
  SetAgentOverrideRequest,
  SetMissionRequest,
} from "./missions.ts";
export {
  ActiveMissionSchema,
  AgentOverrideQuerySchema,
  AgentOverrideSchema,
  AgentOverrideViewSchema,
  MissionHistorySchema,
  MissionSchema,
  SetAgentOverrideRequestSchema,
  SetMissionRequestSchema,
} from "./missions.ts";
export type {
  AgentPermissionMode,
  PermissionModeSource,
  SelectablePermissionMode,
  SetPermissionModeRequest,
} from "./permission-modes.ts";
export {
  AgentPermissionModeSchema,
  PermissionModeSourceSchema,
  SelectablePermissionModeSchema,
  SetPermissionModeRequestSchema,
} from "./permission-modes.ts";
export type {
  CreatePermissionRuleRequest,
  PermissionRuleDeleted,
  PermissionRuleList,
  PermissionRuleRecord,
  PermissionRuleSource,
  PermissionRuleSpec,
} from "./permission-rules.ts";
export {
  CreatePermissionRuleRequestSchema,
  PermissionRuleDeletedSchema,
  PermissionRuleListSchema,
  PermissionRuleParamsSchema,
  PermissionRuleRecordSchema,
  PermissionRuleSourceSchema,
  PermissionRuleSpecSchema,
} from "./permission-rules.ts";
export type {
  ExecutePlanRequest,
  PlanActionResponse,
  RefinePlanRequest,
} from "./plans.ts";
export {
  ExecutePlanRequestSchema,
  PlanActionResponseSchema,
  PlanParamsSchema,
  RefinePlanRequestSchema,
} from "./plans.ts";
export { httpPublicSchemas } from "./public-schemas.ts";
export type { RewindFile, RewindOutcome, RewindRequest, RewindResponse } from "./rewind.ts";
export {
  RewindFileSchema,
  RewindOutcomeSchema,
  RewindRequestSchema,
  RewindResponseSchema,
} from "./rewind.ts";
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
} from "./runs.ts";
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
} from "./runs.ts";
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
} from "./session-state.ts";
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
} from "./session-state.ts";
export type { CreateSessionRequest, RenameSessionRequest, SendMessageRequest } from "./sessions.ts";
export {
  AgentQuerySchema,
  AgentsQuerySchema,
  CreateSessionRequestSchema,
  RenameSessionRequestSchema,
  SendMessageRequestSchema,
  SessionDeletedSchema,
  SessionParamsSchema,
} from "./sessions.ts";
export type { ProjectInstructionsStatus, SettingsUpdate, SettingsView } from "./settings-view.ts";
export {
  ProjectInstructionsStatusSchema,
  SettingsUpdateSchema,
  SettingsViewSchema,
} from "./settings-view.ts";
export type { SkippedFile } from "./skipped-file.ts";
export { SkippedFileSchema } from "./skipped-file.ts";
export type {
  PauseWorkflowRequest,
  StartWorkflowRequest,
  WorkflowExecutionList,
  WorkflowExecutionView,
  WorkflowList,
  WorkflowProblem,
  WorkflowProblemIssue,
  WorkflowSummary,
} from "./workflows.ts";
export {
  describeWorkflowIssue,
  PauseWorkflowRequestSchema,
  StartWorkflowRequestSchema,
  WorkflowExecutionListQuerySchema,
  WorkflowExecutionListSchema,
  WorkflowExecutionParamsSchema,
  WorkflowExecutionViewSchema,
  WorkflowListSchema,
  WorkflowParamsSchema,
  WorkflowProblemIssueSchema,
  WorkflowProblemSchema,
  WorkflowSummarySchema,
} from "./workflows.ts";
export type { WorkspaceEntry, WorkspaceTree, WorkspaceTreeQuery } from "./workspace.ts";
export { WorkspaceEntrySchema, WorkspaceTreeQuerySchema, WorkspaceTreeSchema } from "./workspace.ts";
export type { WorkspaceStructureQuery } from "./workspace-structure.ts";
export { WorkspaceStructureQuerySchema } from "./workspace-structure.ts";
