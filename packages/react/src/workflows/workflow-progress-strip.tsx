import type { WorkflowExecutionData } from "@parley/protocol";
import { WorkflowProgressBar } from "./workflow-card.tsx";

/**
 * Pinned above the message box while a workflow of the session runs and its card's header is out of
 * view: its name, the step it is at, its progress, whether a step waits for your approval, and a button
 * that brings the card back into view.
 */
export function WorkflowProgressStrip({
  execution,
  waiting,
  onShow,
}: {
  execution: WorkflowExecutionData;
  waiting: boolean;
  onShow: () => void;
}) {
  const pausing = (execution as { pause_requested?: unknown }).pause_requested === true;
  return (
    <div className="workflow-strip" data-testid="workflow-strip" role="status" aria-label="Workflow progress">
      <span className="card-kicker">Workflow</span>
      <strong>{execution.workflow_name}</strong>
      <span className="muted" data-testid="workflow-strip-progress">
        {execution.completed_steps} of {execution.total_steps} steps
        {execution.current_step != null && ` · ${execution.current_step}`}
        {pausing && " · pausing after this step"}
      </span>
      {waiting && (
        <span className="badge workflow-badge-waiting" data-testid="workflow-strip-waiting">
          waits for your approval
        </span>
      )}
      <WorkflowProgressBar execution={execution} />
      <button type="button" className="button" data-testid="workflow-strip-show" onClick={onShow}>
        Show
      </button>
    </div>
  );
}
