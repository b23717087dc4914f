import { isToolRequestKind, isToolResultKind, readToolRequest, readToolResult } from "./cards/tool-cards.ts";
import type { ChatDraft } from "./chat-draft.ts";
import type { ActivityItem, MessageCard, TurnContent } from "./chat-state.ts";
import { isTransientActivity } from "./message-phase.ts";
import { segmentIndex } from "./turn-lookup.ts";

/**
 * Edits of what a turn holds, shared by agent turns and subagent entries. Every function takes content
 * that is already writable (from `editMessage` or `editSubagent`).
 */
export type EditableContent = TurnContent & { isThinking?: boolean };

/** A tool activity change: a headline, for a tool call when `toolUseId` is set. */
export interface ActivityChange {
  detail: string;
  toolUseId?: string;
  toolName?: string;
  startedAtMs?: number;
}

/** Records that a segment or card arrived, after the ones before it. */
export function addPart(draft: ChatDraft, content: TurnContent, id: string): void {
  if (content.partOrder?.includes(id) === true) return;
  draft.editArray(content, "partOrder").push(id);
}

/** Appends streamed text (or thinking) to a segment, creating it; `done` ends it. */
export function appendTokenTo(
  draft: ChatDraft,
  content: EditableContent,
  token: { segmentId: string; token: string; thinking: boolean; done?: boolean },
): void {
  let index = segmentIndex(content, token.segmentId);
  if (index === -1) {
    if (token.token === "" && token.done === true) return;
    draft.editArray(content, "segments").push({ id: token.segmentId, text: "", streaming: true });
    addPart(draft, content, token.segmentId);
    index = (content.segments?.length ?? 1) - 1;
  }
  const segment = draft.editSegment(content, index);
  if (token.thinking) segment.thinking = (segment.thinking ?? "") + token.token;
  else if (token.token !== "") {
    segment.text += token.token;
    delete content.isThinking;
    if (!(content.activityItems ?? []).some((item) => item.state === "running"))
      delete content.activitySummary;
  }
  if (token.done === true) segment.streaming = false;
}

/**
 * Sets a segment's final text: the streamed one is replaced, or a new finished segment is appended. A
 * segment that has become a card (a question or plan the agent wrote) stays a card.
 */
export function setSegmentText(
  draft: ChatDraft,
  content: EditableContent,
  segmentId: string,
  text: string,
): void {
  if ((content.cards ?? []).some((card) => card.id === segmentId)) return;
  const index = segmentIndex(content, segmentId);
  if (index === -1) {
    draft.editArray(content, "segments").push({ id: segmentId, text, streaming: false });
    addPart(draft, content, segmentId);
  } else {
    const segment = draft.editSegment(content, index);
    segment.text = text;
    segment.streaming = false;
  }
  delete content.isThinking;
}

/**
 * Adds a card, or replaces the one with the same id in place. A card that takes over a text segment of
 * the same id (the agent's text turned into a Question or Plan) replaces the segment, keeping its place.
 * Tool cards also keep the activity current: headline, state, duration and links to the cards.
 */
export function putCard(draft: ChatDraft, content: EditableContent, card: MessageCard): void {
  const existing = (content.cards ?? []).findIndex((candidate) => candidate.id === card.id);
  const cards = draft.editArray(content, "cards");
  if (existing !== -1) cards[existing] = card;
  else {
    cards.push(card);
    const segment = segmentIndex(content, card.id);
    if (segment !== -1) draft.editArray(content, "segments").splice(segment, 1);
    addPart(draft, content, card.id);
  }
  noteToolCard(draft, content, card);
}

/** Records a status headline; a tool call also becomes an activity entry. */
export function setActivityOn(draft: ChatDraft, content: EditableContent, change: ActivityChange): void {
  if (change.toolUseId !== undefined) {
    const item = activityItem(draft, content, change.toolUseId, change.detail, change.toolName);
    item.label = change.detail;
    if (item.startedAtMs === undefined && change.startedAtMs !== undefined)
      item.startedAtMs = change.startedAtMs;
    content.activitySummary = change.detail;
    return;
  }
  // A transient status never hides the tool call that is still running.
  const toolRunning = (content.activityItems ?? []).some((item) => item.state === "running");
  if (!(toolRunning && isTransientActivity(change.detail))) content.activitySummary = change.detail;
}

/** A tool call (or, without an id, all running activity) finished. */
export function finishActivityOn(
  draft: ChatDraft,
  content: EditableContent,
  done: { toolUseId?: string; failed?: boolean; durationMs?: number },
): void {
  const items = content.activityItems === undefined ? [] : draft.editArray(content, "activityItems");
  for (let position = 0; position < items.length; position++) {
    const item = items[position] as ActivityItem;
    if (done.toolUseId === undefined ? item.state !== "running" : item.toolUseId !== done.toolUseId) continue;
    if (item.state === "done" || item.state === "failed") continue;
    const edited = draft.editItem(items, position);
    edited.state = done.failed === true ? "failed" : "done";
    delete edited.progress;
    if (done.durationMs !== undefined && done.toolUseId !== undefined) edited.durationMs = done.durationMs;
  }
  const current = items.filter((item) => item.state === "running").at(-1);
  if (current !== undefined && done.toolUseId !== undefined) content.activitySummary = current.label;
  else delete content.activitySummary;
  if (done.toolUseId === undefined) delete content.isThinking;
}

/** Keeps a running tool call's latest progress line (an ended or unknown call keeps what it has). */
export function noteProgressOn(
  draft: ChatDraft,
  content: EditableContent,
  progress: { toolUseId: string; line: string },
): void {
  const items = content.activityItems ?? [];
  const position = items.findIndex((item) => item.toolUseId === progress.toolUseId);
  if (position === -1 || items[position]?.state !== "running") return;
  const edited = draft.editItem(draft.editArray(content, "activityItems"), position);
  edited.progress = progress.line.length > 200 ? `${progress.line.slice(0, 199)}…` : progress.line;
}

/** Marks every running tool call as done (the turn or subagent ended; waiting calls keep waiting). */
export function closeActivityOn(draft: ChatDraft, content: EditableContent): void {
  const items = content.activityItems ?? [];
  if (!items.some((item) => item.state === "running")) return;
  const editable = draft.editArray(content, "activityItems");
  for (let position = 0; position < editable.length; position++) {
    if (editable[position]?.state === "running") draft.editItem(editable, position).state = "done";
  }
}

/** The writable activity item of a tool call, created (and counted) when it is new. */
function activityItem(
  draft: ChatDraft,
  content: EditableContent,
  toolUseId: string,
  label: string,
  toolName: string | undefined,
): ActivityItem {
  const items = draft.editArray(content, "activityItems");
  const index = items.findIndex((item) => item.toolUseId === toolUseId);
  if (index !== -1) {
    const item = draft.editItem(items, index);
    if (item.toolName === undefined && toolName !== undefined) item.toolName = toolName;
    return item;
  }
  const item: ActivityItem = {
    toolUseId,
    ...(toolName !== undefined && { toolName }),
    label,
    state: "running",
  };
  items.push(item);
  draft.editArray(content, "activityEntries").push(label);
  content.toolCount = (content.toolCount ?? 0) + 1;
  return draft.editItem(items, items.length - 1);
}

/** Keeps a tool call's activity item in step with its ToolRequest or ToolResult card. */
function noteToolCard(draft: ChatDraft, content: EditableContent, card: MessageCard): void {
  if (isToolRequestKind(card.rich.kind)) {
    const request = readToolRequest(card.rich.data);
    if (request?.tool_use_id === undefined) return;
    const label = request.headline ?? request.tool_name;
    const item = activityItem(draft, content, request.tool_use_id, label, request.tool_name);
    item.requestId = card.id;
    if (request.headline !== undefined) item.label = request.headline;
    if (item.state === "done" || item.state === "failed") return;
    const status = request.approval_status;
    if (status === "Pending") item.state = "waiting";
    else if (status === "Approved" || status === "AutoApproved") item.state = "running";
    else item.state = "failed";
  } else if (isToolResultKind(card.rich.kind)) {
    const result = readToolResult(card.rich.data);
    if (result?.tool_use_id === undefined) return;
    const label = result.headline ?? result.tool_name;
    const item = activityItem(draft, content, result.tool_use_id, label, result.tool_name);
    item.resultId = card.id;
    item.state = result.is_error ? "failed" : "done";
    if (result.duration_ms !== undefined) item.durationMs = result.duration_ms;
  }
}
