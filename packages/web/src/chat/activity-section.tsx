import type { ActivityItem, ChatMessage, MessagePhase } from "@parley/sdk";
import { useId, useState } from "react";
import { formatDuration, plural } from "../lib/format.ts";
import { type ActivityGroup, activityItemsOf, groupActivity } from "./group-activity.ts";
import { isTransientStatus } from "./message-phase.ts";

/**
 * The tool activity of an agent turn (seed 002 ActivitySection): live while the agent works, with a
 * headline such as "Reading file.ts" and the calls grouped by tool; a one-line collapsible summary (tool
 * count and duration) once the turn has moved on.
 */
export function ActivitySection({ message, phase }: { message: ChatMessage; phase: MessagePhase }) {
  const items = activityItemsOf(message);
  const [toggled, setToggled] = useState<boolean | undefined>(undefined);
  const listId = useId();
  const toolCount = message.toolCount ?? items.length;
  const live = phase === "working";
  const running = items.find((item) => item.state === "running");
  const headline = isTransientStatus(message.activitySummary) ? running?.label : message.activitySummary;
  if (items.length === 0 && toolCount === 0 && !(live && headline !== undefined)) return null;

  const expanded = toggled ?? live;
  const summary = live
    ? [headline ?? "Working", ...(toolCount > 0 ? [plural(toolCount, "tool call")] : [])]
    : [
        `Used ${plural(toolCount, "tool")}`,
        ...(phase === "done" && message.durationMs !== undefined ? [formatDuration(message.durationMs)] : []),
      ];
  return (
    <section
      className={`activity${live ? " activity-live" : ""}`}
      data-testid="activity-section"
      data-live={live ? "true" : "false"}
      aria-label="Tool activity"
    >
      <button
        type="button"
        className="activity-toggle"
        data-testid="activity-toggle"
        aria-expanded={expanded}
        aria-controls={listId}
        onClick={() => setToggled(!expanded)}
      >
        {live && <span className="spinner" aria-hidden="true" />}
        <span className="activity-headline" data-testid="activity-headline">
          {summary.join(" · ")}
        </span>
        <span className="chevron" aria-hidden="true">
          {expanded ? "▾" : "▸"}
        </span>
      </button>
      {expanded && items.length > 0 && (
        <ul className="activity-entries" id={listId}>
          {groupActivity(items).map((group, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: groups only ever grow at the end
            <ActivityGroupItem key={index} group={group} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ActivityGroupItem({ group }: { group: ActivityGroup }) {
  const [open, setOpen] = useState(false);
  const [first] = group.items;
  if (group.items.length === 1 && first !== undefined) return <ActivityEntry item={first} />;
  const state = groupState(group.items);
  return (
    <li className="activity-group" data-testid="activity-group" data-state={state}>
      <button
        type="button"
        className="activity-group-toggle"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        <StateIcon state={state} /> {group.name} × {group.items.length}
      </button>
      {open && (
        <ul>
          {group.items.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: items only ever grow at the end
            <ActivityEntry key={index} item={item} />
          ))}
        </ul>
      )}
    </li>
  );
}

function ActivityEntry({ item }: { item: ActivityItem }) {
  return (
    <li className="activity-entry" data-testid="activity-entry" data-state={item.state}>
      <StateIcon state={item.state} /> <span>{item.label}</span>
      {item.durationMs !== undefined && <span className="muted"> · {formatDuration(item.durationMs)}</span>}
    </li>
  );
}

function StateIcon({ state }: { state: ActivityItem["state"] }) {
  if (state === "running") return <span className="spinner spinner-small" role="img" aria-label="running" />;
  return (
    <span
      className={`state-icon state-${state}`}
      role="img"
      aria-label={state === "failed" ? "failed" : "done"}
    >
      {state === "failed" ? "✕" : "✓"}
    </span>
  );
}

function groupState(items: readonly ActivityItem[]): ActivityItem["state"] {
  if (items.some((item) => item.state === "running")) return "running";
  if (items.some((item) => item.state === "failed")) return "failed";
  return "done";
}
