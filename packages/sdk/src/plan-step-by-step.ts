import { ApiRequestError } from "./api-request-error.ts";
import type { ExecutePlanMode, InteractionOutcome } from "./interaction-state.ts";
import type { WorkflowClient } from "./workflow-client.ts";

/**
 * Execute step by step on a Plan card: the plan runs as a workflow (one agent turn per step) and its
 * progress card appears in the chat; the Plan card shows the decision when the server re-announces it.
 */
export async function executePlanStepByStep(
  client: WorkflowClient,
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
