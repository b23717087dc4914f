import {
  lazySchema,
  type WorkflowDefinition,
  WorkflowInputValueSchema,
  WorkflowNameSchema,
} from "@parley/protocol";
import { z } from "zod";

/** The name the agent calls it by, in the server's sessions and in `parley run`. */
export const RUN_WORKFLOW_TOOL = "RunWorkflow";

/** What the agent passes to `RunWorkflow`, whichever face runs it. */
export const RunWorkflowInputSchema = lazySchema(() =>
  z.object({
    name: WorkflowNameSchema.describe("The workflow's name"),
    inputs: z.record(z.string(), WorkflowInputValueSchema).optional().describe("Its inputs by name"),
  }),
);

/**
 * The project's workflows as the tool's description lists them: name, inputs, description; `undefined` when
 * they are still being read (the tool starts one by name all the same).
 */
export function describeAvailableWorkflows(
  workflows: readonly { definition: WorkflowDefinition }[] | undefined,
): string {
  if (workflows === undefined)
    return "The project's workflows are still being read: name one of .parley/workflows/ to start it.";
  const lines = workflows.map(({ definition }) => {
    const inputs = Object.keys(definition.inputs ?? {});
    const takes = inputs.length === 0 ? "" : ` (inputs: ${inputs.join(", ")})`;
    return `- ${definition.name}${takes}${definition.description === undefined ? "" : `: ${definition.description}`}`;
  });
  return lines.length === 0 ? "The project has no workflows yet." : `Workflows:\n${lines.join("\n")}`;
}
