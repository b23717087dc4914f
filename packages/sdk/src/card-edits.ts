import { readQuestionCard } from "./cards/question-card.ts";
import { isToolRequestKind, isToolResultKind, readToolRequest, readToolResult } from "./cards/tool-cards.ts";
import type { ChatDraft } from "./chat-draft.ts";
import type { ChatMessage, MessageCard } from "./chat-state.ts";
import type { PendingApprovalState } from "./interaction-state.ts";
import { contentAt, findRunPlace, placeRun, type RunPlace } from "./subagent-edits.ts";
import { putCard } from "./turn-content.ts";
import { locateTurn } from "./turn-lookup.ts";

/** The run a card belongs to, and when it arrived. */
export interface CardTarget {
  runId: string;
  agentId: string;
  atMs: number;
}

/** A card found in the chat: where it is and its index there. */
export interface CardLocation {
  place: RunPlace;
  card: MessageCard;
}

/**
 * Adds a card to its run, or replaces it in place wherever it already is: the server re-announces a card
 * under the same id whenever it changes (an answered approval, a question, a plan's progress). A tool
 * result joins the turn of its request. `live` cards of a run that is off-screen (older than the loaded
 * page, not running) are updates of cards not held, and are dropped rather than shown as a new turn.
 */
export function upsertCard(draft: ChatDraft, target: CardTarget, card: MessageCard, live = false): void {
  const hint = parentToolUseIdOf(card);
  let place =
    existingPlace(draft, target.runId, card) ??
    requestPlace(draft, card) ??
    findRunPlace(draft, target, hint);
  if (place === undefined) {
    if (live && isOffscreenRun(draft, target.runId)) return;
    place = placeRun(draft, target, hint);
  }
  putCard(draft, contentAt(draft, place), card);
  noteInteraction(draft, card, target);
}

/** The first card (from the end of the chat, subagent entries included) that satisfies `predicate`. */
export function findCard(
  draft: ChatDraft,
  predicate: (card: MessageCard) => boolean,
): CardLocation | undefined {
  const messages = draft.messages;
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index] as ChatMessage;
    if (message.role !== "agent") continue;
    const tree = message.subagentTree ?? [];
    for (let entryIndex = tree.length - 1; entryIndex >= 0; entryIndex--) {
      const card = tree[entryIndex]?.cards?.find(predicate);
      if (card !== undefined)
        return { place: { kind: "subagent", place: { turnIndex: index, entryIndex } }, card };
    }
    const card = message.cards?.find(predicate);
    if (card !== undefined) return { place: { kind: "turn", index }, card };
  }
  return undefined;
}

/** Replaces a card found with `findCard`, keeping the session's interaction state in step. */
export function replaceCard(draft: ChatDraft, location: CardLocation, card: MessageCard): void {
  putCard(draft, contentAt(draft, location.place), card);
  noteInteraction(draft, card, undefined);
}

/** The pending approvals and the open question, as a card shows them now. */
function noteInteraction(draft: ChatDraft, card: MessageCard, target: CardTarget | undefined): void {
  if (isToolRequestKind(card.rich.kind)) {
    const request = readToolRequest(card.rich.data);
    const approvalId = request?.approval_id;
    if (request === undefined || approvalId === undefined) return;
    const pending = draft.state.pendingApprovals ?? [];
    const others = pending.filter((approval) => approval.approvalId !== approvalId);
    if (request.approval_status !== "Pending") {
      if (others.length !== pending.length) draft.writableState().pendingApprovals = others;
      return;
    }
    const previous = pending.find((approval) => approval.approvalId === approvalId);
    const approval: PendingApprovalState = {
      approvalId,
      messageId: card.id,
      toolName: request.tool_name,
      headline: request.headline ?? request.tool_name,
      ...((target?.runId ?? previous?.runId) !== undefined && { runId: target?.runId ?? previous?.runId }),
      ...((target?.agentId ?? previous?.agentId) !== undefined && {
        agentId: target?.agentId ?? previous?.agentId,
      }),
    };
    const position = pending.findIndex((candidate) => candidate.approvalId === approvalId);
    const next = [...pending];
    if (position === -1) next.push(approval);
    else next[position] = approval;
    draft.writableState().pendingApprovals = next;
  } else if (card.rich.kind === "Question") {
    const question = readQuestionCard(card.rich.data);
    const askUser = draft.state.askUser;
    if (question === undefined || question.status === undefined || question.status === "pending") return;
    if (askUser !== undefined && askUser.questionId === question.question_id)
      delete draft.writableState().askUser;
  }
}

/** Where a card already is in its run: the turn holding it (or, for a result, its request), if any. */
function existingPlace(draft: ChatDraft, runId: string, card: MessageCard): RunPlace | undefined {
  const request = isToolResultKind(card.rich.kind) ? readToolResult(card.rich.data)?.request_id : undefined;
  const messages = draft.messages;
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index] as ChatMessage;
    if (message.role !== "agent" || message.runId !== runId) continue;
    const holds = (id: string) =>
      (message.cards ?? []).some((existing) => existing.id === id) ||
      (message.segments ?? []).some((segment) => segment.id === id);
    if (holds(card.id) || (request !== undefined && holds(request))) return { kind: "turn", index };
  }
  return undefined;
}

/**
 * Where a result's request is when another run made it: a call approved after a restart runs in the
 * resume run, but its card (and activity) belong to the turn that asked.
 */
function requestPlace(draft: ChatDraft, card: MessageCard): RunPlace | undefined {
  if (!isToolResultKind(card.rich.kind)) return undefined;
  const requestId = readToolResult(card.rich.data)?.request_id;
  if (requestId === undefined) return undefined;
  return findCard(draft, (candidate) => candidate.id === requestId)?.place;
}

/** A run older than the loaded page: no turn, not running, and older messages are not loaded. */
function isOffscreenRun(draft: ChatDraft, runId: string): boolean {
  return (
    draft.state.hasOlder &&
    draft.state.activeRunId !== runId &&
    draft.state.subagentRuns?.[runId] === undefined &&
    locateTurn(draft.messages, runId).index === -1
  );
}

/** The `Task` call a subagent's tool card names. */
function parentToolUseIdOf(card: MessageCard): string | undefined {
  if (isToolRequestKind(card.rich.kind)) return readToolRequest(card.rich.data)?.parent_tool_use_id;
  if (isToolResultKind(card.rich.kind)) return readToolResult(card.rich.data)?.parent_tool_use_id;
  return undefined;
}
