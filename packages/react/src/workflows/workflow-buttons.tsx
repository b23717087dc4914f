import type { WorkflowExecutionData } from "@parley/protocol";
import {
  apiMessage,
  sendWorkflowControl,
  WorkflowClient,
  type WorkflowControl,
  workflowControls,
} from "@parley/sdk";
import { useState } from "react";

/** The workflow routes, shared by every card (same origin, session cookie). */
const client = new WorkflowClient();

const CONTROL_BUTTONS: Record<WorkflowControl, { label: string; className: string }> = {
  pause: { label: "Pause", className: "button" },
  pause_now: { label: "Pause now", className: "button" },
  resume: { label: "Resume", className: "button button-primary" },
  retry: { label: "Retry step", className: "button button-primary" },
  cancel: { label: "Cancel", className: "button button-danger" },
};

/**
 * The buttons that fit a workflow's status (`workflowControls`, the same on every face): Pause (at the step
 * boundary) and Pause now while it runs (only Pause now once a pause is asked for), Resume when paused, Retry
 * step when failed, Cancel while going.
 */
export function WorkflowButtons({ execution }: { execution: WorkflowExecutionData }) {
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | undefined>();
  const { controls } = workflowControls(execution);
  const send = async (control: WorkflowControl) => {
    setSending(true);
    setFailure(undefined);
    try {
      await sendWorkflowControl(client, execution.execution_id, control);
    } catch (error) {
      setFailure(apiMessage(error));
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
