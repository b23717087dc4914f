import { EXECUTE_MODES, type ExecutePlanMode, type InteractionOutcome } from "@parley/sdk";
import { useId, useState } from "react";

/**
 * A proposed plan's buttons: Execute Plan (leaves plan mode for the chosen mode and runs the plan as a
 * workflow, step by step, when the card can), Execute in one turn (hands the whole plan to the agent), and
 * Refine Plan (opens a feedback box; the agent answers with a new plan).
 */
export function PlanActions({
  onExecute,
  onExecuteStepByStep,
  onRefine,
}: {
  onExecute: (mode: ExecutePlanMode) => Promise<InteractionOutcome>;
  /** Carries the plan out as a workflow, one agent turn per step, on a progress card. */
  onExecuteStepByStep?: (mode: ExecutePlanMode) => Promise<InteractionOutcome>;
  onRefine: (feedback: string) => Promise<InteractionOutcome>;
}) {
  const [mode, setMode] = useState<ExecutePlanMode>("default");
  const [refining, setRefining] = useState(false);
  const [feedback, setFeedback] = useState("");
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | undefined>();
  const modeId = useId();
  const feedbackId = useId();

  const run = async (send: () => Promise<InteractionOutcome>) => {
    setSending(true);
    setFailure(undefined);
    const outcome = await send();
    setSending(false);
    if (outcome.status === "failed") setFailure(outcome.message);
  };
  const refine = () => {
    if (feedback.trim() !== "") void run(() => onRefine(feedback.trim()));
  };

  return (
    <div className="plan-actions">
      {!refining && (
        <div className="card-actions">
          {onExecuteStepByStep !== undefined && (
            <button
              type="button"
              className="button button-primary"
              data-testid="plan-execute-steps"
              disabled={sending}
              title="Runs the plan as a workflow: one agent turn per step, on a progress card you can pause, resume and retry"
              onClick={() => void run(() => onExecuteStepByStep(mode))}
            >
              Execute Plan
            </button>
          )}
          <button
            type="button"
            className={onExecuteStepByStep === undefined ? "button button-primary" : "button"}
            data-testid="plan-execute"
            disabled={sending}
            title="Hands the whole plan to the agent, which carries it out in one turn"
            onClick={() => void run(() => onExecute(mode))}
          >
            {onExecuteStepByStep === undefined ? "Execute Plan" : "Execute in one turn"}
          </button>
          <label className="plan-mode" htmlFor={modeId}>
            <span className="muted">then</span>
            <select
              id={modeId}
              data-testid="plan-execute-mode"
              value={mode}
              disabled={sending}
              onChange={(event) => setMode(event.target.value as ExecutePlanMode)}
            >
              {EXECUTE_MODES.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            className="button"
            data-testid="plan-refine"
            disabled={sending}
            onClick={() => setRefining(true)}
          >
            Refine Plan…
          </button>
        </div>
      )}
      {refining && (
        <form
          className="plan-refine"
          onSubmit={(event) => {
            event.preventDefault();
            refine();
          }}
        >
          <label htmlFor={feedbackId}>What should change?</label>
          <textarea
            id={feedbackId}
            data-testid="plan-refine-feedback"
            rows={3}
            value={feedback}
            disabled={sending}
            // biome-ignore lint/a11y/noAutofocus: the person just asked to write feedback
            autoFocus
            onChange={(event) => setFeedback(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Escape") setRefining(false);
              if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) refine();
            }}
          />
          <div className="card-actions">
            <button
              type="submit"
              className="button button-primary"
              data-testid="plan-refine-send"
              disabled={sending || feedback.trim() === ""}
            >
              Send feedback
            </button>
            <button
              type="button"
              className="button"
              data-testid="plan-refine-cancel"
              disabled={sending}
              onClick={() => setRefining(false)}
            >
              Cancel
            </button>
          </div>
        </form>
      )}
      {sending && (
        <p className="muted" role="status">
          Sending…
        </p>
      )}
      {failure !== undefined && (
        <p className="field-error" data-testid="plan-error" role="alert">
          {failure}
        </p>
      )}
    </div>
  );
}
