import type {
  AgentRun,
  Approval,
  PendingQuestion,
  RunOutcome,
  SessionState,
  StoredMessage,
} from "@parley/protocol";
import { upsertCard } from "./card-edits.ts";
import { cardFromRich } from "./cards/rich-card.ts";
import { ChatDraft } from "./chat-draft.ts";
import type { ChatMessage, PendingAskUser, SessionChatState } from "./chat-state.ts";
import type { PendingApprovalState, SubagentRunState } from "./interaction-state.ts";
import { attachmentsOfRich } from "./message-attachments.ts";
import { queuedChatMessage } from "./queued-chat-message.ts";
import { locateSubagent } from "./subagent-edits.ts";
import { addPart, closeActivityOn } from "./turn-content.ts";
import { pushTextSegment, pushUserMessage } from "./turn-edits.ts";
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
  const attachments = attachmentsOfRich(message.rich);
  if (attachments !== undefined) chat.attachments = attachments;
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
      const isText = message.rich.kind === "Text";
      draft.insertMessage(draft.messages.length, {
        id: message.id,
        role: "agent",
        from: message.role === "system" ? "system" : message.agent_id,
        text: isText ? storedText(message) : "",
        timestamp: new Date(atMs).toISOString(),
        timestampMs: atMs,
        ...(!isText && { cards: [cardFromRich(message.id, message.rich)], partOrder: [message.id] }),
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
      const target = { runId: message.run_id, agentId: message.agent_id, atMs };
      upsertCard(draft, target, cardFromRich(message.id, message.rich));
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
  const base = emptySessionState(snapshot.session.id);
  const subagentRuns = subagentRunsOf(snapshot.runs ?? []);
  if (subagentRuns !== undefined) base.subagentRuns = subagentRuns;
  const draft = new ChatDraft(base);
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
    addPart(draft, turn, open.message_id);
    if (open.text === "" && open.thinking !== "") turn.isThinking = true;
  }
  // Tool calls of finished turns are over (a call waiting for approval still waits).
  for (let index = 0; index < draft.messages.length; index++) {
    const message = draft.messages[index] as ChatMessage;
    if (message.role === "agent" && message.isGenerating !== true && message.activityItems !== undefined)
      closeActivityOn(draft, draft.editMessage(index));
  }
  state.pendingApprovals = (snapshot.pending_approvals ?? []).map(pendingApproval);
  if (snapshot.permission_modes !== undefined) {
    state.permissionModes = Object.fromEntries(
      snapshot.permission_modes.map((mode) => [
        mode.agent_id,
        { mode: mode.permission_mode, source: mode.source },
      ]),
    );
  }
  state.queue = snapshot.queue.map(queuedChatMessage);
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

/** A pending approval of the snapshot as the state holds it. */
function pendingApproval(approval: Approval): PendingApprovalState {
  return {
    approvalId: approval.id,
    messageId: approval.message_id,
    toolName: approval.tool_name,
    headline: approval.headline,
    runId: approval.run_id,
    agentId: approval.agent_id,
  };
}

/** The subagent runs among a snapshot's runs, by run id (undefined when there are none). */
function subagentRunsOf(runs: readonly AgentRun[]): Record<string, SubagentRunState> | undefined {
  const children = runs.filter((run) => run.parent_run_id !== null);
  if (children.length === 0) return undefined;
  return Object.fromEntries(
    children.map((run) => [
      run.id,
      {
        parentRunId: run.parent_run_id as string,
        subagentId: run.agent_id,
        prompt: run.prompt,
        ...(typeof run.tool_use_id === "string" && { toolUseId: run.tool_use_id }),
        ...(typeof run.description === "string" && { description: run.description }),
      },
    ]),
  );
}

/**
 * Gives each finished run's turn its outcome, error and duration, as the live Outcome event would; a
 * finished subagent run's entry gets what its SubagentResult said.
 */
function markEndedRuns(draft: ChatDraft, runs: readonly AgentRun[]): void {
  for (const run of runs) {
    if (run.parent_run_id !== null) {
      markEndedSubagent(draft, run);
      continue;
    }
    const outcome = OUTCOME_OF_STATUS[run.status];
    if (outcome === undefined) continue;
    const index = turnOfEndedRun(draft, run);
    if (index === -1) continue;
    const turn = draft.editMessage(index);
    turn.outcome = outcome;
    if (run.error !== null && outcome !== "success") turn.error = run.error;
    if (run.ended_at_ms !== null) turn.durationMs = run.ended_at_ms - run.started_at_ms;
  }
}

/**
 * The index of an ended run's turn. A run that failed before it answered anything stores no message of
 * its own (its error is the run's): its turn is made after the message that started it, so the error shows.
 */
function turnOfEndedRun(draft: ChatDraft, run: AgentRun): number {
  const index = draft.messages.findIndex((message) => message.id === run.id);
  if (index !== -1 || run.error === null || run.status !== "failed") return index;
  const prompt = draft.messages.findLastIndex(
    (message) => message.role === "user" && message.runId === run.id,
  );
  if (prompt === -1) return -1;
  const startedAtMs = run.started_at_ms;
  draft.insertMessage(prompt + 1, {
    id: run.id,
    role: "agent",
    from: run.agent_id,
    text: "",
    timestamp: new Date(startedAtMs).toISOString(),
    timestampMs: startedAtMs,
    runId: run.id,
  });
  return prompt + 1;
}

function markEndedSubagent(draft: ChatDraft, run: AgentRun): void {
  const outcome = OUTCOME_OF_STATUS[run.status];
  const place = locateSubagent(draft, run.id);
  if (outcome === undefined || place === undefined) return;
  const entry = draft.editSubagent(place.turnIndex, place.entryIndex);
  entry.done = true;
  entry.outcome = outcome;
  if (run.result !== null) entry.summary = run.result;
  if (run.error !== null && outcome !== "success") entry.error = run.error;
  if (run.ended_at_ms !== null) entry.durationMs = run.ended_at_ms - run.started_at_ms;
  closeActivityOn(draft, entry);
}

/** A pending AskUser question as the state holds it. */
export function askUserFromPending(question: PendingQuestion): PendingAskUser {
  return {
    questionId: question.question_id,
    agentId: question.agent_id,
    questions: question.questions,
    ...(question.run_id !== null && { runId: question.run_id }),
    ...(question.message_id !== undefined && { messageId: question.message_id }),
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
