import { type AskForPermission, defineTool, type EngineTool } from "@parley/engine";
import type { PermissionMode } from "@parley/protocol";
import {
  describeAvailableWorkflows,
  type LoadedWorkflow,
  RUN_WORKFLOW_TOOL,
  RunWorkflowInputSchema,
} from "@parley/server/workflows";

/** Where `parley run`'s `RunWorkflow` finds the project, its server and who answers a step's approval. */
export interface RunWorkflowToolOptions {
  projectRoot: string;
  home: string;
  env: Readonly<Record<string, string | undefined>>;
  /** The run's permission mode when the call is made: the workflow's steps run under it. */
  permissionMode: () => PermissionMode;
  /** Who decides a step's approval (the SDK host); without it, see `runWorkflowToEnd`. */
  ask?: AskForPermission;
}

/**
 * `parley run`'s `RunWorkflow`: the server's tool of the same name and input, but a headless turn has no
 * chat to watch a card in, so it runs the workflow to its end through the project's server (the running
 * `parley serve`, or one started in this process on the same store) and answers with every step's status
 * and output. It needs approval like any tool that acts; a step's own approvals go to the same host as the
 * run's. The server is loaded only when the tool is called; `available` (the project's workflows, read by
 * `loadWorkflows`) is what its description lists.
 */
export function runWorkflowTool(
  options: RunWorkflowToolOptions,
  available: readonly LoadedWorkflow[],
): EngineTool {
  return defineTool({
    name: RUN_WORKFLOW_TOOL,
    description: `Runs one of the project's workflows (.parley/workflows/<name>.yaml) with inputs, step by step, and returns when it ends with each step's status and output. A step that needs approval is asked for like your own calls. The run is kept in the project's history, where the user can retry or resume it (parley workflow).
${describeAvailableWorkflows(available)}`,
    inputSchema: RunWorkflowInputSchema,
    requiresApproval: true,
    access: () => ({ kind: "other" }),
    execute: async (input, { signal }) => {
      const { runWorkflowToEnd } = await import("./run-workflow-to-end.ts");
      return runWorkflowToEnd(options, { name: input.name, inputs: input.inputs ?? {} }, signal);
    },
  });
}
