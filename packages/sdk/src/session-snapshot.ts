import type { AgentRun, PendingQuestion, RunOutcome, SessionState, StoredMessage } from "@parley/protocol";
import { ChatDraft } from "./chat-draft.ts";
import type { ChatMessage, PendingAskUser, QueuedChatMessage, SessionChatState } from "./chat-state.ts";
import { pushCard, pushTextSegment, pushUserMessage } from "./turn-edits.ts";
import { ensureTurn, segmentIndex } from "./turn-lookup.ts";

/** The state of a session nothing is known about yet. */
export function emptySessionState(sessionId: string): SessionChatState {
  return { sessionId, messages: [], hasOlder: false, queue: [], busy: false, appliedSeq: 0 };
}

/** The text of a stored rich message: `data.text` for text, the JSON of other kinds. */
export function storedText(message: StoredMessage): string {
  const data = message.rich.data;
  if (typeof data === "object" && data !== null && typeof (data as { text?: unknown }).text === "string") {
    return (data as { text: string }).text;
  }
  return JSON.stringify(data ?? null);
}

/** A stored user message as its chat bubble. */
export function userMessageFromStored(message: StoredMessage): ChatMessage {
  const chat: ChatMessage = {
    id: message.id,
    role: "user",
    from: "user",
    to: message.agent_id,
    text: storedText(message),
    timestamp: new Date(message.created_at_ms).toISOString(),
    timestampMs: message.created_at_ms,
  };
  if (message.run_id !== null) chat.runId = message.run_id;
  const clientMessageId = (message as { client_message_id?: unknown }).client_message_id;
  if (typeof clientMessageId === "string") chat.clientMessageId = clientMessageId;
  return chat;
}

/**
 * Appends stored messages (in position order) the way live events build them: user messages become
 * bubbles, a run's assistant messages one agent turn with ordered text segments and cards. Messages
 * outside any run become messages of their own.
 */
export function appendStoredMessages(draft: ChatDraft, stored: readonly StoredMessage[]): void {
  for (const message of stored) {
    const atMs = message.created_at_ms;
    if (message.role === "user") {
      pushUserMessage(draft, userMessageFromStored(message));
    } else if (message.run_id === null) {
      if (draft.messages.some((existing) => existing.id === message.id)) continue;
      draft.insertMessage(draft.messages.length, {
        id: message.id,
        role: "agent",
        from: message.role === "system" ? "system" : message.agent_id,
        text: message.rich.kind === "Text" ? storedText(message) : "",
        timestamp: new Date(atMs).toISOString(),
        timestampMs: atMs,
        ...(message.rich.kind !== "Text" && { cards: [{ id: message.id, rich: message.rich }] }),
      });
    } else if (message.rich.kind === "Text") {
      const runId = message.run_id;
      pushTextSegment(draft, {
        type: "PUSH_TEXT_SEGMENT",
        runId,
        agentId: message.agent_id,
        atMs,
        segmentId: message.id,
        text: storedText(message),
      });
    } else {
      pushCard(draft, message.run_id, message.agent_id, atMs, { id: message.id, rich: message.rich });
    }
  }
  // Turns rebuilt from storage are finished; the caller marks the ones still running.
  for (let index = 0; index < draft.messages.length; index++) {
    if (draft.messages[index]?.isGenerating === true) delete draft.editMessage(index).isGenerating;
  }
  const state = draft.writableState();
  state.busy = false;
  delete state.activeRunId;
}

/**
 * The chat state of a `GET /api/sessions/:id/state` snapshot: stored messages grouped into bubbles and
 * turns, the running agents' turns generating, their open segments streaming with the text so far, and
 * `appliedSeq = head_seq`. From `previous` (the same session) it keeps the optimistic bubbles not yet
 * confirmed and what no snapshot carries (context usage, model fallback, plan).
 */
export function sessionStateFromSnapshot(
  snapshot: SessionState,
  previous?: SessionChatState,
): SessionChatState {
  const draft = new ChatDraft(emptySessionState(snapshot.session.id));
  appendStoredMessages(draft, snapshot.messages);
  markEndedRuns(draft, snapshot.runs ?? []);
  const state = draft.writableState();
  for (const agent of snapshot.agents) {
    if (!agent.processing || agent.run_id === null) continue;
    const index = ensureTurn(draft, agent.run_id, agent.agent_id, agent.started_at_ms ?? 0);
    draft.editMessage(index).isGenerating = true;
    if (agent.agent_id === "main" || state.activeRunId === undefined) state.activeRunId = agent.run_id;
    state.busy = true;
  }
  for (const open of snapshot.streaming) {
    if (open.text === "" && open.thinking === "") continue;
    const index = ensureTurn(draft, open.run_id, open.agent_id, 0);
    const turn = draft.editMessage(index);
    turn.isGenerating = true;
    const segments = draft.editArray(turn, "segments");
    const at = segmentIndex(turn, open.message_id);
    const segment = {
      id: open.message_id,
      text: open.text,
      streaming: true,
      ...(open.thinking !== "" && { thinking: open.thinking }),
    };
    if (at === -1) segments.push(segment);
    else segments[at] = segment;
    if (open.text === "" && open.thinking !== "") turn.isThinking = true;
  }
  state.queue = snapshot.queue.map(
    (item): QueuedChatMessage => ({
      id: item.id,
      text: item.text,
      queuedAtMs: item.queued_at_ms,
      ...(item.client_message_id !== undefined && { clientMessageId: item.client_message_id }),
      ...(item.agent_id !== undefined && { agentId: item.agent_id }),
    }),
  );
  const question = snapshot.pending_questions.at(-1);
  if (question !== undefined) state.askUser = askUserFromPending(question);
  state.hasOlder = snapshot.has_more_messages;
  const oldest = snapshot.messages[0];
  if (oldest !== undefined) state.oldestPosition = oldest.position;
  state.appliedSeq = snapshot.head_seq;
  if (previous !== undefined && previous.sessionId === snapshot.session.id) carryOver(draft, previous);
  return draft.finish();
}

const OUTCOME_OF_STATUS: Partial<Record<AgentRun["status"], RunOutcome>> = {
  completed: "success",
  failed: "error",
  cancelled: "cancelled",
  interrupted: "interrupted",
};

/** Gives each finished run's turn its outcome, error and duration, as the live Outcome event would. */
function markEndedRuns(draft: ChatDraft, runs: readonly AgentRun[]): void {
  for (const run of runs) {
    const outcome = OUTCOME_OF_STATUS[run.status];
    const index = draft.messages.findIndex((message) => message.id === run.id);
    if (outcome === undefined || index === -1) continue;
    const turn = draft.editMessage(index);
    turn.outcome = outcome;
    if (run.error !== null && outcome !== "success") turn.error = run.error;
    if (run.ended_at_ms !== null) turn.durationMs = run.ended_at_ms - run.started_at_ms;
  }
}

/** A pending AskUser question as the state holds it. */
export function askUserFromPending(question: PendingQuestion): PendingAskUser {
  return {
    questionId: question.question_id,
    agentId: question.agent_id,
    questions: question.questions,
    ...(question.run_id !== null && { runId: question.run_id }),
  };
}

function carryOver(draft: ChatDraft, previous: SessionChatState): void {
  const state = draft.writableState();
  if (previous.contextUsage !== undefined) state.contextUsage = previous.contextUsage;
  if (previous.modelFallback !== undefined) state.modelFallback = previous.modelFallback;
  if (previous.plan !== undefined) state.plan = previous.plan;
  const queued = new Set(state.queue.map((item) => item.clientMessageId));
  const shown = new Set(draft.messages.map((message) => message.clientMessageId).filter(Boolean));
  for (const message of previous.messages) {
    const unconfirmed = message.pending === true || (message.role === "user" && message.error !== undefined);
    if (!unconfirmed || message.clientMessageId === undefined) continue;
    if (queued.has(message.clientMessageId) || shown.has(message.clientMessageId)) continue;
    draft.insertMessage(draft.messages.length, message);
  }
}

/**
 * Prepends an older page. A run cut by the page boundary is joined back into one turn, and the run's turn
 * ids are recomputed so they stay unique and match what a full load would give.
 */
export function prependOlder(draft: ChatDraft, older: readonly StoredMessage[], hasOlder: boolean): void {
  const page = new ChatDraft(emptySessionState(draft.state.sessionId));
  appendStoredMessages(page, older);
  const olderMessages = page.finish().messages;
  const state = draft.writableState();
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
