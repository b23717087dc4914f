import {
  type CardIndex,
  type ChatMessage,
  displayPhase,
  indexCards,
  isMarkerOnly,
  isToolRequestKind,
  isToolResultKind,
  type MessageCard,
  type MessageSegment,
  OUTCOME_NOTES,
  orderedParts,
  planAwaitsDecision,
  readPlanCard,
  readQuestionCard,
  readToolRequest,
  readToolResult,
  readWorkflowExecution,
  type SubagentTreeEntry,
  segmentsOf,
} from "@parley/sdk";
import type { TranscriptBlock } from "./blocks.ts";

/** A block before its place in the transcript decides its gap. */
export type PlannedBlock = DistributiveOmit<TranscriptBlock, "gap">;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** What turning a turn into blocks needs beyond the turn: the markdown blocks of its text segments. */
export interface SegmentSource {
  segmentBlocks(segment: MessageSegment, turnDone: boolean): PlannedBlock[];
}

const WORKFLOW_ACTIVE = new Set(["Pending", "Running", "Paused", "Failed"]);

/** A user's message: final once the server has it (an optimistic bubble may still change its id). */
export function userBlocks(message: ChatMessage): PlannedBlock[] {
  const final = message.pending !== true;
  // Each card the person attached (a shared project structure) follows their words, drawn as the agent's are.
  const attached = (message.attachments ?? []).map((rich, index): PlannedBlock => {
    const id = `${message.id}:attachment:${index}`;
    return { kind: "card", key: id, final, card: { id, rich } };
  });
  return [{ kind: "user", key: `${message.id}:user`, final, message }, ...attached];
}

/**
 * An agent turn as blocks, in the order its parts arrived: text (one block per markdown block), tool calls
 * (each with its result and the subagents it started), cards, then a progress line while it runs or a
 * footer once it ended. A part that can still change is not final while the turn runs.
 */
export function turnBlocks(message: ChatMessage, segments: SegmentSource): PlannedBlock[] {
  const done = displayPhase(message) === "done";
  if (done && isMarkerOnly(message))
    return [{ kind: "markers", key: `${message.id}:markers`, final: true, message }];
  const blocks: PlannedBlock[] = [];
  const index = indexCards(message.cards ?? []);
  const tree = message.subagentTree ?? [];
  const claimed = new Set<string>();
  const content = { ...message, segments: segmentsOf(message) };
  for (const part of orderedParts(content)) {
    if (part.kind === "segment") blocks.push(...segments.segmentBlocks(part.segment, done));
    else blocks.push(...cardBlocks(message, part.card, index, tree, claimed, done));
  }
  const unclaimed = tree.filter((entry) => !claimed.has(entry.subagentId));
  if (unclaimed.length > 0) {
    blocks.push({
      kind: "subagents",
      key: `subagents:${unclaimed.map((entry) => entry.subagentId).join(",")}`,
      final: done || unclaimed.every((entry) => entry.done),
      entries: unclaimed,
    });
  }
  if (!done) blocks.push({ kind: "progress", key: `${message.id}:progress`, final: false, message });
  else if (needsFooter(message, blocks, content.segments))
    blocks.push({ kind: "footer", key: `${message.id}:footer`, final: true, message });
  return blocks;
}

function needsFooter(
  message: ChatMessage,
  blocks: readonly PlannedBlock[],
  segments: readonly MessageSegment[],
): boolean {
  if (message.error !== undefined) return true;
  if (message.outcome !== undefined && OUTCOME_NOTES[message.outcome] !== undefined) return true;
  // An empty finished turn says so rather than vanishing. Text written earlier yields no blocks when the
  // turn is planned again (a new object after a reload), and is not emptiness.
  return blocks.length === 0 && segments.every((segment) => segment.text.trim() === "");
}

function cardBlocks(
  message: ChatMessage,
  card: MessageCard,
  index: CardIndex,
  tree: readonly SubagentTreeEntry[],
  claimed: Set<string>,
  done: boolean,
): PlannedBlock[] {
  const { kind, data } = card.rich;
  if (isToolRequestKind(kind)) {
    const request = readToolRequest(data);
    if (request === undefined) return [{ kind: "card", key: card.id, final: true, card }];
    const item = (message.activityItems ?? []).find(
      (candidate) => candidate.requestId === card.id || candidate.toolUseId === request.tool_use_id,
    );
    const result = index.results.get(card.id);
    const subagents = tree.filter(
      (entry) => entry.toolUseId !== undefined && entry.toolUseId === request.tool_use_id,
    );
    for (const entry of subagents) claimed.add(entry.subagentId);
    const ended =
      result !== undefined ||
      item?.state === "done" ||
      item?.state === "failed" ||
      ["Rejected", "Cancelled", "Expired"].includes(request.approval_status);
    const final = (done || ended) && subagents.every((entry) => entry.done || done);
    return [{ kind: "tool", key: card.id, final, request, card, result, item, subagents }];
  }
  if (isToolResultKind(kind)) {
    const result = readToolResult(data);
    if (result !== undefined && index.requestIds.has(result.request_id)) return [];
    return [{ kind: "card", key: card.id, final: true, card }];
  }
  return [{ kind: "card", key: card.id, final: done || !cardStillChanging(card), card }];
}

/** Whether a card waits for a person or still moves on (an open question or plan, a running workflow). */
export function cardStillChanging(card: MessageCard): boolean {
  const { kind, data } = card.rich;
  if (kind === "Question") return (readQuestionCard(data)?.status ?? "pending") === "pending";
  if (kind === "Plan") {
    const plan = readPlanCard(data);
    return plan !== undefined && (planAwaitsDecision(plan) || plan.status === "executing");
  }
  if (kind === "WorkflowExecution") {
    const execution = readWorkflowExecution(data);
    return execution !== undefined && WORKFLOW_ACTIVE.has(execution.status);
  }
  if (isToolRequestKind(kind)) return readToolRequest(data)?.approval_status === "Pending";
  return false;
}

/**
 * What about a card is worth a line when it changes after it was printed: a question's status, a plan's
 * decision, an approval's status, a workflow's end. Undefined for cards that never settle.
 */
export function settleSignature(card: MessageCard): string | undefined {
  const { kind, data } = card.rich;
  if (kind === "Question") return readQuestionCard(data)?.status ?? "pending";
  if (kind === "Plan") {
    const plan = readPlanCard(data);
    return plan === undefined ? undefined : `${plan.status ?? "proposed"}:${plan.decision?.action ?? ""}`;
  }
  if (kind === "WorkflowExecution") {
    const status = readWorkflowExecution(data)?.status;
    return status === undefined || WORKFLOW_ACTIVE.has(status) ? "active" : status;
  }
  if (isToolRequestKind(kind)) return readToolRequest(data)?.approval_status;
  return undefined;
}
