import type { StoredMessage } from "@parley/protocol";
import { ChatDraft } from "./chat-draft.ts";
import type { ChatMessage } from "./chat-state.ts";
import { appendStoredMessages, emptySessionState } from "./session-snapshot.ts";
import { closeActivityOn } from "./turn-content.ts";

/**
 * Prepends an older page. A run cut by the page boundary is joined back into one turn, and the run's turn
 * ids are recomputed so they stay unique and match what a full load would give.
 */
export function prependOlder(draft: ChatDraft, older: readonly StoredMessage[], hasOlder: boolean): void {
  const pageBase = emptySessionState(draft.state.sessionId);
  if (draft.state.subagentRuns !== undefined) pageBase.subagentRuns = draft.state.subagentRuns;
  const page = new ChatDraft(pageBase);
  appendStoredMessages(page, older);
  for (let index = 0; index < page.messages.length; index++) {
    if (page.messages[index]?.activityItems !== undefined) closeActivityOn(page, page.editMessage(index));
  }
  const pageState = page.finish();
  const olderMessages = pageState.messages;
  const state = draft.writableState();
  if (pageState.subagentRuns !== undefined) state.subagentRuns = pageState.subagentRuns;
  state.hasOlder = hasOlder;
  const first = older[0];
  if (first !== undefined) state.oldestPosition = first.position;
  if (olderMessages.length === 0) return;
  const messages = draft.writableMessages();
  const boundary = olderMessages.at(-1) as ChatMessage;
  const next = messages[0];
  if (
    next !== undefined &&
    boundary.role === "agent" &&
    next.role === "agent" &&
    boundary.runId !== undefined &&
    boundary.runId === next.runId
  ) {
    const joined = draft.editMessage(0);
    joined.segments = [...(boundary.segments ?? []), ...(next.segments ?? [])];
    joined.cards = [...(boundary.cards ?? []), ...(next.cards ?? [])];
    if (joined.cards.length === 0) delete joined.cards;
    joined.partOrder = [...(boundary.partOrder ?? []), ...(next.partOrder ?? [])];
    if (joined.partOrder.length === 0) delete joined.partOrder;
    joined.subagentTree = [...(boundary.subagentTree ?? []), ...(next.subagentTree ?? [])];
    if (joined.subagentTree.length === 0) delete joined.subagentTree;
    joined.activityItems = [...(boundary.activityItems ?? []), ...(next.activityItems ?? [])];
    if (joined.activityItems.length === 0) delete joined.activityItems;
    joined.activityEntries = [...(boundary.activityEntries ?? []), ...(next.activityEntries ?? [])];
    if (joined.activityEntries.length === 0) delete joined.activityEntries;
    const toolCount = (boundary.toolCount ?? 0) + (next.toolCount ?? 0);
    if (toolCount > 0) joined.toolCount = toolCount;
    joined.timestamp = boundary.timestamp;
    if (boundary.timestampMs !== undefined) joined.timestampMs = boundary.timestampMs;
    messages.splice(0, 0, ...olderMessages.slice(0, -1));
  } else {
    messages.splice(0, 0, ...olderMessages);
  }
  if (boundary.runId !== undefined) renumberTurns(draft, boundary.runId);
}

/** Gives a run's turns their canonical ids: the run id, then `<runId>~<id of the user message before it>`. */
function renumberTurns(draft: ChatDraft, runId: string): void {
  let seenTurn = false;
  let lastUser: string | undefined;
  for (let index = 0; index < draft.messages.length; index++) {
    const message = draft.messages[index] as ChatMessage;
    if (message.runId !== runId) continue;
    if (message.role === "user") {
      lastUser = message.id;
      continue;
    }
    const id = seenTurn && lastUser !== undefined ? `${runId}~${lastUser}` : runId;
    seenTurn = true;
    if (message.id !== id) draft.editMessage(index).id = id;
  }
}
