import { lstatSync, readdirSync, readFileSync, realpathSync } from "node:fs";
import { join } from "node:path";
import {
  decodeWorkflowDefinition,
  type WorkflowDefinition,
  type WorkflowProblem,
  type WorkflowSummary,
  workflowStepKind,
} from "@parley/protocol";
import { parse } from "yaml";
import { isInside } from "../workspace/resolve-in-project.ts";

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
  const stat = lstatSync(path);
  if (stat.size > MAX_FILE_BYTES)
    return { path, message: `the file is larger than ${MAX_FILE_BYTES / 1024} KiB` };
  let value: unknown;
  try {
    value = parse(readFileSync(path, "utf8"), { maxAliasCount: 100 });
  } catch (error) {
    return { path, message: `not valid YAML: ${(error as Error).message.split("\n")[0]}` };
  }
  const decoded = decodeWorkflowDefinition(value);
  if (!decoded.success) return { path, message: decoded.error.message };
  const expected = path.replace(/^.*[\\/]/, "").replace(/\.ya?ml$/, "");
  if (decoded.value.name !== expected)
    return { path, message: `name: "${decoded.value.name}" must match the file name "${expected}"` };
  return { definition: decoded.value, source, path };
}
