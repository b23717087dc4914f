/** Rich messages (seeds 000 + 001): the typed chat items a UI renders as cards. */
export type { ApprovalStatus } from "./approval-status.ts";
export { ApprovalStatusSchema } from "./approval-status.ts";
export type { DecodeRichMessageOptions } from "./decode-rich-message.ts";
export { decodeRichMessage } from "./decode-rich-message.ts";
export { dependentNames } from "./dependency-dependents.ts";
export type { DependencyGraph, DependencyManifest, ProjectDependency } from "./dependency-graph.ts";
export {
  DependencyGraphSchema,
  DependencyManifestSchema,
  ProjectDependencySchema,
} from "./dependency-graph.ts";
export type { DirectoryNode } from "./directory-node.ts";
export { DirectoryNodeSchema } from "./directory-node.ts";
export { encodeRichMessage } from "./encode-rich-message.ts";
export type { ErrorDetail } from "./error-detail.ts";
export { ErrorDetailSchema } from "./error-detail.ts";
export type { ExecutionStatus } from "./execution-status.ts";
export { ExecutionStatusSchema } from "./execution-status.ts";
export type { MessageSegment } from "./extract-special-blocks.ts";
export { extractSpecialBlocks } from "./extract-special-blocks.ts";
export type { FileInfo } from "./file-info.ts";
export { FileInfoSchema } from "./file-info.ts";
export type { FileReferenceData, FileReferenceMessage } from "./file-reference.ts";
export { FileReferenceDataSchema, FileReferenceMessageSchema } from "./file-reference.ts";
export type { ImageData, ImageMessage } from "./image.ts";
export { ImageDataSchema, ImageMessageSchema } from "./image.ts";
export type { MCPResourceData, MCPResourceMessage } from "./mcp-resource.ts";
export { MCPResourceDataSchema, MCPResourceMessageSchema } from "./mcp-resource.ts";
export {
  mcpToolRequestAfterApproval,
  toolRequestViewOfMcp,
  toolResultViewOfMcp,
} from "./mcp-tool-call-view.ts";
export type {
  MCPToolRequestData,
  MCPToolRequestMessage,
  McpCallProgress,
  McpToolAnnotations,
} from "./mcp-tool-request.ts";
export {
  MCPToolRequestDataSchema,
  MCPToolRequestMessageSchema,
  McpCallProgressSchema,
  McpToolAnnotationsSchema,
} from "./mcp-tool-request.ts";
export type { MCPToolResultData, MCPToolResultMessage } from "./mcp-tool-result.ts";
export { MCPToolResultDataSchema, MCPToolResultMessageSchema } from "./mcp-tool-result.ts";
export type { MessageAttachment } from "./message-attachment.ts";
export {
  attachmentLabel,
  MAX_MESSAGE_ATTACHMENTS,
  MessageAttachmentSchema,
  MessageAttachmentsSchema,
  userMessageModelText,
} from "./message-attachment.ts";
export { parsePlanFromText, parseQuestionFromText } from "./parse-from-text.ts";
export type {
  PlanData,
  PlanDecision,
  PlanMessage,
  PlanStatus,
  PlanStep,
  PlanStepStatus,
} from "./plan.ts";
export {
  PlanDataSchema,
  PlanDecisionSchema,
  PlanMessageSchema,
  PlanStatusSchema,
  PlanStepSchema,
  PlanStepStatusSchema,
} from "./plan.ts";
export type { ProcessingData, ProcessingMessage } from "./processing.ts";
export { ProcessingDataSchema, ProcessingMessageSchema } from "./processing.ts";
export type {
  ProjectDependencies,
  ProjectFileList,
  ProjectStructureData,
  ProjectStructureMessage,
  ProjectStructureType,
  ProjectTree,
} from "./project-structure.ts";
export {
  ProjectDependenciesSchema,
  ProjectFileListSchema,
  ProjectStructureDataSchema,
  ProjectStructureMessageSchema,
  ProjectStructureTypeSchema,
  ProjectTreeSchema,
} from "./project-structure.ts";
export type {
  ProjectStructureProblem,
  ProjectStructureProblemReason,
} from "./project-structure-problem.ts";
export {
  ProjectStructureProblemReasonSchema,
  ProjectStructureProblemSchema,
} from "./project-structure-problem.ts";
export { richPublicSchemas } from "./public-schemas.ts";
export type {
  QuestionData,
  QuestionMessage,
  QuestionOption,
  QuestionSeverity,
  QuestionStatus,
} from "./question.ts";
export {
  QuestionDataSchema,
  QuestionMessageSchema,
  QuestionOptionSchema,
  QuestionSeveritySchema,
  QuestionStatusSchema,
} from "./question.ts";
export type { RichMessage, RichMessageKind } from "./rich-message.ts";
export { isRichMessageKind, RichMessageKindSchema, RichMessageSchema } from "./rich-message.ts";
export type { ModelTextOptions } from "./rich-message-to-model-text.ts";
export { richMessageToModelText } from "./rich-message-to-model-text.ts";
export type { RichWarning, RichWarningCode, RichWarningOptions } from "./rich-warning.ts";
export type {
  AskUserBlock,
  ChangeReportBlock,
  FinalizeTaskBlock,
  PlanBlock,
  SpecialBlock,
  SpecialBlockType,
  TaskOutcome,
} from "./special-blocks.ts";
export {
  AskUserBlockSchema,
  ChangeReportBlockSchema,
  FinalizeTaskBlockSchema,
  isSpecialBlockType,
  PlanBlockSchema,
  SpecialBlockSchema,
  SpecialBlockTypeSchema,
  TaskOutcomeSchema,
} from "./special-blocks.ts";
export type { SystemControlAction, SystemControlData, SystemControlMessage } from "./system-control.ts";
export {
  SystemControlActionSchema,
  SystemControlDataSchema,
  SystemControlMessageSchema,
} from "./system-control.ts";
export type { TextData, TextMessage } from "./text.ts";
export { createTextMessage, TextDataSchema, TextMessageSchema } from "./text.ts";
export type { ApprovalDecider, ToolRequestData, ToolRequestMessage } from "./tool-request.ts";
export {
  ApprovalDeciderSchema,
  ToolRequestDataSchema,
  ToolRequestMessageSchema,
} from "./tool-request.ts";
export { toolRequestAfterApproval } from "./tool-request-after-approval.ts";
export type { ToolResultData, ToolResultMessage } from "./tool-result.ts";
export { ToolResultDataSchema, ToolResultMessageSchema } from "./tool-result.ts";
export { truncateForModel } from "./truncate-for-model.ts";
export type { DecodedRichMessage, UnknownRichMessage } from "./unknown-rich-message.ts";
export { createUnknownRichMessage, UnknownRichMessageSchema } from "./unknown-rich-message.ts";
export type { WorkflowExecutionData, WorkflowExecutionMessage } from "./workflow-execution.ts";
export { WorkflowExecutionDataSchema, WorkflowExecutionMessageSchema } from "./workflow-execution.ts";
export type { WorkflowStatus } from "./workflow-status.ts";
export { WorkflowStatusSchema } from "./workflow-status.ts";
export type { WorkflowStepProgress, WorkflowStepStatus } from "./workflow-step-progress.ts";
export { WorkflowStepProgressSchema, WorkflowStepStatusSchema } from "./workflow-step-progress.ts";
export type {
  WorkflowClock,
  WorkflowExecutionInit,
  WorkflowTransitionError,
  WorkflowTransitionResult,
} from "./workflow-transitions.ts";
export {
  cancelWorkflow,
  completeWorkflow,
  completeWorkflowStep,
  createWorkflowExecution,
  failWorkflow,
  pauseWorkflow,
  resumeWorkflow,
  retryWorkflow,
  startWorkflow,
} from "./workflow-transitions.ts";
