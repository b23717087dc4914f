import {
  type WorkflowExecutionData,
  WorkflowExecutionDataSchema,
  type WorkflowStepProgress,
} from "@parley/protocol";
import { type WorkflowAction, WorkflowClient } from "@parley/sdk";
import { useEffect, useState } from "react";
import { formatElapsed } from "./format-elapsed.ts";
import "./workflows.css";

const STEP_ICONS: Record<WorkflowStepProgress["status"], string> = {
  pending: "○",
  running: "◐",
  completed: "✓",
  failed: "✗",
  skipped: "↷",
  cancelled: "⊘",
  interrupted: "‖",
};

const KIND_LABELS: Record<WorkflowStepProgress["kind"], string> = {
  agent: "agent",
  tool: "tool",
  shell: "shell",
};

/** The workflow routes, shared by every card (same origin, session cookie). */
const client = new WorkflowClient();

/** The data of a WorkflowExecution card, or undefined when it does not fit the schema (shown as text then). */
export function readWorkflowExecution(data: unknown): WorkflowExecutionData | undefined {
  const parsed = WorkflowExecutionDataSchema.safeParse(data);
  return parsed.success ? parsed.data : undefined;
}

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
  const pausing = (execution as { pause_requested?: unknown }).pause_requested === true;
  const status = pausing && execution.status === "Running" ? "Pausing" : execution.status;
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
      <WorkflowButtons execution={execution} pausing={pausing} />
    </section>
  );
}

function WorkflowStepItem({ step, now }: { step: WorkflowStepProgress; now: number }) {
  const started = step.started_at == null ? undefined : Date.parse(step.started_at);
  const ended = step.ended_at == null ? undefined : Date.parse(step.ended_at);
  const elapsed =
    started === undefined ? undefined : (step.status === "running" ? now : (ended ?? now)) - started;
  const output = step.output ?? "";
  return (
    <li
      className={`workflow-step workflow-step-${step.status}`}
      data-testid="workflow-step"
      data-step-id={step.id}
      data-status={step.status}
    >
      <span className="workflow-step-icon" aria-hidden="true">
        {STEP_ICONS[step.status]}
      </span>
      <span className="workflow-step-name">{step.name}</span>
      <span className="muted workflow-step-meta">
        {KIND_LABELS[step.kind]}
        {step.attempts > 1 && ` · try ${step.attempts}`}
        {elapsed !== undefined && (
          <span data-testid="workflow-step-elapsed"> · {formatElapsed(Math.max(0, elapsed))}</span>
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

function WorkflowButtons({ execution, pausing }: { execution: WorkflowExecutionData; pausing: boolean }) {
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | undefined>();
  const id = execution.execution_id;
  const send = async (request: () => Promise<unknown>) => {
    setSending(true);
    setFailure(undefined);
    try {
      await request();
    } catch (error) {
      setFailure((error as Error).message);
    } finally {
      setSending(false);
    }
  };
  const act = (action: WorkflowAction) => () => void send(() => client.act(id, action));
  const { status } = execution;
  const active = status === "Running" || status === "Paused" || status === "Pending";
  if (!active && status !== "Failed") return null;
  return (
    <div className="card-actions workflow-actions">
      {status === "Running" && !pausing && (
        <button
          type="button"
          className="button"
          data-testid="workflow-pause"
          disabled={sending}
          onClick={() => void send(() => client.pause(id))}
        >
          Pause
        </button>
      )}
      {status === "Running" && (
        <button
          type="button"
          className="button"
          data-testid="workflow-pause-now"
          disabled={sending}
          onClick={() => void send(() => client.pause(id, true))}
        >
          Pause now
        </button>
      )}
      {status === "Paused" && (
        <button
          type="button"
          className="button button-primary"
          data-testid="workflow-resume"
          disabled={sending}
          onClick={act("resume")}
        >
          Resume
        </button>
      )}
      {status === "Failed" && (
        <button
          type="button"
          className="button button-primary"
          data-testid="workflow-retry"
          disabled={sending}
          onClick={act("retry")}
        >
          Retry step
        </button>
      )}
      {active && (
        <button
          type="button"
          className="button button-danger"
          data-testid="workflow-cancel"
          disabled={sending}
          onClick={act("cancel")}
        >
          Cancel
        </button>
      )}
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
