import type { ApiErrorIssue, JsonObject } from "@parley/protocol";
import { parseJsonObject } from "@parley/sdk";
import { useId, useState } from "react";

/**
 * A JSON editor for a tool call's input: checked as the person types and again before sending (it must be
 * a JSON object); the server's own objections (`body.updated_input.<field>`) show below it.
 */
export function InputEditor({
  initial,
  sending,
  issues,
  onApprove,
  onCancel,
}: {
  initial: JsonObject;
  sending: boolean;
  issues: readonly ApiErrorIssue[];
  onApprove: (input: JsonObject) => void;
  onCancel: () => void;
}) {
  const [text, setText] = useState(() => JSON.stringify(initial, null, 2));
  const parsed = parseJsonObject(text);
  const errorId = useId();
  const inputId = useId();
  const problem = "error" in parsed ? parsed.error : undefined;
  const submit = () => {
    if ("value" in parsed) onApprove(parsed.value);
  };
  return (
    <div className="approval-editor">
      <label className="approval-editor-label" htmlFor={inputId}>
        Tool input (JSON)
      </label>
      <textarea
        id={inputId}
        className="approval-editor-input"
        data-testid="approval-input-editor"
        spellCheck={false}
        rows={Math.min(16, Math.max(4, text.split("\n").length))}
        value={text}
        aria-invalid={problem !== undefined}
        aria-describedby={problem !== undefined || issues.length > 0 ? errorId : undefined}
        disabled={sending}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Escape") onCancel();
          if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) submit();
        }}
      />
      {(problem !== undefined || issues.length > 0) && (
        <div id={errorId} className="field-error" data-testid="approval-input-error" role="alert">
          {problem ??
            issues
              .map(
                (issue) =>
                  `${issue.path.replace(/^body\.updated_input\.?/, "") || "input"}: ${issue.message}`,
              )
              .join("; ")}
        </div>
      )}
      <div className="card-actions">
        <button
          type="button"
          className="button button-primary"
          data-testid="approval-edit-approve"
          disabled={sending || problem !== undefined}
          onClick={submit}
        >
          Approve edited input
        </button>
        <button
          type="button"
          className="button"
          data-testid="approval-edit-cancel"
          disabled={sending}
          onClick={onCancel}
        >
          Cancel
        </button>
      </div>
    </div>
  );
}
