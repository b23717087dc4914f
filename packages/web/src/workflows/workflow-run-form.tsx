import type { WorkflowSummary } from "@parley/protocol";
import { apiMessage } from "@parley/sdk";
import { useState } from "react";
import { navigate } from "../app/use-route.ts";
import { startWorkflow } from "./use-workflow-definitions.ts";

/**
 * Runs a workflow from the Workflows page: one field per declared input (its default filled in, a check box
 * for a boolean), then Start opens the new session where its card shows. The server converts and checks
 * the values; what it refuses is shown here and nothing starts.
 */
export function WorkflowRunForm({ workflow, onCancel }: { workflow: WorkflowSummary; onCancel: () => void }) {
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      Object.entries(workflow.inputs).map(([name, input]) => [
        name,
        input.default === undefined ? "" : String(input.default),
      ]),
    ),
  );
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | undefined>();
  const start = async () => {
    setSending(true);
    setFailure(undefined);
    try {
      // An empty optional field is left out, so its default (or its absence) applies.
      const given = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ""));
      const view = await startWorkflow(workflow.name, undefined, given);
      navigate({ page: "chat", sessionId: view.session_id });
    } catch (error) {
      setFailure(apiMessage(error));
      setSending(false);
    }
  };
  return (
    <form
      className="workflow-run-form"
      data-testid="workflow-run-form"
      aria-label={`Run ${workflow.name}`}
      onSubmit={(event) => {
        event.preventDefault();
        void start();
      }}
    >
      {Object.entries(workflow.inputs).map(([name, input]) => (
        <div key={name} className="workflow-run-input">
          <label htmlFor={`workflow-input-${workflow.name}-${name}`}>
            {name}
            {input.default === undefined && input.required !== false && " *"}
            {input.description !== undefined && <span className="muted"> — {input.description}</span>}
          </label>
          {input.type === "boolean" ? (
            <input
              id={`workflow-input-${workflow.name}-${name}`}
              type="checkbox"
              name={name}
              checked={values[name] === "true"}
              onChange={(event) =>
                setValues((current) => ({ ...current, [name]: String(event.target.checked) }))
              }
            />
          ) : (
            <input
              id={`workflow-input-${workflow.name}-${name}`}
              className="input"
              name={name}
              inputMode={input.type === "number" ? "decimal" : undefined}
              value={values[name] ?? ""}
              onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
            />
          )}
        </div>
      ))}
      <div className="card-actions">
        <button
          type="submit"
          className="button button-primary"
          data-testid="workflow-start"
          disabled={sending}
        >
          Start
        </button>
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
      {failure !== undefined && (
        <p className="workflow-error" role="alert" data-testid="workflow-run-error">
          {failure}
        </p>
      )}
    </form>
  );
}
