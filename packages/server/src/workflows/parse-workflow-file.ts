import {
  decodeWorkflowDefinition,
  describeWorkflowIssue,
  type WorkflowDefinition,
  type WorkflowProblem,
  type WorkflowProblemIssue,
} from "@parley/protocol";
import { readWorkflowYaml } from "./read-workflow-yaml.ts";

/** A workflow definition found on disk. */
export interface LoadedWorkflow {
  definition: WorkflowDefinition;
  source: "project" | "user";
  path: string;
}

/** Where a workflow file is and whose it is, as sent to the worker that parses it. */
export interface WorkflowFileToRead {
  path: string;
  source: "project" | "user";
}

/**
 * A workflow file's text as a definition, or the problem with it: its YAML, its fields (each mistake with
 * its line and column) and its `name`, which must be the file's name so `/name` always finds it.
 */
export async function parseWorkflowFile(
  file: WorkflowFileToRead,
  text: string,
): Promise<LoadedWorkflow | WorkflowProblem> {
  const problem = (issues: WorkflowProblemIssue[]) => workflowFileProblem(file.path, issues);
  const parsed = await readWorkflowYaml(text);
  if (!parsed.ok) return problem([parsed.issue]);
  const decoded = decodeWorkflowDefinition(parsed.value);
  if (!decoded.success) return problem(decoded.error.issues.map(parsed.locate));
  const name = workflowFileName(file.path);
  if (decoded.value.name !== name)
    return problem([
      parsed.locate({ path: "name", message: `"${decoded.value.name}" must match the file name "${name}"` }),
    ]);
  return { definition: decoded.value, source: file.source, path: file.path };
}

/** The workflow a file would be: its name without the folder and the `.yaml`/`.yml`. */
export const workflowFileName = (path: string) => path.replace(/^.*[\\/]/, "").replace(/\.ya?ml$/, "");

/** The problem a file has, its mistakes said in one message and kept one by one. */
export function workflowFileProblem(path: string, issues: WorkflowProblemIssue[]): WorkflowProblem {
  return {
    path,
    name: workflowFileName(path),
    message: issues.map(describeWorkflowIssue).join("; "),
    issues,
  };
}
