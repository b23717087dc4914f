import type { ChatMessage, MessageSegment } from "./chat-state.ts";

/** True for a turn that shows only SystemControl markers: no text, activity, subagents or error. */
export function isMarkerOnly(message: ChatMessage): boolean {
  const cards = message.cards ?? [];
  return (
    cards.length > 0 &&
    cards.every((card) => card.rich.kind === "SystemControl") &&
    (message.segments ?? []).every((segment) => segment.text.trim() === "") &&
    (message.segments !== undefined || message.text === "") &&
    (message.activityItems ?? []).length === 0 &&
    (message.subagentTree ?? []).length === 0 &&
    message.error === undefined
  );
}

/**
 * The segments to render: the turn's own, plus the legacy `liveText` when a store streams through it
 * without a streaming segment, or the turn's `text` when it has no segments at all.
 */
export function segmentsOf(message: ChatMessage): MessageSegment[] {
  const segments = message.segments ?? [];
  if (segments.length === 0 && message.text !== "" && message.liveText === undefined) {
    return [{ id: `${message.id}:text`, text: message.text, streaming: false }];
  }
  if (
    message.liveText !== undefined &&
    message.isGenerating === true &&
    !segments.some((segment) => segment.streaming)
  ) {
    return [...segments, { id: `${message.id}:live`, text: message.liveText, streaming: true }];
  }
  return segments;
}

/** How a turn ended when that is worth a note (stopped, interrupted, at a limit). */
export const OUTCOME_NOTES: Partial<Record<NonNullable<ChatMessage["outcome"]>, string>> = {
  cancelled: "Stopped",
  interrupted: "Interrupted: the server restarted during this turn",
  max_turns: "Stopped at the turn limit",
  max_budget: "Stopped at the budget limit",
};
