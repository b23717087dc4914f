import {
  activityItemsOf,
  formatDuration,
  plural,
  type SubagentTreeEntry,
  saidInText,
  subagentRoots,
  subagentStatus,
  waitsForPerson,
} from "@parley/sdk";
import { useId, useState } from "react";
import { ActivityList } from "./activity-list.tsx";
import { TurnParts } from "./turn-parts.tsx";

/**
 * The subagents an agent turn delegated to (seed 002 SubagentTreeView), as a tree: each with its task,
 * status and, behind a toggle, its tool activity, its text and cards, and its outcome. A subagent's call
 * waiting for an approval or a question opens its entry, so the person sees what it asks.
 */
export function SubagentTreeView({ entries }: { entries: readonly SubagentTreeEntry[] }) {
  const roots = subagentRoots(entries);
  return (
    <section className="subagent-tree" data-testid="subagent-tree" aria-label="Delegated subagents">
      <ul>
        {roots.map((entry) => (
          <SubagentNode key={entry.subagentId} entry={entry} entries={entries} depth={0} />
        ))}
      </ul>
    </section>
  );
}

function SubagentNode({
  entry,
  entries,
  depth,
}: {
  entry: SubagentTreeEntry;
  entries: readonly SubagentTreeEntry[];
  depth: number;
}) {
  const [toggled, setToggled] = useState<boolean | undefined>(undefined);
  const detailsId = useId();
  // Depth guards against a malformed tree whose parent links form a cycle.
  const children = depth < 16 ? entries.filter((child) => child.parentId === entry.subagentId) : [];
  const status = subagentStatus(entry);
  const failed = entry.done && status !== "success";
  const waiting = waitsForPerson(entry);
  const expanded = waiting || (toggled ?? false);
  const items = activityItemsOf(entry);
  const toolCount = entry.toolUses ?? entry.toolCount ?? items.length;
  const meta = [
    ...(toolCount > 0 ? [plural(toolCount, "tool")] : []),
    ...(entry.durationMs !== undefined ? [formatDuration(entry.durationMs)] : []),
  ];
  return (
    <li
      className={`subagent-entry subagent-entry-${failed ? "failed" : status === "running" ? "running" : "done"}`}
      data-testid="subagent-entry"
      data-subagent-id={entry.subagentId}
      data-run-id={entry.runId}
      data-done={entry.done}
      data-status={status}
    >
      <button
        type="button"
        className="subagent-toggle"
        data-testid="subagent-toggle"
        aria-expanded={expanded}
        aria-controls={detailsId}
        onClick={() => setToggled(!expanded)}
      >
        <span className={`subagent-status subagent-${!entry.done ? "running" : failed ? "failed" : "done"}`}>
          {!entry.done ? <span className="spinner" aria-hidden="true" /> : failed ? "✕" : "✓"}
        </span>
        <span className="subagent-task" data-testid="subagent-task">
          {entry.task}
        </span>
        <span className="visually-hidden"> ({status})</span>
        {entry.subagentType !== undefined && entry.subagentType !== "general-purpose" && (
          <span className="badge">{entry.subagentType}</span>
        )}
        {!entry.done && entry.activitySummary !== undefined && (
          <span className="muted subagent-headline"> · {entry.activitySummary}</span>
        )}
        {meta.length > 0 && (
          <span className="muted subagent-meta" data-testid="subagent-meta">
            {" "}
            · {meta.join(" · ")}
          </span>
        )}
        {waiting && <span className="badge badge-waiting">Needs you</span>}
        <span className="chevron" aria-hidden="true">
          {expanded ? "▾" : "▸"}
        </span>
      </button>
      {failed && (
        <span className="subagent-outcome" data-testid="subagent-failure">
          {" "}
          {status}
        </span>
      )}
      {expanded && (
        <div className="subagent-details" id={detailsId}>
          {entry.prompt !== undefined && (
            <p className="muted subagent-prompt" data-testid="subagent-prompt">
              {entry.prompt}
            </p>
          )}
          {items.length > 0 && (
            <div data-testid="subagent-activity">
              <ActivityList items={items} cards={entry.cards} />
            </div>
          )}
          <TurnParts content={entry} />
        </div>
      )}
      {entry.done &&
        (entry.summary !== undefined || entry.error !== undefined) &&
        !(expanded && saidInText(entry)) && (
          <p className={`subagent-result${failed ? " state-failed" : ""}`} data-testid="subagent-outcome">
            {failed ? (entry.error ?? entry.summary) : entry.summary}
          </p>
        )}
      {children.length > 0 && (
        <ul>
          {children.map((child) => (
            <SubagentNode key={child.subagentId} entry={child} entries={entries} depth={depth + 1} />
          ))}
        </ul>
      )}
    </li>
  );
}
