import type { ActivityItem, TurnContent } from "@parley/sdk";
import { isTransientStatus } from "./message-phase.ts";

/** Consecutive tool calls of the same tool ("Read a.ts", "Read b.ts"), shown as one line that expands. */
export interface ActivityGroup {
  /** The tool name, or the entries' first word when the store gave only text. */
  name: string;
  items: ActivityItem[];
}

/**
 * The activity worth showing for a turn (or subagent): its `activityItems` (with state and duration) when the store
 * provides them, its plain `activityEntries` otherwise, without transient statuses either way.
 */
export function activityItemsOf(message: TurnContent): ActivityItem[] {
  const items =
    message.activityItems ??
    (message.activityEntries ?? []).map((label): ActivityItem => ({ label, state: "done" }));
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
