import type { ChatMessage, MessagePhase } from "./chat-state.ts";

/** Statuses that only say the model is busy; they never count as activity (seed 002). */
export const TRANSIENT_ACTIVITY: ReadonlySet<string> = new Set([
  "Thinking...",
  "Model loading...",
  "Running",
]);

/** Whether an activity headline is a transient status rather than real work. */
export function isTransientActivity(detail: string): boolean {
  return TRANSIENT_ACTIVITY.has(detail.trim());
}

/** A turn's activity entries without the transient statuses. */
export function visibleActivityEntries(message: ChatMessage): string[] {
  return (message.activityEntries ?? []).filter((entry) => !isTransientActivity(entry));
}

/**
 * Seed 002's rendering phase: `thinking` (generating and thinking), `working` (generating with real
 * activity), `streaming` (generating, no activity) and `done`.
 */
export function getMessagePhase(message: ChatMessage): MessagePhase {
  if (message.isGenerating !== true) return "done";
  if (message.isThinking === true) return "thinking";
  const summary = message.activitySummary;
  if (summary !== undefined && summary !== "" && !isTransientActivity(summary)) return "working";
  return "streaming";
}
