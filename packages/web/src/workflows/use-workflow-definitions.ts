import type { WorkflowList } from "@parley/protocol";
import { useLoadWhen } from "@parley/react";
import { WorkflowClient } from "@parley/sdk";

const client = new WorkflowClient();
const NO_WORKFLOWS: WorkflowList = { workflows: [], problems: [] };
const loadWorkflows = () => client.definitions();

/**
 * The project's workflow definitions and invalid files, loaded when `wanted` first becomes true (the person
 * typed `/`) and again each time it does, so a file added or fixed meanwhile is found.
 */
export function useWorkflowDefinitions(wanted: boolean): WorkflowList {
  return useLoadWhen(wanted, loadWorkflows, NO_WORKFLOWS);
}

/** Starts a workflow from the composer. */
export function startWorkflow(name: string, sessionId: string | undefined, inputs: Record<string, string>) {
  return client.start(name, { inputs, ...(sessionId !== undefined && { session_id: sessionId }) });
}

/**
 * Whether `/name` names a workflow file of the project, valid or not (an invalid one is started too, so
 * the server's answer shows its mistakes instead of the line going to the agent as chat): from the list
 * already loaded, or asked for now (the person pressed Enter before the list arrived). A server that
 * cannot say means no.
 */
export async function isWorkflowFile(name: string, known: WorkflowList): Promise<boolean> {
  const names = (list: WorkflowList) => [
    ...list.workflows.map((workflow) => workflow.name),
    ...list.problems.map((problem) => problem.name),
  ];
  if (names(known).includes(name)) return true;
  try {
    return names(await client.definitions()).includes(name);
  } catch {
    return false;
  }
}
