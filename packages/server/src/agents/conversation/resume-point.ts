import { pendingToolUses } from "@parley/engine";
import type { Approval, AskUserAnswer } from "@parley/protocol";
import type { Store } from "../../store/store.ts";
import { waitingToolUseIds } from "./open-interactions.ts";

/** A tool call a resumed turn carries out, and the ToolRequest card it already has (if any). */
export interface ResumedCall {
  id: string;
  name: string;
  input: Record<string, unknown>;
  cardId?: string;
}

/** Where an agent's conversation can continue after a person answered while no run waited. */
export type ResumePoint =
  /** Open tool calls, with the answers given for them (each applied once, to its own call). */
  | {
      kind: "calls";
      calls: ResumedCall[];
      approvals: Map<string, Approval>;
      answers: Map<string, AskUserAnswer[]>;
    }
  /** Something still waits for a person: nothing can continue yet. */
  | { kind: "waiting" }
  /** The conversation is not waiting on any call. */
  | { kind: "none" };

/**
 * Reads where a stored conversation stopped: the calls `pendingToolUses` finds at its end, and for each the
 * approval or question answer the agent itself (not a subagent) got for it in the run that made the call.
 */
export function resumePoint(store: Store, sessionId: string, agentId: string): ResumePoint {
  if (waitingToolUseIds(store, sessionId, agentId).size > 0) return { kind: "waiting" };
  const pending = pendingToolUses(store.conversation.history(sessionId, agentId));
  if (pending.length === 0) return { kind: "none" };
  const open = new Set(pending.map((call) => call.id));
  // The open calls are the last turn's: only answers given in that run count (models that number their
  // calls, like "call_0", reuse ids across turns, and an old answer must never approve a new call).
  const lastRun = store.runs
    .listBySession(sessionId)
    .filter((run) => run.agent_id === agentId && run.parent_run_id === null && run.kind !== "compaction")
    .at(-1);
  const approvals = new Map<string, Approval>();
  const answers = new Map<string, AskUserAnswer[]>();
  const cards = new Map<string, string>();
  if (lastRun !== undefined) {
    for (const approval of store.approvals.byRun(lastRun.id)) {
      if (approval.parent_tool_use_id === null && open.has(approval.tool_use_id))
        approvals.set(approval.tool_use_id, approval);
    }
    for (const question of store.questions.byRun(lastRun.id)) {
      if (question.tool_use_id !== undefined && open.has(question.tool_use_id) && question.answers !== null)
        answers.set(question.tool_use_id, question.answers);
    }
    for (const message of store.messages.byRun(lastRun.id)) {
      const toolUseId = (message.rich.data as { tool_use_id?: unknown }).tool_use_id;
      if (
        (message.rich.kind === "ToolRequest" || message.rich.kind === "MCPToolRequest") &&
        typeof toolUseId === "string" &&
        open.has(toolUseId)
      )
        cards.set(toolUseId, message.id);
    }
  }
  const calls = pending.map((call) => ({
    id: call.id,
    name: call.name,
    input: (call.input ?? {}) as Record<string, unknown>,
    ...(cards.has(call.id) && { cardId: cards.get(call.id) }),
  }));
  return { kind: "calls", calls, approvals, answers };
}
