import type { WorkflowExecutionView, WorkflowStepProgress } from "@parley/protocol";
import { safeText } from "@parley/sdk";

const MARKS: Record<WorkflowStepProgress["status"], string> = {
  pending: " ",
  running: ">",
  completed: "✓",
  failed: "✗",
  skipped: "-",
  cancelled: "x",
  interrupted: "‖",
};

/**
 * One line per execution, for `parley workflow status`: its status as it really stands (a Running one that
 * will pause after its step says so; one whose step waits for a person says that too).
 */
export function executionLine(view: WorkflowExecutionView, waitsForApproval = false): string {
  const { execution } = view;
  const pausing =
    execution.status === "Running" && (execution as { pause_requested?: unknown }).pause_requested === true;
  const status = pausing ? "Running, pausing after this step" : execution.status;
  const at = execution.current_step == null ? "" : ` at ${safeText(execution.current_step)}`;
  const waiting = waitsForApproval && execution.status === "Running" ? ", waiting for your approval" : "";
  // Names, errors and steps come from a workflow file, which a cloned repository may have written.
  return `${view.execution_id}  ${safeText(view.workflow_name)}  ${status}  ${execution.completed_steps}/${execution.total_steps}${at}${waiting}`;
}

/** An execution in detail: its status, then each step with its mark, attempts and error. */
export function executionReport(view: WorkflowExecutionView, waitsForApproval = false): string {
  const lines = [executionLine(view, waitsForApproval)];
  for (const step of view.execution.steps ?? []) {
    const attempts = step.attempts > 1 ? ` (try ${step.attempts})` : "";
    lines.push(`  [${MARKS[step.status]}] ${safeText(step.name)}${attempts}`);
    if (step.error != null && step.status !== "completed")
      lines.push(`      ${safeText(step.error.message)}`);
  }
  if (view.execution.error != null) lines.push(`error: ${safeText(view.execution.error.message)}`);
  return `${lines.join("\n")}\n`;
}

/** What changed between two looks at an execution, as lines to print while following it. */
export function progressLines(
  before: WorkflowExecutionView | undefined,
  after: WorkflowExecutionView,
): string[] {
  const lines: string[] = [];
  const previous = new Map((before?.execution.steps ?? []).map((step) => [step.id, step]));
  for (const step of after.execution.steps ?? []) {
    const old = previous.get(step.id);
    if (old?.status === step.status && old.attempts === step.attempts) continue;
    if (step.status === "pending" && old === undefined) continue;
    const explained = step.status === "failed" || step.status === "interrupted";
    const detail = explained && step.error != null ? `: ${safeText(step.error.message)}` : "";
    lines.push(`[${MARKS[step.status]}] ${safeText(step.name)} ${step.status}${detail}`);
  }
  if (before?.execution.status !== after.execution.status) lines.push(`workflow ${after.execution.status}`);
  return lines;
}
