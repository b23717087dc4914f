import type { AgentService } from "../agents/service/agent-service.ts";
import type { ServerSignals } from "../store/postgres/server-signals.ts";
import type { WorkflowService } from "../workflows/workflow-service.ts";

/**
 * Acts on the signals other servers left for this one (they share its PostgreSQL database): a Stop for a
 * run here, an answer a run here waits for, a message queued for an agent running here, a workflow this
 * server drives paused or cancelled there. Called on each
 * notification naming this server, and after the listener reconnects.
 */
export function dispatchSignals(
  signals: ServerSignals,
  agents: AgentService,
  workflows: WorkflowService,
): void {
  let taken: ReturnType<ServerSignals["take"]>;
  try {
    taken = signals.take();
  } catch (error) {
    // The database is away: the signals stay in their table, and the reconnect reads them.
    console.error("parley: could not read signals from other servers:", (error as Error).message);
    return;
  }
  for (const signal of taken) {
    try {
      switch (signal.kind) {
        case "cancel":
          agents.cancel(signal.run_id, { clearQueue: signal.clear_queue });
          break;
        case "approval_answered":
          agents.context.approvals.answeredElsewhere(signal.approval_id);
          break;
        case "question_answered":
          agents.context.questions.answeredElsewhere(signal.question_id);
          break;
        case "queued":
          agents.deliverQueued(signal.session_id, signal.agent_id);
          break;
        case "workflow_stopped":
          workflows.stoppedElsewhere(signal.execution_id);
          break;
      }
    } catch (error) {
      console.error(`parley: could not act on a ${signal.kind} signal:`, (error as Error).message);
    }
  }
}
