import type { WorkflowExecutionView, WorkflowList } from "@parley/protocol";
import { WorkflowClient } from "@parley/sdk";
import { useCallback, useEffect, useState } from "react";
import { navigate } from "../app/use-route.ts";
import { WorkflowDefinitionsList } from "./workflow-definitions-list.tsx";
import "./workflows.css";

const client = new WorkflowClient();

/** How often the list refreshes while a workflow on it is still going. */
const REFRESH_MS = 2000;

/**
 * The Workflows page: the workflows the project defines (each runnable one with a Run action, each invalid
 * file with its mistakes), then its executions, running and past, newest first, each with its status, its
 * progress and a link to the session whose card shows (and controls) it.
 */
export function WorkflowsPage({ onClose }: { onClose: () => void }) {
  const [definitions, setDefinitions] = useState<WorkflowList | undefined>();
  const [executions, setExecutions] = useState<WorkflowExecutionView[] | undefined>();
  const [failure, setFailure] = useState<string | undefined>();
  const load = useCallback(() => {
    Promise.all([client.definitions(), client.executions()]).then(
      ([found, list]) => {
        setDefinitions(found);
        setExecutions(list.executions);
        setFailure(undefined);
      },
      (error: Error) => setFailure(error.message),
    );
  }, []);
  useEffect(load, [load]);
  const going = (executions ?? []).some((view) => ["Pending", "Running"].includes(view.execution.status));
  useEffect(() => {
    if (!going) return;
    const timer = setInterval(load, REFRESH_MS);
    return () => clearInterval(timer);
  }, [going, load]);
  return (
    <main className="workflow-list" aria-label="Workflows" data-testid="workflows-page">
      <header className="workflow-header">
        <h2>Workflows</h2>
        <button type="button" className="button" onClick={load}>
          Refresh
        </button>
        <button type="button" className="button" onClick={onClose}>
          Back to chat
        </button>
      </header>
      {failure !== undefined && (
        <p className="workflow-error" role="alert">
          {failure}
        </p>
      )}
      <h3>Definitions</h3>
      {definitions !== undefined && <WorkflowDefinitionsList list={definitions} />}
      <h3>Runs</h3>
      {executions?.length === 0 && (
        <p className="muted">
          No workflow has run yet. Run one above, or type <code>/</code> and its name in the message box.
        </p>
      )}
      {executions !== undefined && executions.length > 0 && (
        <table className="workflow-table">
          <thead>
            <tr>
              <th>Workflow</th>
              <th>Status</th>
              <th>Progress</th>
              <th>Started</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {executions.map((view) => (
              <tr key={view.execution_id} data-testid="workflow-row" data-status={view.execution.status}>
                <td>{view.workflow_name}</td>
                <td>{view.execution.status}</td>
                <td>
                  {view.execution.completed_steps} / {view.execution.total_steps}
                  {view.execution.current_step != null && (
                    <span className="muted"> · {view.execution.current_step}</span>
                  )}
                </td>
                <td>{new Date(view.execution.started_at).toLocaleString()}</td>
                <td>
                  <button
                    type="button"
                    className="button"
                    data-testid="workflow-open"
                    onClick={() => navigate({ page: "chat", sessionId: view.session_id })}
                  >
                    Open
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </main>
  );
}
