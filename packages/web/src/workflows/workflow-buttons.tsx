import type { WorkflowExecutionData } from "@parley/protocol";
import { type WorkflowAction, WorkflowClient } from "@parley/sdk";
import { useState } from "react";
import { apiMessage } from "./use-workflow-definitions.ts";

/** The workflow routes, shared by every card (same origin, session cookie). */
const client = new WorkflowClient();

/**
 * The buttons that fit a workflow's status: Pause (at the step boundary) and Pause now while it runs (only
 * Pause now once a pause is asked for), Resume when paused, Retry step when failed, Cancel while going.
 */
export function WorkflowButtons({
  execution,
  pausing,
}: {
  execution: WorkflowExecutionData;
  pausing: boolean;
}) {
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | undefined>();
  const id = execution.execution_id;
  const send = async (request: () => Promise<unknown>) => {
    setSending(true);
    setFailure(undefined);
    try {
      await request();
    } catch (error) {
      setFailure(apiMessage(error));
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
