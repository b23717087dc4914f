import type { z } from "zod";
import { ApprovalStatusSchema } from "./approval-status.ts";
import {
  DependencyGraphSchema,
  DependencyManifestSchema,
  ProjectDependencySchema,
} from "./dependency-graph.ts";
import { DirectoryNodeSchema } from "./directory-node.ts";
import { ErrorDetailSchema } from "./error-detail.ts";
import { ExecutionStatusSchema } from "./execution-status.ts";
import { FileInfoSchema } from "./file-info.ts";
import { FileReferenceDataSchema } from "./file-reference.ts";
import { ImageDataSchema } from "./image.ts";
import { MCPResourceDataSchema } from "./mcp-resource.ts";
import { MCPToolRequestDataSchema } from "./mcp-tool-request.ts";
import { MCPToolResultDataSchema } from "./mcp-tool-result.ts";
import { MessageAttachmentSchema } from "./message-attachment.ts";
import {
  PlanDataSchema,
  PlanDecisionSchema,
  PlanStatusSchema,
  PlanStepSchema,
  PlanStepStatusSchema,
} from "./plan.ts";
import { ProcessingDataSchema } from "./processing.ts";
import { ProjectStructureDataSchema, ProjectStructureTypeSchema } from "./project-structure.ts";
import {
  ProjectStructureProblemReasonSchema,
  ProjectStructureProblemSchema,
} from "./project-structure-problem.ts";
import {
  QuestionDataSchema,
  QuestionOptionSchema,
  QuestionSeveritySchema,
  QuestionStatusSchema,
} from "./question.ts";
import { RichMessageKindSchema, RichMessageSchema } from "./rich-message.ts";
import {
  AskUserBlockSchema,
  ChangeReportBlockSchema,
  FinalizeTaskBlockSchema,
  PlanBlockSchema,
  SpecialBlockSchema,
  SpecialBlockTypeSchema,
  TaskOutcomeSchema,
} from "./special-blocks.ts";
import { SystemControlActionSchema, SystemControlDataSchema } from "./system-control.ts";
import { TextDataSchema } from "./text.ts";
import { ApprovalDeciderSchema, ToolRequestDataSchema } from "./tool-request.ts";
import { ToolResultDataSchema } from "./tool-result.ts";
import { WorkflowExecutionDataSchema } from "./workflow-execution.ts";
import { WorkflowStatusSchema } from "./workflow-status.ts";
import { WorkflowStepProgressSchema, WorkflowStepStatusSchema } from "./workflow-step-progress.ts";

/**
 * Every public schema of the rich message family (seeds 000 + 001, special blocks of seed 002)
 * under a stable name, for JSON Schema export. Renaming a key renames a published schema file.
 */
export const richPublicSchemas = {
  RichMessage: RichMessageSchema,
  RichMessageKind: RichMessageKindSchema,
  TextData: TextDataSchema,
  MessageAttachment: MessageAttachmentSchema,
  PlanData: PlanDataSchema,
  PlanStep: PlanStepSchema,
  PlanStepStatus: PlanStepStatusSchema,
  PlanStatus: PlanStatusSchema,
  PlanDecision: PlanDecisionSchema,
  QuestionData: QuestionDataSchema,
  QuestionOption: QuestionOptionSchema,
  QuestionSeverity: QuestionSeveritySchema,
  QuestionStatus: QuestionStatusSchema,
  ImageData: ImageDataSchema,
  FileReferenceData: FileReferenceDataSchema,
  ProjectStructureData: ProjectStructureDataSchema,
  ProjectStructureType: ProjectStructureTypeSchema,
  ProjectStructureProblem: ProjectStructureProblemSchema,
  ProjectStructureProblemReason: ProjectStructureProblemReasonSchema,
  DirectoryNode: DirectoryNodeSchema,
  FileInfo: FileInfoSchema,
  DependencyGraph: DependencyGraphSchema,
  DependencyManifest: DependencyManifestSchema,
  ProjectDependency: ProjectDependencySchema,
  ToolRequestData: ToolRequestDataSchema,
  ApprovalDecider: ApprovalDeciderSchema,
  ToolResultData: ToolResultDataSchema,
  MCPToolRequestData: MCPToolRequestDataSchema,
  MCPToolResultData: MCPToolResultDataSchema,
  MCPResourceData: MCPResourceDataSchema,
  WorkflowExecutionData: WorkflowExecutionDataSchema,
  SystemControlData: SystemControlDataSchema,
  SystemControlAction: SystemControlActionSchema,
  ProcessingData: ProcessingDataSchema,
  ApprovalStatus: ApprovalStatusSchema,
  ExecutionStatus: ExecutionStatusSchema,
  WorkflowStatus: WorkflowStatusSchema,
  WorkflowStepProgress: WorkflowStepProgressSchema,
  WorkflowStepStatus: WorkflowStepStatusSchema,
  ErrorDetail: ErrorDetailSchema,
  SpecialBlock: SpecialBlockSchema,
  SpecialBlockType: SpecialBlockTypeSchema,
  PlanBlock: PlanBlockSchema,
  AskUserBlock: AskUserBlockSchema,
  FinalizeTaskBlock: FinalizeTaskBlockSchema,
  TaskOutcome: TaskOutcomeSchema,
  ChangeReportBlock: ChangeReportBlockSchema,
} satisfies Record<string, z.ZodType>;
