import {
  type ExecutePlanMode,
  executePlanStepByStep as execute,
  type InteractionOutcome,
  WorkflowClient,
} from "@parley/sdk";

const client = new WorkflowClient();

/** Execute step by step on a Plan card, through the page's own server. */
export function executePlanStepByStep(messageId: string, mode: ExecutePlanMode): Promise<InteractionOutcome> {
  return execute(client, messageId, mode);
}
