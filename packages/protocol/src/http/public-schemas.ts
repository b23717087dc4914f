import type { z } from "zod";
import { ApiErrorBodySchema } from "./api-error.ts";
import {
  ApprovalAnswerRequestSchema,
  ApprovalDecisionSchema,
  ApprovalListSchema,
  ApprovalSchema,
  ApprovalStateSchema,
} from "./approvals.ts";
import { AskUserResponseRequestSchema, AskUserResponseSchema } from "./ask-user.ts";
import { ChatRequestSchema, ChatResponseSchema, QueueItemSchema } from "./chat.ts";
import { CompactRequestSchema, CompactResponseSchema } from "./compaction.ts";
import { CustomCommandListSchema, CustomCommandViewSchema } from "./custom-commands.ts";
import { HealthSchema, LoginUrlSchema } from "./health.ts";
import { ServerLimitsViewSchema } from "./limits.ts";
import { McpServerDecisionRequestSchema } from "./mcp-server-consent.ts";
import {
  McpPromptRequestSchema,
  McpPromptTextSchema,
  McpServerListSchema,
  McpServerViewSchema,
  McpSettingsRequestSchema,
  PatchMcpServerRequestSchema,
  PutMcpServerRequestSchema,
} from "./mcp-servers.ts";
import {
  ActiveMissionSchema,
  AgentOverrideSchema,
  MissionHistorySchema,
  SetAgentOverrideRequestSchema,
  SetMissionRequestSchema,
} from "./missions.ts";
import {
  AgentPermissionModeSchema,
  PermissionModeSourceSchema,
  SelectablePermissionModeSchema,
  SetPermissionModeRequestSchema,
} from "./permission-modes.ts";
import {
  CreatePermissionRuleRequestSchema,
  PermissionRuleDeletedSchema,
  PermissionRuleListSchema,
  PermissionRuleRecordSchema,
  PermissionRuleSourceSchema,
  PermissionRuleSpecSchema,
} from "./permission-rules.ts";
import { ExecutePlanRequestSchema, PlanActionResponseSchema, RefinePlanRequestSchema } from "./plans.ts";
import {
  RewindFileSchema,
  RewindOutcomeSchema,
  RewindRequestSchema,
  RewindResponseSchema,
} from "./rewind.ts";
import {
  AgentCancelRequestSchema,
  AgentCancelResponseSchema,
  AgentContextSchema,
  AgentRunListSchema,
  AgentRunSchema,
  RunKindSchema,
} from "./runs.ts";
import { SessionListSchema, SessionStateSchema, StoredMessageSchema } from "./session-state.ts";
import {
  CreateSessionRequestSchema,
  RenameSessionRequestSchema,
  SendMessageRequestSchema,
} from "./sessions.ts";
import { SettingsViewSchema } from "./settings-view.ts";
import { SkippedFileSchema } from "./skipped-file.ts";
import {
  PauseWorkflowRequestSchema,
  StartWorkflowRequestSchema,
  WorkflowExecutionListSchema,
  WorkflowExecutionViewSchema,
  WorkflowListSchema,
  WorkflowProblemIssueSchema,
  WorkflowProblemSchema,
  WorkflowSummarySchema,
} from "./workflows.ts";
import { WorkspaceTreeSchema } from "./workspace.ts";

/** Request and response bodies of the HTTP API, by stable name (the OpenAPI document has the routes). */
export const httpPublicSchemas: Record<string, z.ZodType> = {
  ActiveMission: ActiveMissionSchema,
  AgentCancelRequest: AgentCancelRequestSchema,
  AgentCancelResponse: AgentCancelResponseSchema,
  AgentContext: AgentContextSchema,
  AgentOverride: AgentOverrideSchema,
  AgentPermissionMode: AgentPermissionModeSchema,
  AgentRun: AgentRunSchema,
  AgentRunList: AgentRunListSchema,
  ApiErrorBody: ApiErrorBodySchema,
  Approval: ApprovalSchema,
  ApprovalAnswerRequest: ApprovalAnswerRequestSchema,
  ApprovalDecision: ApprovalDecisionSchema,
  ApprovalList: ApprovalListSchema,
  ApprovalState: ApprovalStateSchema,
  AskUserResponse: AskUserResponseSchema,
  AskUserResponseRequest: AskUserResponseRequestSchema,
  ChatRequest: ChatRequestSchema,
  ChatResponse: ChatResponseSchema,
  QueueItem: QueueItemSchema,
  CompactRequest: CompactRequestSchema,
  CompactResponse: CompactResponseSchema,
  RewindRequest: RewindRequestSchema,
  RewindOutcome: RewindOutcomeSchema,
  RewindFile: RewindFileSchema,
  RewindResponse: RewindResponseSchema,
  CreatePermissionRuleRequest: CreatePermissionRuleRequestSchema,
  CreateSessionRequest: CreateSessionRequestSchema,
  ExecutePlanRequest: ExecutePlanRequestSchema,
  CustomCommandList: CustomCommandListSchema,
  CustomCommandView: CustomCommandViewSchema,
  Health: HealthSchema,
  LoginUrl: LoginUrlSchema,
  ServerLimitsView: ServerLimitsViewSchema,
  McpPromptRequest: McpPromptRequestSchema,
  McpPromptText: McpPromptTextSchema,
  McpServerDecisionRequest: McpServerDecisionRequestSchema,
  McpServerList: McpServerListSchema,
  McpServerView: McpServerViewSchema,
  McpSettingsRequest: McpSettingsRequestSchema,
  MissionHistory: MissionHistorySchema,
  PatchMcpServerRequest: PatchMcpServerRequestSchema,
  PutMcpServerRequest: PutMcpServerRequestSchema,
  PermissionModeSource: PermissionModeSourceSchema,
  PermissionRuleDeleted: PermissionRuleDeletedSchema,
  PermissionRuleList: PermissionRuleListSchema,
  PermissionRuleRecord: PermissionRuleRecordSchema,
  PermissionRuleSource: PermissionRuleSourceSchema,
  PermissionRuleSpec: PermissionRuleSpecSchema,
  PlanActionResponse: PlanActionResponseSchema,
  RefinePlanRequest: RefinePlanRequestSchema,
  RunKind: RunKindSchema,
  RenameSessionRequest: RenameSessionRequestSchema,
  SelectablePermissionMode: SelectablePermissionModeSchema,
  SendMessageRequest: SendMessageRequestSchema,
  SessionList: SessionListSchema,
  SessionState: SessionStateSchema,
  SetAgentOverrideRequest: SetAgentOverrideRequestSchema,
  SetMissionRequest: SetMissionRequestSchema,
  SetPermissionModeRequest: SetPermissionModeRequestSchema,
  SettingsView: SettingsViewSchema,
  SkippedFile: SkippedFileSchema,
  StoredMessage: StoredMessageSchema,
  WorkspaceTree: WorkspaceTreeSchema,
  PauseWorkflowRequest: PauseWorkflowRequestSchema,
  StartWorkflowRequest: StartWorkflowRequestSchema,
  WorkflowExecutionList: WorkflowExecutionListSchema,
  WorkflowExecutionView: WorkflowExecutionViewSchema,
  WorkflowList: WorkflowListSchema,
  WorkflowProblem: WorkflowProblemSchema,
  WorkflowProblemIssue: WorkflowProblemIssueSchema,
  WorkflowSummary: WorkflowSummarySchema,
};
