import {
  type Approval,
  type MCPToolRequestData,
  mcpToolRequestAfterApproval,
  toolRequestAfterApproval,
} from "@parley/protocol";
import { findCard, replaceCard } from "./card-edits.ts";
import { dataRecord } from "./cards/card-fields.ts";
import { readPlanCard } from "./cards/plan-card.ts";
import { readQuestionCard } from "./cards/question-card.ts";
import { readToolRequest } from "./cards/tool-cards.ts";
import type { ActionOf } from "./chat-actions.ts";
import type { ChatDraft } from "./chat-draft.ts";
import { isSubagentRun, placeRun } from "./subagent-edits.ts";
import { locateTurn } from "./turn-lookup.ts";

/**
 * Shows an approval's answer on its ToolRequest card, as the server's re-announced card will: only a card
 * still pending changes (the server's own update, when it came first, is richer and stays).
 */
export function applyApproval(draft: ChatDraft, approval: Approval): void {
  if (approval.state !== "pending") {
    const pending = draft.state.pendingApprovals ?? [];
    if (pending.some((candidate) => candidate.approvalId === approval.id))
      draft.writableState().pendingApprovals = pending.filter(
        (candidate) => candidate.approvalId !== approval.id,
      );
  }
  const location = findCard(draft, (card) => card.id === approval.message_id);
  if (location === undefined || approval.state === "pending") return;
  const request = readToolRequest(location.card.rich.data);
  if (request?.approval_status !== "Pending") return;
  const rich =
    location.card.rich.kind === "MCPToolRequest"
      ? {
          kind: "MCPToolRequest",
          data: mcpToolRequestAfterApproval(location.card.rich.data as MCPToolRequestData, approval),
        }
      : { kind: "ToolRequest", data: toolRequestAfterApproval(request, approval) };
  replaceCard(draft, location, { ...location.card, rich });
}

/** Shows a question's answer (or its withdrawal) on its Question card, if the card still waits. */
export function applyQuestionAnswer(draft: ChatDraft, action: ActionOf<"APPLY_QUESTION_ANSWER">): void {
  const askUser = draft.state.askUser;
  if (askUser?.questionId === action.questionId) delete draft.writableState().askUser;
  const location = findCard(
    draft,
    (card) => card.rich.kind === "Question" && dataRecord(card.rich.data).question_id === action.questionId,
  );
  if (location === undefined) return;
  const question = readQuestionCard(location.card.rich.data);
  if (question === undefined || (question.status !== undefined && question.status !== "pending")) return;
  const data: Record<string, unknown> = { ...dataRecord(location.card.rich.data), status: action.state };
  if (action.state === "answered") data.answers = action.answers;
  if (action.answeredAtMs !== undefined) data.answered_at = new Date(action.answeredAtMs).toISOString();
  replaceCard(draft, location, { ...location.card, rich: { kind: "Question", data } });
}

/** Shows the decision taken on a Plan card (executing or refining), if it has none yet. */
export function applyPlanDecision(draft: ChatDraft, action: ActionOf<"APPLY_PLAN_DECISION">): void {
  const location = findCard(draft, (card) => card.id === action.messageId && card.rich.kind === "Plan");
  if (location === undefined) return;
  const plan = readPlanCard(location.card.rich.data);
  if (plan === undefined || plan.decision !== undefined) return;
  const data = {
    ...dataRecord(location.card.rich.data),
    status: action.decision.action === "execute" ? "executing" : "refining",
    decision: action.decision,
  };
  replaceCard(draft, location, { ...location.card, rich: { kind: "Plan", data } });
}

/**
 * A plan was set or changed (seed 002 SET_PLAN). With a `messageId` its Plan card is updated in place
 * (an open card keeps showing each step's progress); otherwise the plan is the turn's own.
 */
export function setPlan(draft: ChatDraft, action: ActionOf<"SET_PLAN">): void {
  draft.writableState().plan = action.plan;
  if (action.messageId !== undefined) {
    const location = findCard(draft, (card) => card.id === action.messageId && card.rich.kind === "Plan");
    const data = { ...dataRecord(location?.card.rich.data), ...dataRecord(action.plan) };
    if (location !== undefined && readPlanCard(data) !== undefined) {
      replaceCard(draft, location, { ...location.card, rich: { kind: "Plan", data } });
      return;
    }
    if (location !== undefined) return;
  }
  const runId = action.runId ?? draft.state.activeRunId;
  if (runId === undefined || isSubagentRun(draft, runId)) return;
  const { index } = locateTurn(draft.messages, runId);
  if (index !== -1) draft.editMessage(index).plan = action.plan;
}

/** Replaces a card's rich value in place (a ContextUpdate): a WorkflowExecution card's progress. */
export function updateCard(draft: ChatDraft, action: ActionOf<"UPDATE_CARD">): void {
  const location = findCard(draft, (card) => card.id === action.messageId);
  if (location !== undefined) replaceCard(draft, location, { ...location.card, rich: action.rich });
}

/** Records the files a run changed on its turn (a subagent's changes are in its parent's report). */
export function setChangeReport(draft: ChatDraft, action: ActionOf<"SET_CHANGE_REPORT">): void {
  if (isSubagentRun(draft, action.runId)) return;
  const place = placeRun(draft, action);
  if (place.kind === "turn") draft.editMessage(place.index).changeReport = action.report;
}

/** Records an agent's permission mode. */
export function setPermissionMode(draft: ChatDraft, action: ActionOf<"SET_PERMISSION_MODE">): void {
  const state = draft.writableState();
  state.permissionModes = { ...state.permissionModes, [action.agentId]: action.mode };
}
