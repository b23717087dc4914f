import type { Store } from "../../store/store.ts";
import type { RunContext } from "../context/run-context.ts";
import { settleOpenToolCalls } from "./conversation-repair.ts";

/**
 * The tool calls of an agent's conversation that wait for a person: pending approvals and pending
 * AskUserQuestion questions of the agent itself (not of its subagents, whose turns cannot be resumed).
 */
export function waitingToolUseIds(store: Store, sessionId: string, agentId: string): Set<string> {
  const ids = new Set<string>();
  for (const approval of store.approvals.bySession(sessionId, "pending")) {
    if (approval.agent_id === agentId && approval.parent_tool_use_id === null) ids.add(approval.tool_use_id);
  }
  for (const question of store.questions.pending(sessionId)) {
    if (question.agent_id === agentId && question.source === "tool" && question.tool_use_id !== undefined)
      ids.add(question.tool_use_id);
  }
  return ids;
}

/**
 * Withdraws what runs of a tree that are no longer going left waiting (after a restart), then closes their
 * calls in the agent's conversation as interrupted, so the agent can take new messages. Returns the ids
 * of the approvals and questions withdrawn.
 */
export function withdrawWaiting(
  context: RunContext,
  runIds: readonly string[],
  sessionId: string,
  agentId: string,
): string[] {
  const { store, approvals, questions } = context;
  const pendingApprovals = runIds.flatMap((id) =>
    store.approvals.byRun(id).filter((approval) => approval.state === "pending"),
  );
  const pendingQuestions = runIds.flatMap((id) =>
    store.questions
      .byRun(id)
      .filter((question) => question.state === "pending" && question.source === "tool"),
  );
  const withdrawn = [
    ...approvals.withdraw(
      pendingApprovals.map((approval) => approval.id),
      "cancelled",
    ),
    ...questions.withdraw(
      pendingQuestions.map((question) => question.question_id),
      "cancelled",
    ),
  ];
  if (withdrawn.length > 0) {
    store.transaction(() => {
      const history = store.conversation.history(sessionId, agentId);
      const repaired = settleOpenToolCalls(history, waitingToolUseIds(store, sessionId, agentId));
      if (repaired !== undefined) store.conversation.replace(sessionId, agentId, repaired);
    });
  }
  return withdrawn;
}
