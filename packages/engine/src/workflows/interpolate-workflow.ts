import { type WorkflowInputValue, workflowReferences } from "@parley/protocol";

/** What `${{ … }}` references resolve to: the run's inputs and the outputs of the steps done so far. */
export interface WorkflowScope {
  inputs: Readonly<Record<string, WorkflowInputValue>>;
  outputs: Readonly<Record<string, string>>;
}

/**
 * Replaces every `${{ inputs.x }}` and `${{ steps.<id>.output }}` in `text`. The definition was checked
 * before the run, so a reference to a step that has not produced output (it failed with
 * `continue_on_error`) becomes the empty string.
 */
export function interpolateWorkflowText(text: string, scope: WorkflowScope): string {
  let result = text;
  for (const reference of workflowReferences(text).references) {
    const value =
      reference.kind === "input"
        ? String(scope.inputs[reference.name] ?? "")
        : (scope.outputs[reference.step] ?? "");
    result = result.split(reference.text).join(value);
  }
  return result;
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
