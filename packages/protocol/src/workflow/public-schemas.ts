import type { z } from "zod";
import { WorkflowDefinitionSchema, WorkflowNameSchema } from "./workflow-definition.ts";
import { WorkflowInputSchema, WorkflowInputTypeSchema, WorkflowInputValueSchema } from "./workflow-input.ts";
import {
  WorkflowAgentStepSchema,
  WorkflowRetrySchema,
  WorkflowShellStepSchema,
  WorkflowStepSchema,
  WorkflowToolStepSchema,
} from "./workflow-step.ts";

/** The workflow file's schemas (`.parley/workflows/<name>.yaml`), by stable name. */
export const workflowPublicSchemas: Record<string, z.ZodType> = {
  WorkflowDefinition: WorkflowDefinitionSchema,
  WorkflowName: WorkflowNameSchema,
  WorkflowInput: WorkflowInputSchema,
  WorkflowInputType: WorkflowInputTypeSchema,
  WorkflowInputValue: WorkflowInputValueSchema,
  WorkflowStep: WorkflowStepSchema,
  WorkflowAgentStep: WorkflowAgentStepSchema,
  WorkflowToolStep: WorkflowToolStepSchema,
  WorkflowShellStep: WorkflowShellStepSchema,
  WorkflowRetry: WorkflowRetrySchema,
};
