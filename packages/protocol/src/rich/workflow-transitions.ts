import type { JsonValue } from "../shared/json-value.ts";
import type { ErrorDetail } from "./error-detail.ts";
import type { WorkflowExecutionData } from "./workflow-execution.ts";
import type { WorkflowStatus } from "./workflow-status.ts";

/** Where transitions read the time from; inject a fixed clock in tests. */
export type WorkflowClock = () => Date;

/** Why a workflow transition was refused. */
export interface WorkflowTransitionError {
  code: "illegal_transition" | "no_steps_left" | "steps_remaining" | "invalid_workflow";
  message: string;
}

/**
 * The outcome of a workflow transition, shaped like DecodeResult: the new execution value, or why
 * the transition is not allowed from the current state. Transitions never throw and never mutate.
 */
export type WorkflowTransitionResult =
  | { success: true; value: WorkflowExecutionData }
  | { success: false; error: WorkflowTransitionError };

/** What is known about a workflow before it runs. */
export interface WorkflowExecutionInit {
  workflow_name: string;
  execution_id: string;
  total_steps: number;
  first_step?: string | null;
}

const ACTIVE: readonly WorkflowStatus[] = ["Pending", "Running", "Paused"];

/** A new Pending execution with no steps done; until it starts, `started_at` is when it was created. */
export function createWorkflowExecution(
  init: WorkflowExecutionInit,
  clock: WorkflowClock,
): WorkflowTransitionResult {
  if (!Number.isInteger(init.total_steps) || init.total_steps < 0) {
    return refuse("invalid_workflow", `total_steps must be a non-negative integer, got ${init.total_steps}`);
  }
  if (init.workflow_name === "" || init.execution_id === "") {
    return refuse("invalid_workflow", "a workflow needs a workflow_name and an execution_id");
  }
  const now = clock().toISOString();
  return ok({
    workflow_name: init.workflow_name,
    execution_id: init.execution_id,
    status: "Pending",
    current_step: init.first_step ?? null,
    total_steps: init.total_steps,
    completed_steps: 0,
    started_at: now,
    updated_at: now,
    result: null,
    error: null,
  });
}

/** Pending → Running: sets `started_at` and keeps `completed_steps` at 0 (seed 001 "initiation"). */
export function startWorkflow(
  execution: WorkflowExecutionData,
  clock: WorkflowClock,
): WorkflowTransitionResult {
  return transition(execution, "start", ["Pending"], () => {
    const now = clock().toISOString();
    return ok({ ...execution, status: "Running", started_at: now, updated_at: now });
  });
}

/** Records a finished step while Running: one more completed step, `current_step` becomes `next_step`. */
export function completeWorkflowStep(
  execution: WorkflowExecutionData,
  step: { next_step: string | null },
  clock: WorkflowClock,
): WorkflowTransitionResult {
  return transition(execution, "complete a step of", ["Running"], () => {
    if (execution.completed_steps >= execution.total_steps) {
      return refuse(
        "no_steps_left",
        `${describe(execution)} has already completed all ${execution.total_steps} steps`,
      );
    }
    return ok({
      ...execution,
      completed_steps: execution.completed_steps + 1,
      current_step: step.next_step,
      updated_at: clock().toISOString(),
    });
  });
}

/** Running → Completed once every step is done: no current step, `result` holds the final output. */
export function completeWorkflow(
  execution: WorkflowExecutionData,
  outcome: { result: JsonValue },
  clock: WorkflowClock,
): WorkflowTransitionResult {
  return transition(execution, "complete", ["Running"], () => {
    const remaining = execution.total_steps - execution.completed_steps;
    if (remaining > 0) {
      return refuse(
        "steps_remaining",
        `${describe(execution)} still has ${remaining} of ${execution.total_steps} steps to run`,
      );
    }
    return ok({
      ...execution,
      status: "Completed",
      current_step: null,
      result: outcome.result,
      updated_at: clock().toISOString(),
    });
  });
}

/** Pending, Running or Paused → Failed with `error`, keeping `current_step` and `completed_steps`. */
export function failWorkflow(
  execution: WorkflowExecutionData,
  failure: { error: ErrorDetail },
  clock: WorkflowClock,
): WorkflowTransitionResult {
  return transition(execution, "fail", ACTIVE, () =>
    ok({
      ...execution,
      status: "Failed",
      error: failure.error,
      updated_at: clock().toISOString(),
    }),
  );
}

/** Running → Paused, keeping `current_step` and `completed_steps`. */
export function pauseWorkflow(
  execution: WorkflowExecutionData,
  clock: WorkflowClock,
): WorkflowTransitionResult {
  return transition(execution, "pause", ["Running"], () =>
    ok({
      ...execution,
      status: "Paused",
      updated_at: clock().toISOString(),
    }),
  );
}

/** Paused → Running, continuing from the same `current_step`. */
export function resumeWorkflow(
  execution: WorkflowExecutionData,
  clock: WorkflowClock,
): WorkflowTransitionResult {
  return transition(execution, "resume", ["Paused"], () =>
    ok({
      ...execution,
      status: "Running",
      updated_at: clock().toISOString(),
    }),
  );
}

/** Failed → Running to run the failed `current_step` again: the error is cleared, progress kept. */
export function retryWorkflow(
  execution: WorkflowExecutionData,
  clock: WorkflowClock,
): WorkflowTransitionResult {
  return transition(execution, "retry", ["Failed"], () =>
    ok({
      ...execution,
      status: "Running",
      error: null,
      updated_at: clock().toISOString(),
    }),
  );
}

/** Pending, Running or Paused → Cancelled, keeping the progress made so far. */
export function cancelWorkflow(
  execution: WorkflowExecutionData,
  clock: WorkflowClock,
): WorkflowTransitionResult {
  return transition(execution, "cancel", ACTIVE, () =>
    ok({
      ...execution,
      status: "Cancelled",
      updated_at: clock().toISOString(),
    }),
  );
}

function transition(
  execution: WorkflowExecutionData,
  verb: string,
  from: readonly WorkflowStatus[],
  apply: () => WorkflowTransitionResult,
): WorkflowTransitionResult {
  if (!from.includes(execution.status)) {
    const allowed = from.length === 1 ? from.join("") : `${from.slice(0, -1).join(", ")} or ${from.at(-1)}`;
    return refuse(
      "illegal_transition",
      `cannot ${verb} ${describe(execution)}: it is ${execution.status}, and only a ${allowed} workflow can`,
    );
  }
  return apply();
}

function describe(execution: WorkflowExecutionData): string {
  return `workflow "${execution.workflow_name}" (${execution.execution_id})`;
}

function ok(value: WorkflowExecutionData): WorkflowTransitionResult {
  return { success: true, value };
}

function refuse(code: WorkflowTransitionError["code"], message: string): WorkflowTransitionResult {
  return { success: false, error: { code, message } };
}
