import { describe, expect, it } from "vitest";
import type { WorkflowExecutionData } from "./workflow-execution.ts";
import { WorkflowExecutionDataSchema } from "./workflow-execution.ts";
import type { WorkflowStatus } from "./workflow-status.ts";
import {
  cancelWorkflow,
  completeWorkflow,
  completeWorkflowStep,
  createWorkflowExecution,
  failWorkflow,
  pauseWorkflow,
  resumeWorkflow,
  retryWorkflow,
  startWorkflow,
  type WorkflowClock,
  type WorkflowTransitionResult,
} from "./workflow-transitions.ts";

/** A clock that moves one second per reading, from a fixed start. */
function steppingClock(): WorkflowClock {
  let tick = 0;
  return () => new Date(Date.UTC(2026, 2, 14, 10, 0, tick++));
}

function expectValue(result: WorkflowTransitionResult): WorkflowExecutionData {
  if (!result.success) throw new Error(result.error.message);
  expect(WorkflowExecutionDataSchema.safeParse(result.value).success).toBe(true);
  return result.value;
}

function execution(
  status: WorkflowStatus,
  overrides: Partial<WorkflowExecutionData> = {},
): WorkflowExecutionData {
  return {
    workflow_name: "release",
    execution_id: "wf_1",
    status,
    current_step: "test",
    total_steps: 3,
    completed_steps: 1,
    started_at: "2026-03-14T09:00:00.000Z",
    updated_at: "2026-03-14T09:05:00.000Z",
    result: null,
    error: null,
    ...overrides,
  };
}

describe("a workflow run from start to finish", () => {
  it("is created Pending, starts Running at 0 steps, advances step by step and completes with a result", () => {
    const clock = steppingClock();
    const created = expectValue(
      createWorkflowExecution(
        { workflow_name: "release", execution_id: "wf_1", total_steps: 2, first_step: "build" },
        clock,
      ),
    );
    expect(created).toMatchObject({ status: "Pending", completed_steps: 0, current_step: "build" });

    const started = expectValue(startWorkflow(created, clock));
    expect(started).toMatchObject({
      status: "Running",
      completed_steps: 0,
      started_at: "2026-03-14T10:00:01.000Z",
      updated_at: "2026-03-14T10:00:01.000Z",
    });

    const afterBuild = expectValue(completeWorkflowStep(started, { next_step: "publish" }, clock));
    expect(afterBuild).toMatchObject({
      completed_steps: 1,
      current_step: "publish",
      updated_at: "2026-03-14T10:00:02.000Z",
    });

    const afterPublish = expectValue(completeWorkflowStep(afterBuild, { next_step: null }, clock));
    const done = expectValue(completeWorkflow(afterPublish, { result: { version: "0.2.0" } }, clock));
    expect(done).toMatchObject({
      status: "Completed",
      current_step: null,
      completed_steps: 2,
      result: { version: "0.2.0" },
      started_at: "2026-03-14T10:00:01.000Z",
      updated_at: "2026-03-14T10:00:04.000Z",
    });
  });

  it("never changes the execution it was given", () => {
    const running = execution("Running");
    const copy = structuredClone(running);
    completeWorkflowStep(running, { next_step: "publish" }, steppingClock());
    pauseWorkflow(running, steppingClock());
    expect(running).toEqual(copy);
  });
});

describe("workflow transitions", () => {
  it("fail with the error while keeping the step reached and the steps completed", () => {
    const error = { code: "npm_publish_forbidden", message: "403 Forbidden", retryable: false };
    const failed = expectValue(failWorkflow(execution("Running"), { error }, steppingClock()));
    expect(failed).toMatchObject({ status: "Failed", error, current_step: "test", completed_steps: 1 });
  });

  it("pause keeping current_step and completed_steps, and resume from the same step", () => {
    const clock = steppingClock();
    const paused = expectValue(pauseWorkflow(execution("Running"), clock));
    expect(paused).toMatchObject({ status: "Paused", current_step: "test", completed_steps: 1 });
    const resumed = expectValue(resumeWorkflow(paused, clock));
    expect(resumed).toMatchObject({ status: "Running", current_step: "test", completed_steps: 1 });
    expect(resumed.updated_at).toBe("2026-03-14T10:00:01.000Z");
  });

  it("retry a failed workflow from the step that failed, clearing the error", () => {
    const error = { code: "tool_error", message: "exit 1" };
    const failed = execution("Failed", { error });
    const retried = expectValue(retryWorkflow(failed, steppingClock()));
    expect(retried).toMatchObject({
      status: "Running",
      current_step: "test",
      completed_steps: 1,
      error: null,
    });
  });

  it.each<WorkflowStatus>(["Pending", "Running", "Paused"])(
    "cancel a %s workflow, keeping its progress",
    (status) => {
      const cancelled = expectValue(cancelWorkflow(execution(status), steppingClock()));
      expect(cancelled).toMatchObject({ status: "Cancelled", completed_steps: 1, current_step: "test" });
    },
  );

  it.each<WorkflowStatus>(["Pending", "Paused"])("fail a %s workflow", (status) => {
    const error = { code: "runner_lost", message: "the runner went away" };
    expect(expectValue(failWorkflow(execution(status), { error }, steppingClock())).status).toBe("Failed");
  });
});

describe("illegal workflow transitions are refused with a clear error", () => {
  const clock = steppingClock();
  const error = { code: "x", message: "x" };
  const cases: [string, WorkflowStatus, (value: WorkflowExecutionData) => WorkflowTransitionResult][] = [
    ["start", "Running", (value) => startWorkflow(value, clock)],
    ["start", "Completed", (value) => startWorkflow(value, clock)],
    ["resume", "Running", (value) => resumeWorkflow(value, clock)],
    ["resume", "Failed", (value) => resumeWorkflow(value, clock)],
    ["pause", "Paused", (value) => pauseWorkflow(value, clock)],
    ["pause", "Pending", (value) => pauseWorkflow(value, clock)],
    ["complete a step of", "Completed", (value) => completeWorkflowStep(value, { next_step: null }, clock)],
    ["complete a step of", "Paused", (value) => completeWorkflowStep(value, { next_step: null }, clock)],
    ["complete", "Paused", (value) => completeWorkflow(value, { result: null }, clock)],
    ["fail", "Completed", (value) => failWorkflow(value, { error }, clock)],
    ["fail", "Cancelled", (value) => failWorkflow(value, { error }, clock)],
    ["cancel", "Completed", (value) => cancelWorkflow(value, clock)],
    ["cancel", "Failed", (value) => cancelWorkflow(value, clock)],
    ["retry", "Running", (value) => retryWorkflow(value, clock)],
    ["retry", "Completed", (value) => retryWorkflow(value, clock)],
  ];

  it.each(cases)("cannot %s a %s workflow", (verb, status, apply) => {
    const result = apply(execution(status));
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.error.code).toBe("illegal_transition");
    expect(result.error.message).toContain(`cannot ${verb} workflow "release" (wf_1): it is ${status}`);
  });

  it("names the allowed states", () => {
    const result = resumeWorkflow(execution("Running"), clock);
    expect(!result.success && result.error.message).toMatch(/only a Paused workflow can$/);
  });

  it("refuses a step beyond total_steps", () => {
    const result = completeWorkflowStep(
      execution("Running", { completed_steps: 3 }),
      { next_step: null },
      clock,
    );
    expect(!result.success && result.error.code).toBe("no_steps_left");
  });

  it("refuses to complete while steps remain", () => {
    const result = completeWorkflow(execution("Running"), { result: null }, clock);
    expect(!result.success && result.error).toEqual({
      code: "steps_remaining",
      message: 'workflow "release" (wf_1) still has 2 of 3 steps to run',
    });
  });

  it("refuses to create a workflow with a negative step count", () => {
    const result = createWorkflowExecution({ workflow_name: "w", execution_id: "e", total_steps: -1 }, clock);
    expect(!result.success && result.error.code).toBe("invalid_workflow");
  });
});
