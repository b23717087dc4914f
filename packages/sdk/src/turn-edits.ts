import type { ActionOf } from "./chat-actions.ts";
import type { ChatDraft } from "./chat-draft.ts";
import type { ChatMessage } from "./chat-state.ts";
import { contentAt, findSubagent, isSubagentRun, markSubagentDone, placeRun } from "./subagent-edits.ts";
import {
  appendTokenTo,
  closeActivityOn,
  type EditableContent,
  finishActivityOn,
  noteProgressOn,
  setActivityOn,
  setSegmentText,
} from "./turn-content.ts";
import { closeSegments, ensureTurn, isEmptyTurn, locateTurn, segmentIndex } from "./turn-lookup.ts";

/**
 * Adds a user message: it replaces the optimistic bubble with the same client id (keeping its place), is
 * ignored when already shown, and goes before its run's still-empty turn so that several prompts
 * delivered at once all appear above the answer.
 */
export function pushUserMessage(draft: ChatDraft, message: ChatMessage): void {
  // An answer to a subagent's question: its Question card in the subagent tree shows it.
  if (message.runId !== undefined && isSubagentRun(draft, message.runId)) return;
  const messages = draft.messages;
  for (let index = messages.length - 1; index >= 0; index--) {
    const existing = messages[index] as ChatMessage;
    if (existing.id === message.id) return;
    if (
      message.clientMessageId !== undefined &&
      existing.role === "user" &&
      existing.clientMessageId === message.clientMessageId
    ) {
      draft.writableMessages()[index] = { ...message };
      return;
    }
  }
  const last = messages.at(-1);
  const beforePlaceholder =
    last !== undefined && message.runId !== undefined && last.runId === message.runId && isEmptyTurn(last);
  draft.insertMessage(beforePlaceholder ? messages.length - 1 : messages.length, message);
}

/** Adds an agent message: with a run id it makes sure the run has a turn; without, it is appended once. */
export function pushAgentMessage(draft: ChatDraft, message: ChatMessage): void {
  if (message.runId !== undefined) {
    if (isSubagentRun(draft, message.runId)) return;
    const atMs = message.timestampMs ?? Date.parse(message.timestamp);
    ensureTurn(draft, message.runId, message.from ?? "main", Number.isFinite(atMs) ? atMs : 0);
    return;
  }
  if (draft.messages.some((existing) => existing.id === message.id)) return;
  draft.insertMessage(draft.messages.length, message);
}

/** Appends a token to its segment (creating the segment), or ends the segment on `done`. */
export function appendToken(draft: ChatDraft, action: ActionOf<"APPEND_TOKEN">): void {
  appendTokenTo(draft, contentAt(draft, placeRun(draft, action)), action);
}

/** Drops what streamed into a segment before its model request was retried. */
export function resetSegment(draft: ChatDraft, action: ActionOf<"RESET_SEGMENT">): void {
  if (isSubagentRun(draft, action.runId)) return;
  const { index: turnIndex } = locateTurn(draft.messages, action.runId);
  if (turnIndex === -1) return;
  const index = segmentIndex(draft.messages[turnIndex] as ChatMessage, action.segmentId);
  if (index === -1) return;
  const turn = draft.editMessage(turnIndex);
  const segment = draft.editSegment(turn, index);
  segment.text = "";
  segment.streaming = true;
  delete segment.thinking;
}

/** Sets a segment's final text: the streamed one is replaced, or a new finished segment is appended. */
export function pushTextSegment(draft: ChatDraft, action: ActionOf<"PUSH_TEXT_SEGMENT">): void {
  setSegmentText(draft, contentAt(draft, placeRun(draft, action)), action.segmentId, action.text);
}

/** Records a status headline; a tool call also becomes an activity entry. */
export function setActivity(draft: ChatDraft, action: ActionOf<"SET_ACTIVITY">): void {
  setActivityOn(draft, contentAt(draft, placeRun(draft, action)), action);
}

/** A running tool call's latest progress, on its activity item (in the run's turn or its subagent's). */
export function toolProgress(draft: ChatDraft, action: ActionOf<"TOOL_PROGRESS">): void {
  const content = runContent(draft, action.runId);
  if (content !== undefined) noteProgressOn(draft, content, action);
}

/** A tool call (or, without an id, all activity) of the run's turn finished. */
export function activityDone(draft: ChatDraft, action: ActionOf<"ACTIVITY_DONE">): void {
  const content = runContent(draft, action.runId);
  if (content !== undefined) finishActivityOn(draft, content, action);
}

/** The editable content a run's activity lives in: its subagent entry, else its own (latest) turn. */
function runContent(draft: ChatDraft, runId: string): EditableContent | undefined {
  const subagent = findSubagent(draft, runId);
  if (subagent !== undefined) return draft.editSubagent(subagent.turnIndex, subagent.entryIndex);
  const { index } = locateTurn(draft.messages, runId);
  return index === -1 ? undefined : draft.editMessage(index);
}

/** Ends every turn of the run; the last one carries the outcome. Empty continuation turns are dropped. */
export function finalizeRun(draft: ChatDraft, action: ActionOf<"FINALIZE_MESSAGE">): void {
  const subagent = findSubagent(draft, action.runId);
  if (subagent !== undefined) {
    if (draft.messages[subagent.turnIndex]?.subagentTree?.[subagent.entryIndex]?.done === true) return;
    markSubagentDone(draft, {
      type: "MARK_SUBAGENT_DONE",
      subagentId: draft.state.subagentRuns?.[action.runId]?.subagentId ?? "",
      runId: action.runId,
      ...(action.outcome !== undefined && { outcome: action.outcome }),
      ...(action.error !== undefined && { error: action.error }),
      ...(action.durationMs !== undefined && { durationMs: action.durationMs }),
    });
    return;
  }
  let last = locateTurn(draft.messages, action.runId).index;
  if (last === -1) {
    if (action.error === undefined && action.outcome === undefined) return;
    last = ensureTurn(draft, action.runId, "main", action.atMs ?? 0);
  }
  for (let index = last; index >= 0; index--) {
    const message = draft.messages[index] as ChatMessage;
    if (message.role !== "agent" || message.runId !== action.runId) continue;
    if (index !== last && message.isGenerating !== true) continue;
    const turn = draft.editMessage(index);
    delete turn.isGenerating;
    delete turn.isThinking;
    delete turn.activitySummary;
    closeSegments(draft, turn);
    closeActivityOn(draft, turn);
  }
  const lastTurn = draft.messages[last] as ChatMessage;
  // An empty continuation turn, or an empty turn of a run without a prompt (a compaction that found
  // nothing to do), shows nothing worth keeping.
  const promptless = !draft.messages.some(
    (message) => message.role === "user" && message.runId === action.runId,
  );
  if ((lastTurn.id.includes("~") || promptless) && isEmptyTurn(lastTurn) && action.error === undefined) {
    draft.removeMessage(last);
    last = locateTurn(draft.messages, action.runId).index;
  }
  if (last !== -1) {
    const turn = draft.editMessage(last);
    if (action.outcome !== undefined) turn.outcome = action.outcome;
    if (action.error !== undefined) turn.error = action.error;
    if (action.durationMs !== undefined) turn.durationMs = action.durationMs;
  }
  const state = draft.writableState();
  if (state.activeRunId === action.runId) {
    delete state.activeRunId;
    state.busy = false;
  }
}
