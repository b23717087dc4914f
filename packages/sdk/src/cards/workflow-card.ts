import {
  type WorkflowExecutionData,
  WorkflowExecutionDataSchema,
  type WorkflowStepProgress,
} from "@parley/protocol";
import type { WorkflowClient } from "../workflow-client.ts";

/** The data of a WorkflowExecution card, or undefined when it does not fit the schema (shown as text then). */
export function readWorkflowExecution(data: unknown): WorkflowExecutionData | undefined {
  const parsed = WorkflowExecutionDataSchema.safeParse(data);
  return parsed.success ? parsed.data : undefined;
}

/** One glyph per step state, the same on every face. */
export const WORKFLOW_STEP_ICONS: Record<WorkflowStepProgress["status"], string> = {
  pending: "○",
  running: "◐",
  completed: "✓",
  failed: "✗",
  skipped: "↷",
  cancelled: "⊘",
  interrupted: "‖",
};

/** A workflow control a person can use on the card. */
export type WorkflowControl = "pause" | "pause_now" | "resume" | "retry" | "cancel";

/** The status a card shows (`Pausing` while a pause waits for the step boundary) and the controls that fit it. */
export function workflowControls(execution: WorkflowExecutionData): {
  status: string;
  pausing: boolean;
  controls: WorkflowControl[];
} {
  const pausing = (execution as { pause_requested?: unknown }).pause_requested === true;
  const { status } = execution;
  const controls: WorkflowControl[] = [];
  if (status === "Running" && !pausing) controls.push("pause");
  if (status === "Running") controls.push("pause_now");
  if (status === "Paused") controls.push("resume");
  if (status === "Failed") controls.push("retry");
  if (status === "Running" || status === "Paused" || status === "Pending") controls.push("cancel");
  return { status: pausing && status === "Running" ? "Pausing" : status, pausing, controls };
}

/** Milliseconds a step has run: until now while it runs, until its end once it ended. */
export function stepElapsed(step: WorkflowStepProgress, now: number): number | undefined {
  const started = step.started_at == null ? undefined : Date.parse(step.started_at);
  const ended = step.ended_at == null ? undefined : Date.parse(step.ended_at);
  if (started === undefined) return undefined;
  return Math.max(0, (step.status === "running" ? now : (ended ?? now)) - started);
}

/** Sends a workflow control to the server (`pause` waits for the step boundary, `pause_now` does not). */
export function sendWorkflowControl(client: WorkflowClient, executionId: string, control: WorkflowControl) {
  if (control === "pause") return client.pause(executionId);
  if (control === "pause_now") return client.pause(executionId, true);
  return client.act(executionId, control);
}
