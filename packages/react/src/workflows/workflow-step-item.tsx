import type { WorkflowStepProgress } from "@parley/protocol";
import { type ChatMessage, formatElapsed, stepElapsed, WORKFLOW_STEP_ICONS } from "@parley/sdk";
import { useEffect, useState } from "react";
import { waitsForApproval } from "./fold-workflow-messages.ts";
import type { WorkflowFold } from "./workflow-fold-context.ts";

const KIND_LABELS: Record<WorkflowStepProgress["kind"], string> = {
  agent: "agent",
  tool: "tool",
  shell: "shell",
};

/**
 * One step of a workflow card: its state, kind, attempts, elapsed time, output and error, and the chat
 * messages it produced (its approval and result, or its agent turn) folded under it, open while it runs or
 * waits for an approval.
 */
export function WorkflowStepItem({
  step,
  now,
  messages,
  fold,
}: {
  step: WorkflowStepProgress;
  now: number;
  messages: readonly ChatMessage[];
  fold: WorkflowFold | undefined;
}) {
  const elapsed = stepElapsed(step, now);
  const output = step.output ?? "";
  const waiting = step.status === "running" && waitsForApproval(messages);
  return (
    <li
      className={`workflow-step workflow-step-${step.status}`}
      data-testid="workflow-step"
      data-step-id={step.id}
      data-status={step.status}
      data-waiting={waiting ? "true" : undefined}
    >
      <span className="workflow-step-icon" aria-hidden="true">
        {WORKFLOW_STEP_ICONS[step.status]}
      </span>
      <span className="workflow-step-name">
        {step.name}
        {waiting && (
          <span className="badge workflow-badge-waiting" data-testid="workflow-step-waiting">
            waits for your approval
          </span>
        )}
      </span>
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
      {fold !== undefined && messages.length > 0 && (
        <StepMessages
          messages={messages}
          fold={fold}
          kind={step.kind}
          live={step.status === "running"}
          waiting={waiting}
        />
      )}
    </li>
  );
}

/**
 * The step's chat messages, as the chat would show them, behind a disclosure: open while the step runs (an
 * agent step's answer streams here) and always while it waits for an approval (the card to answer is here),
 * and left open after that until you close it.
 */
function StepMessages({
  messages,
  fold,
  kind,
  live,
  waiting,
}: {
  messages: readonly ChatMessage[];
  fold: WorkflowFold;
  kind: WorkflowStepProgress["kind"];
  live: boolean;
  waiting: boolean;
}) {
  const [chosen, setChosen] = useState<boolean | undefined>();
  // What opened while you watched (a turn streaming, an approval to give) stays open once the step ends;
  // a step that ended before you looked stays folded.
  useEffect(() => {
    if (waiting || live) setChosen((current) => current ?? true);
  }, [waiting, live]);
  const open = waiting || (chosen ?? live);
  const what = kind === "agent" ? "The agent's turn" : "The call and its approval";
  return (
    <details
      className="workflow-step-messages"
      data-testid="workflow-step-messages"
      open={open}
      onToggle={(event) => {
        const nowOpen = event.currentTarget.open;
        if (nowOpen !== open) setChosen(nowOpen);
      }}
    >
      <summary>{what}</summary>
      {messages.map((message) => (
        <div key={message.id} className="workflow-step-message">
          {fold.renderMessage(message)}
        </div>
      ))}
    </details>
  );
}
