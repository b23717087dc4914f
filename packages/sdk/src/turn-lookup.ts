import type { ChatDraft } from "./chat-draft.ts";
import type { ChatMessage, TurnContent } from "./chat-state.ts";

/** Where a run's current turn is: its index (-1 when none) and the run's user message after it, if any. */
interface TurnPosition {
  index: number;
  /** The run's latest user message that came after its current turn (one delivered mid-run from the queue). */
  laterUser: ChatMessage | undefined;
}

/**
 * Finds a run's current turn: the last agent message with its run id. Scans from the end, where the
 * streaming turn almost always is, so a token's lookup does not grow with the chat's length.
 */
export function locateTurn(messages: readonly ChatMessage[], runId: string): TurnPosition {
  let laterUser: ChatMessage | undefined;
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index] as ChatMessage;
    if (message.runId !== runId) continue;
    if (message.role === "agent") return { index, laterUser };
    laterUser ??= message;
  }
  return { index: -1, laterUser };
}

/** True when a turn shows nothing yet (a placeholder made when its run started). */
export function isEmptyTurn(message: ChatMessage): boolean {
  return (
    message.role === "agent" &&
    (message.segments ?? []).every((segment) => segment.text === "" && !segment.thinking) &&
    (message.cards ?? []).length === 0 &&
    (message.activityItems ?? []).length === 0 &&
    (message.subagentTree ?? []).length === 0 &&
    message.error === undefined
  );
}

/**
 * The index of the run's current turn, creating a generating one at the end when the run has none, or
 * when a user message of the same run came after it (a queued message delivered mid-run): the agent's
 * answer to it then shows below it, in a turn keyed `<runId>~<userMessageId>`.
 */
export function ensureTurn(draft: ChatDraft, runId: string, agentId: string, atMs: number): number {
  const { index, laterUser } = locateTurn(draft.messages, runId);
  if (index !== -1 && laterUser === undefined) return index;
  if (index !== -1) {
    const previous = draft.editMessage(index);
    delete previous.isGenerating;
    delete previous.isThinking;
    delete previous.activitySummary;
    closeSegments(draft, previous);
  }
  const id = index === -1 ? runId : `${runId}~${(laterUser as ChatMessage).id}`;
  const turn: ChatMessage = {
    id,
    role: "agent",
    from: agentId,
    text: "",
    timestamp: isoTime(atMs),
    timestampMs: atMs,
    isGenerating: true,
    runId,
  };
  draft.insertMessage(draft.messages.length, turn);
  const state = draft.writableState();
  state.busy = true;
  state.activeRunId = runId;
  return draft.messages.length - 1;
}

/** Marks every streaming segment of a turn (or subagent entry) being edited as finished. */
export function closeSegments(draft: ChatDraft, turn: TurnContent): void {
  const segments = turn.segments ?? [];
  for (let index = 0; index < segments.length; index++) {
    if (segments[index]?.streaming) draft.editSegment(turn, index).streaming = false;
  }
}

/** The index of the segment with this id in a turn (or subagent entry), searching from the end (-1 when none). */
export function segmentIndex(turn: TurnContent, segmentId: string): number {
  const segments = turn.segments ?? [];
  for (let index = segments.length - 1; index >= 0; index--)
    if (segments[index]?.id === segmentId) return index;
  return -1;
}

/** The turn a subagent event belongs to: the active run's turn, else the agent's latest turn (-1 when none). */
export function parentTurnIndex(draft: ChatDraft, agentId: string): number {
  const runId = draft.state.activeRunId;
  if (runId !== undefined) {
    const { index } = locateTurn(draft.messages, runId);
    if (index !== -1) return index;
  }
  const messages = draft.messages;
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index] as ChatMessage;
    if (message.role === "agent" && (message.from === agentId || message.from === undefined)) return index;
  }
  return -1;
}

/** Epoch ms as an ISO timestamp; empty for a time that is not a number, so the reducer never throws. */
export function isoTime(ms: number): string {
  return Number.isFinite(ms) ? new Date(ms).toISOString() : "";
}
