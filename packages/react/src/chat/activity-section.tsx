import {
  activityItemsOf,
  type ChatMessage,
  formatDuration,
  isTransientStatus,
  type MessagePhase,
  plural,
} from "@parley/sdk";
import { useId, useState } from "react";
import { ActivityList } from "./activity-list.tsx";

/**
 * The tool activity of an agent turn (seed 002 ActivitySection): live while the agent works, with a
 * headline such as "Reading file.ts" and the calls grouped by tool; a one-line collapsible summary (tool
 * count and duration) once the turn has moved on. Each call expands to its input and result.
 */
export function ActivitySection({ message, phase }: { message: ChatMessage; phase: MessagePhase }) {
  const items = activityItemsOf(message);
  const [toggled, setToggled] = useState<boolean | undefined>(undefined);
  const listId = useId();
  const toolCount = message.toolCount ?? items.length;
  const live = phase === "working";
  const running = items.find((item) => item.state === "running");
  const waiting = running === undefined && items.some((item) => item.state === "waiting");
  const headline = waiting
    ? "Waiting for your approval"
    : isTransientStatus(message.activitySummary)
      ? running?.label
      : message.activitySummary;
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
      {expanded && items.length > 0 && <ActivityList items={items} cards={message.cards} id={listId} />}
    </section>
  );
}
