import { constants } from "node:fs";
import { open } from "node:fs/promises";
import {
  decodeWorkflowDefinition,
  describeWorkflowIssue,
  type WorkflowDefinition,
  type WorkflowProblem,
  type WorkflowProblemIssue,
} from "@parley/protocol";
import { MAX_WORKFLOW_CHARACTERS, readWorkflowYaml } from "./read-workflow-yaml.ts";

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

/**
 * A workflow file read from disk and parsed. The listing saw a regular file, but it is read later, in the
 * worker: one replaced since by a symlink (to a file outside the project) or a FIFO is not followed.
 */
export async function readWorkflowFile(file: WorkflowFileToRead): Promise<LoadedWorkflow | WorkflowProblem> {
  const problem = (message: string) => workflowFileProblem(file.path, [{ path: "", message }]);
  try {
    const { O_RDONLY, O_NOFOLLOW, O_NONBLOCK } = constants;
    const handle = await open(file.path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK);
    try {
      const stat = await handle.stat();
      if (!stat.isFile()) return problem("not a regular file");
      // Characters are at most 4 bytes: a larger file is refused before it is read.
      if (stat.size > MAX_WORKFLOW_CHARACTERS * 4)
        return problem(`larger than ${MAX_WORKFLOW_CHARACTERS / 1024} KiB`);
      return await parseWorkflowFile(file, await handle.readFile("utf8"));
    } finally {
      await handle.close();
    }
  } catch (error) {
    return problem(`cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
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
