import { defineTool, type EngineTool } from "@parley/engine";
import type { MessageScope } from "../agents/context/message-publisher.ts";
import {
  describeAvailableWorkflows,
  RUN_WORKFLOW_TOOL,
  RunWorkflowInputSchema,
} from "./run-workflow-input.ts";
import type { LoadedWorkflow } from "./workflow-files.ts";
import type { WorkflowService } from "./workflow-service.ts";

/**
 * The agent's `RunWorkflow` tool: starts one of the project's workflows in the agent's session, as a
 * WorkflowExecution card the person watches and controls. It needs approval like any tool that acts, and
 * returns at once: the workflow runs on its own (its agent steps come after the current turn).
 */
export function runWorkflowTool(
  workflows: Pick<WorkflowService, "start">,
  scope: MessageScope,
  available: readonly LoadedWorkflow[] | undefined,
): EngineTool {
  return defineTool({
    name: RUN_WORKFLOW_TOOL,
    description: `Starts one of the project's workflows (.parley/workflows/<name>.yaml) with inputs. It runs step by step as a card in this chat that the user can pause, resume, retry and cancel; this returns at once with its execution id, and agent steps of the workflow run after your turn ends.
${describeAvailableWorkflows(available)}`,
    inputSchema: RunWorkflowInputSchema,
    requiresApproval: true,
    access: () => ({ kind: "other" }),
    execute: async (input) => {
      try {
        const view = await workflows.start({
          name: input.name,
          sessionId: scope.sessionId,
          agentId: scope.agentId,
          inputs: input.inputs ?? {},
        });
        return `Started workflow "${view.workflow_name}" (execution ${view.execution_id}, ${view.execution.total_steps} steps). The user sees its progress in the chat.`;
      } catch (error) {
        return {
          content: `Could not start workflow "${input.name}": ${(error as Error).message}`,
          isError: true,
        };
      }
    },
  });
}
