import { type ChatMessage, type MessagePhase, getMessagePhase as storePhase } from "@parley/sdk";

// Statuses that only say "something is happening"; seed 002 keeps them out of the activity display.
const TRANSIENT_STATUSES = new Set(["thinking", "model loading", "running"]);

/**
 * True for a status line that carries no information worth showing ("Thinking...", "Running"). Looser
 * than the sdk's exact list: case and a trailing "…" or "..." do not matter.
 */
export function isTransientStatus(status: string | undefined): boolean {
  if (status === undefined) return true;
  const normalized = status
    .trim()
    .toLowerCase()
    .replace(/(?:\.{3}|…)$/, "")
    .trim();
  return normalized === "" || TRANSIENT_STATUSES.has(normalized);
}

/**
 * Seed 002's rendering phase of a message, as the sdk defines it (`thinking`, `working` while a tool
 * headline is set, `streaming`, `done`), with one refinement: a turn is one message here, so text streaming
 * after a tool call is `streaming` even if the store still holds that tool's headline.
 */
export function getMessagePhase(message: ChatMessage): MessagePhase {
  const phase = storePhase(message);
  if (phase === "working" && message.segments?.some((segment) => segment.streaming) === true)
    return "streaming";
  return phase === "working" && isTransientStatus(message.activitySummary) ? "streaming" : phase;
}
