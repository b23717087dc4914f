import { ApiRequestError, type ExecutePlanMode, type InteractionOutcome, WorkflowClient } from "@parley/sdk";

const client = new WorkflowClient();

/**
 * Execute step by step on a Plan card: the plan runs as a workflow (one agent turn per step) and its
 * progress card appears in the chat; the Plan card shows the decision when the server re-announces it.
 */
export async function executePlanStepByStep(
  messageId: string,
  mode: ExecutePlanMode,
): Promise<InteractionOutcome> {
  try {
    await client.executePlanStepByStep(messageId, mode);
    return { status: "done" };
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 409)
      return { status: "conflict", message: error.message };
    return { status: "failed", message: (error as Error).message, issues: [] };
  }
}
