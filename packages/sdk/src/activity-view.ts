import type { ActivityItem, ChatMessage, MessagePhase, TurnContent } from "./chat-state.ts";
import { getMessagePhase } from "./message-phase.ts";

// Statuses that only say "something is happening"; seed 002 keeps them out of the activity display.
const TRANSIENT_STATUSES = new Set(["thinking", "model loading", "running"]);

/**
 * True for a status line that carries no information worth showing ("Thinking...", "Running"). Looser
 * than `isTransientActivity`: case and a trailing "…" or "..." do not matter.
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
 * The phase a UI shows for a turn: seed 002's (`getMessagePhase`), with one refinement: a turn is one
 * message here, so text streaming after a tool call is `streaming` even if the store still holds that
 * tool's headline.
 */
export function displayPhase(message: ChatMessage): MessagePhase {
  const phase = getMessagePhase(message);
  if (phase === "working" && message.segments?.some((segment) => segment.streaming) === true)
    return "streaming";
  return phase === "working" && isTransientStatus(message.activitySummary) ? "streaming" : phase;
}

/** Consecutive tool calls of the same tool ("Read a.ts", "Read b.ts"), shown as one line that expands. */
export interface ActivityGroup {
  /** The tool name, or the entries' first word when the store gave only text. */
  name: string;
  items: ActivityItem[];
}

/**
 * The activity worth showing for a turn (or subagent): its `activityItems` (with state and duration) when
 * the store provides them, its plain `activityEntries` otherwise, without transient statuses either way.
 */
export function activityItemsOf(content: TurnContent): ActivityItem[] {
  const items =
    content.activityItems ??
    (content.activityEntries ?? []).map((label): ActivityItem => ({ label, state: "done" }));
  return items.filter((item) => !isTransientStatus(item.label));
}

/** Groups consecutive activity items of the same tool, keeping their order. */
export function groupActivity(items: readonly ActivityItem[]): ActivityGroup[] {
  const groups: ActivityGroup[] = [];
  for (const item of items) {
    const name = item.toolName ?? item.label.trim().split(/\s+/, 1)[0] ?? "";
    const last = groups.at(-1);
    if (last !== undefined && last.name === name) last.items.push(item);
    else groups.push({ name, items: [item] });
  }
  return groups;
}

/** A group's state: running while any call runs, then waiting, then failed when one failed. */
export function groupState(items: readonly ActivityItem[]): ActivityItem["state"] {
  if (items.some((item) => item.state === "running")) return "running";
  if (items.some((item) => item.state === "waiting")) return "waiting";
  if (items.some((item) => item.state === "failed")) return "failed";
  return "done";
}
