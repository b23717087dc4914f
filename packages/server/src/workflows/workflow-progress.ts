import {
  type ErrorDetail,
  isoFromEpochMs,
  type WorkflowDefinition,
  type WorkflowExecutionData,
  type WorkflowStepProgress,
  type WorkflowTransitionResult,
  workflowStepKind,
} from "@parley/protocol";
import { ApiError } from "../http/api-error.ts";

/** The most output a step keeps on its card (the rest of a long log is in its ToolResult card). */
export const STEP_OUTPUT_MAX_CHARS = 8_000;

/** Every step of a definition, pending, as a new execution lists them. */
export function initialSteps(definition: WorkflowDefinition): WorkflowStepProgress[] {
  return definition.steps.map((step) => ({
    id: step.id,
    name: step.name ?? step.id,
    kind: workflowStepKind(step),
    status: "pending",
    attempts: 0,
  }));
}

/** The card's data with one step changed. */
export function withStep(
  state: WorkflowExecutionData,
  stepId: string,
  change: Partial<WorkflowStepProgress>,
): WorkflowExecutionData {
  return {
    ...state,
    steps: (state.steps ?? []).map((step) => (step.id === stepId ? { ...step, ...change } : step)),
  };
}

/** The step of the card with this id. */
export function stepOf(state: WorkflowExecutionData, stepId: string): WorkflowStepProgress | undefined {
  return state.steps?.find((step) => step.id === stepId);
}

/** A step that has just ended: its end time and (capped) output. */
export function ended(nowMs: number, output?: string): Partial<WorkflowStepProgress> {
  return {
    ended_at: isoFromEpochMs(nowMs),
    ...(output !== undefined && { output: capOutput(output) }),
  };
}

/** The end of a long output: what was printed last matters most on a progress card. */
export function capOutput(output: string): string {
  return output.length <= STEP_OUTPUT_MAX_CHARS
    ? output
    : `… ${output.length - STEP_OUTPUT_MAX_CHARS} characters before\n${output.slice(-STEP_OUTPUT_MAX_CHARS)}`;
}

/** The error a failed workflow carries: the step's own, naming the step. */
export function stepError(stepId: string, error: ErrorDetail): ErrorDetail {
  return { ...error, details: { step: stepId, ...(isObject(error.details) ? error.details : {}) } };
}

/** The new state of a transition, or a 409 saying why the execution cannot make it now. */
export function transitioned(result: WorkflowTransitionResult): WorkflowExecutionData {
  if (!result.success) throw new ApiError("conflict", result.error.message);
  return result.value;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
