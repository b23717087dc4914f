import { upsertCard } from "./card-edits.ts";
import type { ActionOf, ChatAction } from "./chat-actions.ts";
import { ChatDraft } from "./chat-draft.ts";
import type { ChatMessage, QueuedChatMessage, SessionChatState } from "./chat-state.ts";
import {
  applyApproval,
  applyPlanDecision,
  applyQuestionAnswer,
  setChangeReport,
  setPermissionMode,
  setPlan,
  updateCard,
} from "./interaction-edits.ts";
import { prependOlder } from "./older-page.ts";
import { sessionStateFromSnapshot } from "./session-snapshot.ts";
import { addSubagent, isSubagentRun, markSubagentDone } from "./subagent-edits.ts";
import {
  activityDone,
  appendToken,
  finalizeRun,
  pushAgentMessage,
  pushTextSegment,
  pushUserMessage,
  resetSegment,
  setActivity,
  toolProgress,
} from "./turn-edits.ts";
import { isoTime, locateTurn } from "./turn-lookup.ts";

/**
 * The chat reducer (seed 002's `useChatMessages`), pure and immutable. Unchanged messages keep their
 * identity, and a batch (`BATCH`, `APPLY_EVENT`) copies the messages array once however many tokens it
 * appends, so a token costs the length of the streaming turn's text, not the length of the chat.
 */
export function chatReducer(state: SessionChatState, action: ChatAction): SessionChatState {
  const draft = new ChatDraft(state);
  applyAction(draft, action);
  return draft.finish();
}

/** Applies one action to a draft (the reducer's body, shared by batches). */
export function applyAction(draft: ChatDraft, action: ChatAction): void {
  switch (action.type) {
    case "BATCH":
      for (const inner of action.actions) applyAction(draft, inner);
      return;
    case "APPLY_EVENT":
      if (action.seq <= draft.state.appliedSeq) return;
      for (const inner of action.actions) applyAction(draft, inner);
      draft.writableState().appliedSeq = action.seq;
      return;
    case "APPEND_TOKEN":
      appendToken(draft, action);
      return;
    case "SET_THINKING": {
      if (isSubagentRun(draft, action.runId)) return;
      const { index } = locateTurn(draft.messages, action.runId);
      if (!action.thinking && (index === -1 || draft.messages[index]?.isThinking !== true)) return;
      if (action.thinking && index !== -1 && draft.messages[index]?.isThinking === true) return;
      const turn = draft.editMessage(index === -1 ? ensureIndex(draft, action) : index);
      if (action.thinking) turn.isThinking = true;
      else delete turn.isThinking;
      return;
    }
    case "RESET_SEGMENT":
      resetSegment(draft, action);
      return;
    case "PUSH_MESSAGE":
      if (action.message.role === "user") pushUserMessage(draft, action.message);
      else pushAgentMessage(draft, action.message);
      return;
    case "FINALIZE_MESSAGE":
      finalizeRun(draft, action);
      return;
    case "CLEAR_MESSAGES": {
      const state = draft.writableState();
      draft.writableMessages().length = 0;
      state.hasOlder = false;
      delete state.oldestPosition;
      return;
    }
    case "SET_ACTIVITY":
      setActivity(draft, action);
      return;
    case "ACTIVITY_DONE":
      activityDone(draft, action);
      return;
    case "TOOL_PROGRESS":
      toolProgress(draft, action);
      return;
    case "SET_CONTEXT_USAGE": {
      // A subagent's context is its own; the meter shows the session's agent.
      if (action.runId !== undefined && isSubagentRun(draft, action.runId)) return;
      draft.writableState().contextUsage = action.usage;
      if (action.runId === undefined) return;
      const { index } = locateTurn(draft.messages, action.runId);
      if (index === -1) return;
      const turn = draft.editMessage(index);
      turn.contextTokens = action.usage.estimatedTokens;
      turn.messageCount = action.usage.messageCount;
      return;
    }
    case "ADD_SUBAGENT":
      addSubagent(draft, action);
      return;
    case "MARK_SUBAGENT_DONE":
      markSubagentDone(draft, action);
      return;
    case "SET_PLAN":
      setPlan(draft, action);
      return;
    case "UPDATE_CARD":
      updateCard(draft, action);
      return;
    case "SET_CHANGE_REPORT":
      setChangeReport(draft, action);
      return;
    case "SET_ASK_USER": {
      const state = draft.writableState();
      if (action.askUser === undefined) delete state.askUser;
      else state.askUser = action.askUser;
      return;
    }
    case "SET_MODEL_FALLBACK":
      draft.writableState().modelFallback = action.fallback;
      return;
    case "PUSH_TEXT_SEGMENT":
      pushTextSegment(draft, action);
      return;
    case "PUSH_CARD":
      upsertCard(draft, action, action.card, true);
      return;
    case "APPLY_APPROVAL":
      applyApproval(draft, action.approval);
      return;
    case "APPLY_QUESTION_ANSWER":
      applyQuestionAnswer(draft, action);
      return;
    case "APPLY_PLAN_DECISION":
      applyPlanDecision(draft, action);
      return;
    case "SET_PERMISSION_MODE":
      setPermissionMode(draft, action);
      return;
    case "LOAD_STATE":
      draft.replaceState(sessionStateFromSnapshot(action.snapshot, draft.state));
      return;
    case "LOAD_OLDER":
      prependOlder(draft, action.messages, action.hasOlder);
      return;
    case "APPLY_QUEUE_CHANGE":
      applyQueueChange(draft, action);
      return;
    case "SET_QUEUE":
      setQueue(draft, action.agentId, action.items);
      return;
    case "CONFIRM_MESSAGE":
      confirmMessage(draft, action.clientMessageId, action.messageId, action.runId);
      return;
    case "REMOVE_MESSAGE": {
      const index = bubbleIndex(draft.messages, action.clientMessageId);
      if (index !== -1 && isUnconfirmed(draft.messages[index] as ChatMessage)) draft.removeMessage(index);
      return;
    }
    case "FAIL_MESSAGE": {
      const index = bubbleIndex(draft.messages, action.clientMessageId);
      if (index === -1 || draft.messages[index]?.pending !== true) return;
      const bubble = draft.editMessage(index);
      delete bubble.pending;
      bubble.error = action.error;
      return;
    }
    default:
      return;
  }
}

function ensureIndex(draft: ChatDraft, action: Extract<ChatAction, { type: "SET_THINKING" }>): number {
  pushAgentMessage(draft, {
    id: action.runId,
    role: "agent",
    from: action.agentId,
    text: "",
    timestamp: isoTime(action.atMs),
    timestampMs: action.atMs,
    runId: action.runId,
  });
  return locateTurn(draft.messages, action.runId).index;
}

function setQueue(draft: ChatDraft, agentId: string, items: readonly QueuedChatMessage[]): void {
  const state = draft.writableState();
  const others = state.queue.filter((item) => item.agentId !== undefined && item.agentId !== agentId);
  state.queue = [...others, ...items.map((item) => ({ ...item, agentId }))];
  dropQueuedBubbles(draft, items);
}

/**
 * Applies one queue change: added items join the end (once, however often the event is seen); removed,
 * delivered and cleared items leave; `cleared` empties the agent's queue whatever this client knew.
 */
function applyQueueChange(draft: ChatDraft, action: ActionOf<"APPLY_QUEUE_CHANGE">): void {
  const state = draft.writableState();
  const ofAgent = (item: QueuedChatMessage) => (item.agentId ?? action.agentId) === action.agentId;
  if (action.change === "added") {
    const known = new Set(state.queue.map((item) => item.id));
    const added = action.items.filter((item) => !known.has(item.id));
    state.queue = [...state.queue, ...added.map((item) => ({ ...item, agentId: action.agentId }))];
    dropQueuedBubbles(draft, added);
    return;
  }
  const gone = new Set(action.items.map((item) => item.id));
  state.queue = state.queue.filter(
    (item) => !gone.has(item.id) && !(action.change === "cleared" && ofAgent(item)),
  );
}

/** A message the server queued is shown in the queue, not as a bubble. */
function dropQueuedBubbles(draft: ChatDraft, items: readonly QueuedChatMessage[]): void {
  for (const item of items) {
    if (item.clientMessageId === undefined) continue;
    const index = bubbleIndex(draft.messages, item.clientMessageId);
    if (index !== -1 && isUnconfirmed(draft.messages[index] as ChatMessage)) draft.removeMessage(index);
  }
}

function confirmMessage(draft: ChatDraft, clientMessageId: string, messageId: string, runId?: string): void {
  const index = bubbleIndex(draft.messages, clientMessageId);
  if (index === -1) return;
  const bubble = draft.messages[index] as ChatMessage;
  if (bubble.id === messageId && bubble.pending !== true) return;
  // The server's own message event may already be shown: then the bubble is a duplicate.
  if (draft.messages.some((message, position) => position !== index && message.id === messageId)) {
    draft.removeMessage(index);
    return;
  }
  const confirmed = draft.editMessage(index);
  confirmed.id = messageId;
  delete confirmed.pending;
  delete confirmed.error;
  if (runId !== undefined) confirmed.runId = runId;
}

function bubbleIndex(messages: readonly ChatMessage[], clientMessageId: string): number {
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index] as ChatMessage;
    if (message.role === "user" && message.clientMessageId === clientMessageId) return index;
  }
  return -1;
}

function isUnconfirmed(message: ChatMessage): boolean {
  return message.pending === true || message.error !== undefined;
}
