import type { ToolRequestData, ToolResultData } from "@parley/protocol";
import {
  type ApprovalAnswer,
  type ApprovalView,
  approvalOutcomeText,
  approvalView,
  type MessageCard,
  touchesProtectedPath,
} from "@parley/sdk";
import { useState } from "react";
import { useChatActions } from "../chat-store-context.tsx";
import { ApprovalActions } from "./approval-actions.tsx";
import { McpCallHeader } from "./mcp-call-header.tsx";
import { ToolParameters } from "./tool-parameters.tsx";
import { ToolResultView } from "./tool-result-view.tsx";

/**
 * A tool call that asks a person (seed 000's approval card): which tool, what it would do, its input in
 * readable form, why it asks, a warning for protected paths, the answers while it waits, then the answer
 * given (in every tab) and, once it ran, its result.
 */
export function ApprovalCard({
  card,
  request,
  result,
}: {
  card: MessageCard;
  request: ToolRequestData;
  result?: ToolResultData | undefined;
}) {
  const actions = useChatActions();
  const [answeredElsewhere, setAnsweredElsewhere] = useState(false);
  const view = approvalView(request);
  const approvalId = request.approval_id;
  const answer = async (decision: ApprovalAnswer) => {
    if (approvalId === undefined)
      return { status: "failed" as const, message: "No approval to answer", issues: [] };
    const outcome = await actions.answerApproval(approvalId, decision);
    if (outcome.status === "conflict") setAnsweredElsewhere(true);
    return outcome;
  };
  const original = request.original_parameters;
  const mcp = card.rich.kind === "MCPToolRequest";
  return (
    <section
      className={`card approval-card approval-${view}${mcp ? " mcp-card" : ""}`}
      data-testid="approval-card"
      data-message-id={card.id}
      data-approval-id={approvalId}
      data-status={view}
      data-tool={request.tool_name}
      data-kind={card.rich.kind}
      aria-label={`Approval: ${request.headline ?? request.tool_name}`}
    >
      {mcp ? (
        <McpCallHeader data={card.rich.data} waiting={view === "pending"} />
      ) : (
        <header className="approval-header">
          <span className="badge tool-badge" data-testid="approval-tool">
            {request.tool_name}
          </span>
          <span className="approval-headline" data-testid="approval-headline">
            {request.headline ?? request.description ?? request.tool_name}
          </span>
          {view === "pending" && <span className="badge badge-waiting">Needs your approval</span>}
        </header>
      )}
      {touchesProtectedPath(request) && (
        <p className="approval-warning" data-testid="approval-protected-warning" role="note">
          ⚠ This call changes{" "}
          {request.blocked_path === undefined ? "a protected path" : <code>{request.blocked_path}</code>},
          configuration that can run code. Parley always asks for it, in every mode, and cannot always allow
          it.
        </p>
      )}
      {/* Why it asks matters only while it asks: answered, the outcome line below says what happened. */}
      {view === "pending" && request.reason !== undefined && (
        <p className="approval-reason muted" data-testid="approval-reason">
          {request.reason}
        </p>
      )}
      <ToolParameters
        toolName={request.tool_name}
        parameters={request.parameters}
        testId="approval-parameters"
      />
      {original !== undefined && (
        <details className="approval-original" data-testid="approval-original">
          <summary>The agent's own input (it ran with the edited one above)</summary>
          <ToolParameters
            toolName={request.tool_name}
            parameters={original}
            testId="approval-original-parameters"
          />
        </details>
      )}
      {view === "pending" ? (
        <ApprovalActions request={request} onAnswer={answer} />
      ) : (
        <ApprovalOutcomeLine request={request} view={view} />
      )}
      {answeredElsewhere && view !== "pending" && (
        <p className="muted" data-testid="approval-answered-elsewhere">
          This was answered in another window first; its answer stands.
        </p>
      )}
      {result !== undefined && <ToolResultView result={result} />}
    </section>
  );
}

/** The answer an approval got, in words. */
function ApprovalOutcomeLine({ request, view }: { request: ToolRequestData; view: ApprovalView }) {
  const text = approvalOutcomeText(request);
  return (
    <div
      className={`approval-status approval-status-${view}`}
      data-testid="approval-status"
      data-decision={request.decision}
    >
      <span>{text}</span>
      {request.answered_at !== undefined && (
        <time className="muted" dateTime={request.answered_at}>
          {" "}
          ·{" "}
          {new Date(request.answered_at).toLocaleTimeString(undefined, {
            hour: "2-digit",
            minute: "2-digit",
          })}
        </time>
      )}
      {request.feedback !== undefined && (
        <blockquote className="approval-feedback-text" data-testid="approval-feedback-text">
          {request.feedback}
        </blockquote>
      )}
    </div>
  );
}
