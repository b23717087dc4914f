import type { WorkflowSummary } from "@parley/protocol";
import { WorkflowClient } from "@parley/sdk";
import { useLoadWhen } from "../lib/use-load-when.ts";

const client = new WorkflowClient();
const NO_WORKFLOWS: WorkflowSummary[] = [];
const loadWorkflows = async () => (await client.definitions()).workflows;

/**
 * The project's workflow definitions, loaded when `wanted` first becomes true (the person typed `/`) and
 * again each time it does, so a file added meanwhile is found.
 */
export function useWorkflowDefinitions(wanted: boolean): WorkflowSummary[] {
  return useLoadWhen(wanted, loadWorkflows, NO_WORKFLOWS);
}

/** Starts a workflow from the composer. */
export function startWorkflow(name: string, sessionId: string | undefined, inputs: Record<string, string>) {
  return client.start(name, { inputs, ...(sessionId !== undefined && { session_id: sessionId }) });
}

/**
 * Whether `name` is a workflow of the project: from the list already loaded, or asked for now (the person
 * typed `/name` and pressed Enter before the list arrived). A server that cannot say means no.
 */
export async function isWorkflow(name: string, known: readonly WorkflowSummary[]): Promise<boolean> {
  if (known.some((workflow) => workflow.name === name)) return true;
  try {
    return (await client.definitions()).workflows.some((workflow) => workflow.name === name);
  } catch {
    return false;
  }
}
