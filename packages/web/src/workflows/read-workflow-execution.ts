import { type WorkflowExecutionData, WorkflowExecutionDataSchema } from "@parley/protocol";

/** The data of a WorkflowExecution card, or undefined when it does not fit the schema (shown as text then). */
export function readWorkflowExecution(data: unknown): WorkflowExecutionData | undefined {
  const parsed = WorkflowExecutionDataSchema.safeParse(data);
  return parsed.success ? parsed.data : undefined;
}
