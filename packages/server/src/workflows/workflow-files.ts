import { lstatSync, readdirSync, readFileSync, realpathSync } from "node:fs";
import { join } from "node:path";
import {
  decodeWorkflowDefinition,
  describeWorkflowIssue,
  type WorkflowDefinition,
  type WorkflowProblem,
  type WorkflowProblemIssue,
  type WorkflowSummary,
  workflowStepKind,
} from "@parley/protocol";
import { isInside } from "../workspace/resolve-in-project.ts";
import { readWorkflowYaml } from "./read-workflow-yaml.ts";

/** A workflow definition found on disk. */
export interface LoadedWorkflow {
  definition: WorkflowDefinition;
  source: "project" | "user";
  path: string;
}

/** The largest workflow file read (a definition is a page of YAML, not a data set). */
const MAX_FILE_BYTES = 256 * 1024;

/**
 * Reads the workflow definitions a project can run: `.parley/workflows/*.yaml|yml` in the project, then
 * `$PARLEY_HOME/workflows/` (a project file of the same name wins). Symlinks are not followed: a file must
 * be a regular file inside its folder. Invalid files are reported with the field at fault, not dropped
 * silently; a file whose `name` differs from its file name is refused so `/name` always finds it.
 */
export function loadWorkflows(
  projectRoot: string,
  home: string,
): { workflows: LoadedWorkflow[]; problems: WorkflowProblem[] } {
  const problems: WorkflowProblem[] = [];
  const byName = new Map<string, LoadedWorkflow>();
  const folders = [
    { source: "project" as const, root: projectRoot, folder: join(projectRoot, ".parley", "workflows") },
    { source: "user" as const, root: home, folder: join(home, "workflows") },
  ];
  for (const { source, root, folder } of folders) {
    for (const file of workflowFiles(root, folder)) {
      const loaded = readWorkflow(file, source);
      if ("message" in loaded) problems.push(loaded);
      else if (!byName.has(loaded.definition.name)) byName.set(loaded.definition.name, loaded);
    }
  }
  const workflows = [...byName.values()].sort((left, right) =>
    left.definition.name.localeCompare(right.definition.name),
  );
  return { workflows, problems };
}

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

function workflowFiles(root: string, folder: string): string[] {
  let real: string;
  try {
    if (!lstatSync(folder).isDirectory()) return [];
    real = realpathSync(folder);
  } catch {
    return [];
  }
  if (!isInside(realpathSync(root), real)) return [];
  return readdirSync(real, { withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.ya?ml$/.test(entry.name))
    .map((entry) => join(real, entry.name))
    .sort();
}

function readWorkflow(path: string, source: "project" | "user"): LoadedWorkflow | WorkflowProblem {
  const name = path.replace(/^.*[\\/]/, "").replace(/\.ya?ml$/, "");
  const problem = (issues: WorkflowProblemIssue[]): WorkflowProblem => ({
    path,
    name,
    message: issues.map(describeWorkflowIssue).join("; "),
    issues,
  });
  const stat = lstatSync(path);
  if (stat.size > MAX_FILE_BYTES)
    return problem([{ path: "", message: `the file is larger than ${MAX_FILE_BYTES / 1024} KiB` }]);
  const parsed = readWorkflowYaml(readFileSync(path, "utf8"));
  if (!parsed.ok) return problem([parsed.issue]);
  const decoded = decodeWorkflowDefinition(parsed.value);
  if (!decoded.success) return problem(decoded.error.issues.map(parsed.locate));
  if (decoded.value.name !== name)
    return problem([
      parsed.locate({ path: "name", message: `"${decoded.value.name}" must match the file name "${name}"` }),
    ]);
  return { definition: decoded.value, source, path };
}
