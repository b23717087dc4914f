import {
  quoteForShell,
  replaceWorkflowReferences,
  shellReferenceSites,
  type WorkflowInputValue,
  type WorkflowReference,
  workflowReferences,
} from "@parley/protocol";

/** What `${{ … }}` references resolve to: the run's inputs and the outputs of the steps done so far. */
export interface WorkflowScope {
  inputs: Readonly<Record<string, WorkflowInputValue>>;
  outputs: Readonly<Record<string, string>>;
}

/**
 * Replaces every `${{ inputs.x }}` and `${{ steps.<id>.output }}` in `text`, once: a value put in is never
 * expanded again. The definition was checked before the run, so a reference to a step that has not
 * produced output (it failed with `continue_on_error`) becomes the empty string.
 */
export function interpolateWorkflowText(text: string, scope: WorkflowScope): string {
  return replaceWorkflowReferences(text, (reference) => referenceValue(reference, scope));
}

/**
 * A shell command with its references filled in as literal text: each value is quoted for where it sits
 * (a word of its own in single quotes, or escaped inside the quotes around it), so an input is always data
 * and never shell syntax. Throws when a reference sits where no quoting can keep it literal (a checked
 * definition has none).
 */
export function interpolateShellCommand(command: string, scope: WorkflowScope): string {
  const { sites, problems } = shellReferenceSites(command);
  if (problems[0] !== undefined) throw new Error(problems[0].message);
  let result = "";
  let at = 0;
  for (const site of sites) {
    const [reference] = workflowReferences(site.text).references;
    const text =
      reference === undefined ? site.text : quoteForShell(referenceValue(reference, scope), site.context);
    result += command.slice(at, site.start) + text;
    at = site.end;
  }
  return result + command.slice(at);
}

function referenceValue(reference: WorkflowReference, scope: WorkflowScope): string {
  return reference.kind === "input"
    ? String(scope.inputs[reference.name] ?? "")
    : (scope.outputs[reference.step] ?? "");
}

/** Interpolates every string inside a JSON value (a tool step's `with`), keeping its shape. */
export function interpolateWorkflowValue(value: unknown, scope: WorkflowScope): unknown {
  if (typeof value === "string") return interpolateWorkflowText(value, scope);
  if (Array.isArray(value)) return value.map((item) => interpolateWorkflowValue(item, scope));
  if (value !== null && typeof value === "object")
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, interpolateWorkflowValue(item, scope)]),
    );
  return value;
}

/**
 * How long to wait before attempt `attempt` (2 for the first retry) of a step whose `retry.backoff` is
 * `backoffSeconds`: the backoff, doubled for each further retry.
 */
export function workflowRetryDelayMs(backoffSeconds: number, attempt: number): number {
  return backoffSeconds * 1000 * 2 ** Math.max(0, attempt - 2);
}
