/** Workflow definitions: the files in `.parley/workflows/`, their steps, inputs and `${{ … }}` references. */
export { workflowPublicSchemas } from "./public-schemas.ts";
export type {
  ShellQuoteContext,
  ShellReferenceProblem,
  ShellReferenceSite,
} from "./shell-reference-sites.ts";
export { quoteForShell, shellReferenceSites } from "./shell-reference-sites.ts";
export type { WorkflowDefinition } from "./workflow-definition.ts";
export {
  decodeWorkflowDefinition,
  shellCommandOf,
  WorkflowDefinitionSchema,
  WorkflowNameSchema,
} from "./workflow-definition.ts";
export type { WorkflowReference, WorkflowReferenceError } from "./workflow-expression.ts";
export { replaceWorkflowReferences, stringsIn, workflowReferences } from "./workflow-expression.ts";
export type { WorkflowInput, WorkflowInputType, WorkflowInputValue } from "./workflow-input.ts";
export {
  WorkflowInputSchema,
  WorkflowInputTypeSchema,
  WorkflowInputValueSchema,
} from "./workflow-input.ts";
export type {
  WorkflowAgentStep,
  WorkflowRetry,
  WorkflowShellStep,
  WorkflowStep,
  WorkflowStepKind,
  WorkflowToolStep,
} from "./workflow-step.ts";
export {
  WorkflowAgentStepSchema,
  WorkflowRetrySchema,
  WorkflowShellStepSchema,
  WorkflowStepIdSchema,
  WorkflowStepSchema,
  WorkflowToolStepSchema,
  workflowStepKind,
} from "./workflow-step.ts";
