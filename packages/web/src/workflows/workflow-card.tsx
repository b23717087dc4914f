import type { WorkflowExecutionData, WorkflowStepProgress } from "@parley/protocol";
import {
  formatElapsed,
  sendWorkflowControl,
  stepElapsed,
  WORKFLOW_STEP_ICONS,
  WorkflowClient,
  type WorkflowControl,
  workflowControls,
} from "@parley/sdk";
import { useEffect, useState } from "react";
import "./workflows.css";

const KIND_LABELS: Record<WorkflowStepProgress["kind"], string> = {
  agent: "agent",
  tool: "tool",
  shell: "shell",
};

/** The workflow routes, shared by every card (same origin, session cookie). */
const client = new WorkflowClient();

/**
 * A WorkflowExecution card (seed 001): the workflow's status and progress, each step with its state, elapsed
 * time, live output and error, and the buttons that fit the status: Pause (at the step boundary) and Pause
 * now, Resume, Retry step, Cancel. The card is the stored message, updated in place by ContextUpdate events,
 * so it is the same after a reload.
 */
export function WorkflowCard({
  execution,
  messageId,
}: {
  execution: WorkflowExecutionData;
  messageId: string;
}) {
  const now = useNow(execution.status === "Running");
  const steps = execution.steps ?? [];
  const { status } = workflowControls(execution);
  return (
    <section
      className={`card workflow-card workflow-${execution.status.toLowerCase()}`}
      data-testid="workflow-card"
      data-message-id={messageId}
      data-execution-id={execution.execution_id}
      data-status={execution.status}
      aria-label={`Workflow ${execution.workflow_name}: ${status}`}
    >
      <header className="workflow-header">
        <span className="card-kicker">Workflow</span>
        <strong className="workflow-name">{execution.workflow_name}</strong>
        <span
          className={`badge workflow-badge workflow-badge-${status.toLowerCase()}`}
          data-testid="workflow-status"
        >
          {status}
        </span>
        <span className="muted workflow-progress" data-testid="workflow-progress">
          {execution.completed_steps} of {execution.total_steps} steps
        </span>
      </header>
      <progress
        className="workflow-bar"
        max={Math.max(1, execution.total_steps)}
        value={execution.completed_steps}
        aria-label="Steps done"
      />
      <ol className="workflow-steps">
        {steps.map((step) => (
          <WorkflowStepItem key={step.id} step={step} now={now} />
        ))}
      </ol>
      {execution.status === "Failed" && execution.error != null && (
        <p className="workflow-error" role="alert" data-testid="workflow-error">
          {execution.error.message}
        </p>
      )}
      <WorkflowButtons execution={execution} />
    </section>
  );
}

function WorkflowStepItem({ step, now }: { step: WorkflowStepProgress; now: number }) {
  const elapsed = stepElapsed(step, now);
  const output = step.output ?? "";
  return (
    <li
      className={`workflow-step workflow-step-${step.status}`}
      data-testid="workflow-step"
      data-step-id={step.id}
      data-status={step.status}
    >
      <span className="workflow-step-icon" aria-hidden="true">
        {WORKFLOW_STEP_ICONS[step.status]}
      </span>
      <span className="workflow-step-name">{step.name}</span>
      <span className="muted workflow-step-meta">
        {KIND_LABELS[step.kind]}
        {step.attempts > 1 && ` · try ${step.attempts}`}
        {elapsed !== undefined && (
          <span data-testid="workflow-step-elapsed"> · {formatElapsed(elapsed)}</span>
        )}
      </span>
      {output !== "" && (
        <details
          className="workflow-step-output"
          open={step.status === "running" || step.status === "failed"}
        >
          <summary>{step.status === "running" ? "Output so far" : "Output"}</summary>
          <pre data-testid="workflow-step-output">{output}</pre>
        </details>
      )}
      {step.error != null && step.status !== "completed" && (
        <p className="workflow-step-error" data-testid="workflow-step-error">
          {step.error.message}
        </p>
      )}
    </li>
  );
}

const CONTROL_BUTTONS: Record<WorkflowControl, { label: string; className: string }> = {
  pause: { label: "Pause", className: "button" },
  pause_now: { label: "Pause now", className: "button" },
  resume: { label: "Resume", className: "button button-primary" },
  retry: { label: "Retry step", className: "button button-primary" },
  cancel: { label: "Cancel", className: "button button-danger" },
};

function WorkflowButtons({ execution }: { execution: WorkflowExecutionData }) {
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | undefined>();
  const { controls } = workflowControls(execution);
  const send = async (control: WorkflowControl) => {
    setSending(true);
    setFailure(undefined);
    try {
      await sendWorkflowControl(client, execution.execution_id, control);
    } catch (error) {
      setFailure((error as Error).message);
    } finally {
      setSending(false);
    }
  };
  if (controls.length === 0) return null;
  return (
    <div className="card-actions workflow-actions">
      {controls.map((control) => (
        <button
          key={control}
          type="button"
          className={CONTROL_BUTTONS[control].className}
          data-testid={`workflow-${control.replace("_", "-")}`}
          disabled={sending}
          onClick={() => void send(control)}
        >
          {CONTROL_BUTTONS[control].label}
        </button>
      ))}
      {failure !== undefined && (
        <p className="workflow-error" role="alert">
          {failure}
        </p>
      )}
    </div>
  );
}

/** The time now, ticking every second while `live` (a running step's elapsed time counts up). */
function useNow(live: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!live) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [live]);
  return live ? now : Date.now();
}
