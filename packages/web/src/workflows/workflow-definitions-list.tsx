import { describeWorkflowIssue, type WorkflowList } from "@parley/protocol";
import { useState } from "react";
import { WorkflowRunForm } from "./workflow-run-form.tsx";

/**
 * The workflows a project defines, on the Workflows page: each runnable one with what it does, its steps
 * and a Run action (asking for its inputs first), and each invalid file with its mistakes, line by line.
 */
export function WorkflowDefinitionsList({ list }: { list: WorkflowList }) {
  const [running, setRunning] = useState<string | undefined>();
  if (list.workflows.length === 0 && list.problems.length === 0) {
    return (
      <p className="muted">
        No workflows yet: add one as <code>.parley/workflows/&lt;name&gt;.yaml</code>.
      </p>
    );
  }
  return (
    <ul className="workflow-definitions" aria-label="Defined workflows">
      {list.workflows.map((workflow) => (
        <li key={workflow.name} className="workflow-definition" data-testid="workflow-definition">
          <div className="workflow-definition-head">
            <strong>{workflow.name}</strong>
            {workflow.description !== undefined && <span className="muted">{workflow.description}</span>}
            {running !== workflow.name && (
              <button
                type="button"
                className="button"
                data-testid="workflow-run"
                onClick={() => setRunning(workflow.name)}
              >
                Run…
              </button>
            )}
            <span className="muted workflow-definition-steps">
              {workflow.steps.length} {workflow.steps.length === 1 ? "step" : "steps"}:{" "}
              {workflow.steps.map((step) => step.name).join(" → ")}
            </span>
          </div>
          {running === workflow.name && (
            <WorkflowRunForm workflow={workflow} onCancel={() => setRunning(undefined)} />
          )}
        </li>
      ))}
      {list.problems.map((problem) => (
        <li
          key={problem.path}
          className="workflow-definition workflow-definition-invalid"
          data-testid="workflow-invalid"
        >
          <div className="workflow-definition-head">
            <strong>{problem.name ?? problem.path}</strong>
            <span className="badge workflow-badge-failed">invalid</span>
            <code className="muted">{problem.path}</code>
          </div>
          <ul className="workflow-problem-issues">
            {(problem.issues ?? [{ path: "", message: problem.message }]).map((issue) => {
              const text = describeWorkflowIssue(issue);
              return (
                <li key={text} className="workflow-error" data-testid="workflow-invalid-issue">
                  {text}
                </li>
              );
            })}
          </ul>
        </li>
      ))}
    </ul>
  );
}
