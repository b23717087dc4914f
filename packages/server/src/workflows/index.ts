/**
 * `@parley/server/workflows`: a project's workflow files and the `RunWorkflow` tool's input, for
 * `parley run` (light: file reading only, none of the server).
 */

export {
  describeAvailableWorkflows,
  RUN_WORKFLOW_TOOL,
  RunWorkflowInputSchema,
} from "./run-workflow-input.ts";
export { type LoadedWorkflow, loadWorkflows } from "./workflow-files.ts";
