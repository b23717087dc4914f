import type { WorkflowExecutionData } from "@parley/protocol";
import { workflowControls } from "@parley/sdk";
import { useEffect, useRef, useState } from "react";
import { WorkflowButtons } from "./workflow-buttons.tsx";
import { useWorkflowFold } from "./workflow-fold-context.ts";
import { WorkflowStepItem } from "./workflow-step-item.tsx";

const NO_MESSAGES: readonly never[] = [];

/**
 * A WorkflowExecution card (seed 001): the workflow's status and progress, each step with its state, elapsed
 * time, live output and error and the chat messages it produced, and the buttons that fit the status: Pause
 * (at the step boundary) and Pause now, Resume, Retry step, Cancel. The card is the stored message, updated
 * in place by ContextUpdate events, so it is the same after a reload.
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
  const fold = useWorkflowFold();
  const byStep = fold?.steps.get(execution.execution_id);
  const header = useHeaderInView(execution.execution_id, fold?.onHeaderInView);
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
      <header className="workflow-header" ref={header}>
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
      <WorkflowProgressBar execution={execution} />
      <ol className="workflow-steps">
        {steps.map((step) => (
          <WorkflowStepItem
            key={step.id}
            step={step}
            now={now}
            messages={byStep?.get(step.id) ?? NO_MESSAGES}
            fold={fold}
          />
        ))}
      </ol>
      {execution.status === "Failed" && execution.error != null && !stepShowsError(execution) && (
        <p className="workflow-error" role="alert" data-testid="workflow-error">
          {execution.error.message}
        </p>
      )}
      <WorkflowButtons execution={execution} />
    </section>
  );
}

/** Whether a step of the card already shows the workflow's error (a failed step's own), so it is not shown twice. */
function stepShowsError(execution: WorkflowExecutionData): boolean {
  const words = (text: string) => text.replace(/\s+/g, " ").trim();
  const error = words(execution.error?.message ?? "");
  return (execution.steps ?? []).some(
    (step) => step.status !== "completed" && step.error != null && words(step.error.message) === error,
  );
}

/** The steps done out of all, as a bar (on the card, and pinned while the card is out of view). */
export function WorkflowProgressBar({ execution }: { execution: WorkflowExecutionData }) {
  return (
    <progress
      className="workflow-bar"
      max={Math.max(1, execution.total_steps)}
      value={execution.completed_steps}
      aria-label="Steps done"
    />
  );
}

/**
 * Tells the chat whether the card's header (its name, status and progress) is on screen, so the chat can
 * pin the progress while it is not; a card scrolled out of the list (unmounted) is not in view.
 */
function useHeaderInView(
  executionId: string,
  report: ((executionId: string, inView: boolean) => void) | undefined,
) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (report === undefined || element === null || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => {
      const entry = entries.at(-1);
      if (entry !== undefined) report(executionId, entry.isIntersecting);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      report(executionId, false);
    };
  }, [executionId, report]);
  return ref;
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
