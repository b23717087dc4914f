import { type WorkflowSummary, workflowStepKind } from "@parley/protocol";
import type { LoadedWorkflow } from "./parse-workflow-file.ts";

/** A definition as `GET /api/workflows` lists it. */
export function summarizeWorkflow(workflow: LoadedWorkflow): WorkflowSummary {
  const { definition } = workflow;
  return {
    name: definition.name,
    ...(definition.description !== undefined && { description: definition.description }),
    source: workflow.source,
    path: workflow.path,
    inputs: definition.inputs ?? {},
    steps: definition.steps.map((step) => ({
      id: step.id,
      name: step.name ?? step.id,
      kind: workflowStepKind(step),
    })),
  };
}
