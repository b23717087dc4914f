import type { ApiErrorIssue, ToolRequestData } from "@parley/protocol";
import {
  type ApprovalAnswer,
  describeRule,
  editableInput,
  type InteractionOutcome,
  mcpServerRule,
  visibleText,
} from "@parley/sdk";
import { useId, useState } from "react";
import { InputEditor } from "./input-editor.tsx";

type Mode = "choose" | "reject" | "edit";

/**
 * The answers to a pending approval: Approve once, Always allow (naming the rule it saves, not offered
 * for protected paths), Reject with feedback for the agent, or Edit the input before approving it.
 */
export function ApprovalActions({
  request,
  onAnswer,
}: {
  request: ToolRequestData;
  onAnswer: (answer: ApprovalAnswer) => Promise<InteractionOutcome>;
}) {
  const [mode, setMode] = useState<Mode>("choose");
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<{ message: string; issues: ApiErrorIssue[] } | undefined>();
  const [feedback, setFeedback] = useState("");
  const feedbackId = useId();
  const rule = request.suggested_rule;
  // An MCP call can also be allowed for every tool of its server (`mcp__github`).
  const serverRule = mcpServerRule(request.tool_name);

  const send = async (answer: ApprovalAnswer) => {
    setSending(true);
    setFailure(undefined);
    const outcome = await onAnswer(answer);
    setSending(false);
    if (outcome.status === "failed") setFailure({ message: outcome.message, issues: outcome.issues });
  };

  return (
    <div className="approval-actions" data-testid="approval-actions">
      {mode === "choose" && (
        <div className="card-actions">
          <button
            type="button"
            className="button button-primary"
            data-testid="approval-approve"
            disabled={sending}
            onClick={() => void send({ decision: "approve" })}
          >
            Approve once
          </button>
          {rule !== undefined && (
            <button
              type="button"
              className="button"
              data-testid="approval-always"
              disabled={sending}
              title={`Saves the rule ${visibleText(describeRule(rule))} for this project`}
              onClick={() => void send({ decision: "approve_always" })}
            >
              Always allow <code data-testid="approval-rule">{visibleText(describeRule(rule))}</code>
            </button>
          )}
          {rule !== undefined && serverRule !== undefined && (
            <button
              type="button"
              className="button"
              data-testid="approval-always-server"
              disabled={sending}
              title={`Saves the rule ${serverRule} for this project: every tool of this MCP server runs without asking`}
              onClick={() => void send({ decision: "approve_always", alwaysScope: "server" })}
            >
              Always allow this server <code>{serverRule}</code>
            </button>
          )}
          {request.input_editable !== false && (
            <button
              type="button"
              className="button"
              data-testid="approval-edit"
              disabled={sending}
              onClick={() => setMode("edit")}
            >
              Edit input…
            </button>
          )}
          <button
            type="button"
            className="button button-danger"
            data-testid="approval-reject"
            disabled={sending}
            onClick={() => setMode("reject")}
          >
            Reject…
          </button>
        </div>
      )}
      {mode === "reject" && (
        <form
          className="approval-reject"
          onSubmit={(event) => {
            event.preventDefault();
            void send({ decision: "reject", feedback });
          }}
        >
          <label htmlFor={feedbackId}>What should the agent do instead? (optional)</label>
          <textarea
            id={feedbackId}
            data-testid="approval-feedback"
            rows={3}
            value={feedback}
            disabled={sending}
            // biome-ignore lint/a11y/noAutofocus: the person just asked to write feedback
            autoFocus
            placeholder="The agent continues with your feedback."
            onChange={(event) => setFeedback(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Escape") setMode("choose");
              if (event.key === "Enter" && (event.ctrlKey || event.metaKey))
                void send({ decision: "reject", feedback });
            }}
          />
          <div className="card-actions">
            <button
              type="submit"
              className="button button-danger"
              data-testid="approval-reject-send"
              disabled={sending}
            >
              Reject
            </button>
            <button
              type="button"
              className="button"
              data-testid="approval-reject-cancel"
              disabled={sending}
              onClick={() => setMode("choose")}
            >
              Cancel
            </button>
          </div>
        </form>
      )}
      {mode === "edit" && (
        <InputEditor
          initial={editableInput(request)}
          sending={sending}
          issues={failure?.issues ?? []}
          onApprove={(updatedInput) => void send({ decision: "approve", updatedInput })}
          onCancel={() => {
            setFailure(undefined);
            setMode("choose");
          }}
        />
      )}
      {sending && (
        <p className="muted" role="status">
          Sending your answer…
        </p>
      )}
      {failure !== undefined && (mode !== "edit" || failure.issues.length === 0) && (
        <p className="field-error" data-testid="approval-error" role="alert">
          {failure.message}
        </p>
      )}
    </div>
  );
}
