import type { ChatAction } from "./chat-actions.ts";
import type { ChatDraft } from "./chat-draft.ts";
import type { ChatMessage, MessageCard } from "./chat-state.ts";
import { isTransientActivity } from "./message-phase.ts";
import { closeSegments, ensureTurn, isEmptyTurn, locateTurn, segmentIndex } from "./turn-lookup.ts";

type ActionOf<T extends ChatAction["type"]> = Extract<ChatAction, { type: T }>;

/**
 * Adds a user message: it replaces the optimistic bubble with the same client id (keeping its place), is
 * ignored when already shown, and goes before its run's still-empty turn so that several prompts
 * delivered at once all appear above the answer.
 */
export function pushUserMessage(draft: ChatDraft, message: ChatMessage): void {
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
    const atMs = message.timestampMs ?? Date.parse(message.timestamp);
    ensureTurn(draft, message.runId, message.from ?? "main", Number.isFinite(atMs) ? atMs : 0);
    return;
  }
  if (draft.messages.some((existing) => existing.id === message.id)) return;
  draft.insertMessage(draft.messages.length, message);
}

/** Appends a token to its segment (creating the segment), or ends the segment on `done`. */
export function appendToken(draft: ChatDraft, action: ActionOf<"APPEND_TOKEN">): void {
  const turn = draft.editMessage(ensureTurn(draft, action.runId, action.agentId, action.atMs));
  let index = segmentIndex(turn, action.segmentId);
  if (index === -1) {
    if (action.token === "" && action.done === true) return;
    draft.editArray(turn, "segments").push({ id: action.segmentId, text: "", streaming: true });
    index = (turn.segments?.length ?? 1) - 1;
  }
  const segment = draft.editSegment(turn, index);
  if (action.thinking) segment.thinking = (segment.thinking ?? "") + action.token;
  else if (action.token !== "") {
    segment.text += action.token;
    delete turn.isThinking;
    if (!(turn.activityItems ?? []).some((item) => item.state === "running")) delete turn.activitySummary;
  }
  if (action.done === true) segment.streaming = false;
}

/** Drops what streamed into a segment before its model request was retried. */
export function resetSegment(draft: ChatDraft, action: ActionOf<"RESET_SEGMENT">): void {
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
  const turn = draft.editMessage(ensureTurn(draft, action.runId, action.agentId, action.atMs));
  const index = segmentIndex(turn, action.segmentId);
  if (index === -1) {
    draft.editArray(turn, "segments").push({ id: action.segmentId, text: action.text, streaming: false });
  } else {
    const segment = draft.editSegment(turn, index);
    segment.text = action.text;
    segment.streaming = false;
  }
  delete turn.isThinking;
}

/** Adds (or replaces, by id) a typed card in the run's turn. */
export function pushCard(
  draft: ChatDraft,
  runId: string,
  agentId: string,
  atMs: number,
  card: MessageCard,
): void {
  const turn = draft.editMessage(ensureTurn(draft, runId, agentId, atMs));
  const cards = draft.editArray(turn, "cards");
  const index = cards.findIndex((existing) => existing.id === card.id);
  if (index === -1) cards.push(card);
  else cards[index] = card;
}

/** Records a status headline; a tool call also becomes an activity entry. */
export function setActivity(draft: ChatDraft, action: ActionOf<"SET_ACTIVITY">): void {
  const turn = draft.editMessage(ensureTurn(draft, action.runId, action.agentId, action.atMs));
  if (action.toolUseId !== undefined) {
    const items = draft.editArray(turn, "activityItems");
    const index = items.findIndex((item) => item.toolUseId === action.toolUseId);
    if (index !== -1) {
      draft.editItem(items, index).label = action.detail;
    } else {
      items.push({
        toolUseId: action.toolUseId,
        ...(action.toolName !== undefined && { toolName: action.toolName }),
        label: action.detail,
        state: "running",
        ...(action.startedAtMs !== undefined && { startedAtMs: action.startedAtMs }),
      });
      draft.editArray(turn, "activityEntries").push(action.detail);
      turn.toolCount = (turn.toolCount ?? 0) + 1;
    }
    turn.activitySummary = action.detail;
    return;
  }
  // A transient status never hides the tool call that is still running.
  const toolRunning = (turn.activityItems ?? []).some((item) => item.state === "running");
  if (!(toolRunning && isTransientActivity(action.detail))) turn.activitySummary = action.detail;
}

/** A tool call (or, without an id, all activity) of the run's turn finished. */
export function activityDone(draft: ChatDraft, action: ActionOf<"ACTIVITY_DONE">): void {
  const { index } = locateTurn(draft.messages, action.runId);
  if (index === -1) return;
  const turn = draft.editMessage(index);
  const items = turn.activityItems === undefined ? undefined : draft.editArray(turn, "activityItems");
  for (let position = 0; position < (items?.length ?? 0); position++) {
    const item = items?.[position];
    if (item === undefined || item.state !== "running") continue;
    if (action.toolUseId !== undefined && item.toolUseId !== action.toolUseId) continue;
    const edited = draft.editItem(items as NonNullable<typeof items>, position);
    edited.state = action.failed === true ? "failed" : "done";
    if (action.durationMs !== undefined && action.toolUseId !== undefined)
      edited.durationMs = action.durationMs;
  }
  const stillRunning = (turn.activityItems ?? []).filter((item) => item.state === "running");
  const current = stillRunning.at(-1);
  if (current !== undefined && action.toolUseId !== undefined) turn.activitySummary = current.label;
  else delete turn.activitySummary;
  if (action.toolUseId === undefined) delete turn.isThinking;
}

/** Ends every turn of the run; the last one carries the outcome. Empty continuation turns are dropped. */
export function finalizeRun(draft: ChatDraft, action: ActionOf<"FINALIZE_MESSAGE">): void {
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
    const items = turn.activityItems === undefined ? [] : draft.editArray(turn, "activityItems");
    for (let position = 0; position < items.length; position++) {
      if (items[position]?.state === "running") draft.editItem(items, position).state = "done";
    }
  }
  const lastTurn = draft.messages[last] as ChatMessage;
  if (lastTurn.id.includes("~") && isEmptyTurn(lastTurn) && action.error === undefined) {
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
