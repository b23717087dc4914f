import type { ToolRequestData, ToolResultData } from "@parley/protocol";
import {
  type ActivityGroup,
  type ActivityItem,
  formatDuration,
  groupActivity,
  groupState,
  inlineToolOutput,
  type MessageCard,
  readToolRequest,
  readToolResult,
} from "@parley/sdk";
import { useMemo, useState } from "react";
import { ToolParameters } from "../cards/tool-parameters.tsx";
import { ToolResultView } from "../cards/tool-result-view.tsx";

/** One line of output short enough to show next to the call's headline. */
const INLINE_OUTPUT_CHARS = 120;

/**
 * A turn's (or subagent's) tool calls, consecutive calls of one tool grouped. A call with cards expands
 * to its input and its result: a short one-line result shows inline, a failure shows its error.
 */
export function ActivityList({
  items,
  cards,
  id,
}: {
  items: readonly ActivityItem[];
  cards: readonly MessageCard[] | undefined;
  id?: string;
}) {
  const byId = useMemo(() => new Map((cards ?? []).map((card) => [card.id, card])), [cards]);
  return (
    <ul className="activity-entries" id={id}>
      {groupActivity(items).map((group, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: groups only ever grow at the end
        <ActivityGroupItem key={index} group={group} cards={byId} />
      ))}
    </ul>
  );
}

function ActivityGroupItem({
  group,
  cards,
}: {
  group: ActivityGroup;
  cards: ReadonlyMap<string, MessageCard>;
}) {
  const [open, setOpen] = useState(false);
  const [first] = group.items;
  if (group.items.length === 1 && first !== undefined) return <ActivityEntry item={first} cards={cards} />;
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
            <ActivityEntry key={index} item={item} cards={cards} />
          ))}
        </ul>
      )}
    </li>
  );
}

function ActivityEntry({ item, cards }: { item: ActivityItem; cards: ReadonlyMap<string, MessageCard> }) {
  const [open, setOpen] = useState(false);
  const request = readCard(cards, item.requestId, readToolRequest);
  const result = readCard(cards, item.resultId, readToolResult);
  const inline = result === undefined ? undefined : inlineToolOutput(result, INLINE_OUTPUT_CHARS);
  const label = (
    <>
      <StateIcon state={item.state} /> <span>{item.label}</span>
      {item.durationMs !== undefined && <span className="muted"> · {formatDuration(item.durationMs)}</span>}
      {item.progress !== undefined && (
        <span className="muted activity-progress" data-testid="activity-progress">
          {" "}
          · {item.progress}
        </span>
      )}
      {inline !== undefined && (
        <span
          className={result?.is_error ? "activity-inline state-failed" : "activity-inline muted"}
          data-testid="tool-result-inline"
        >
          {" "}
          — {inline}
        </span>
      )}
    </>
  );
  return (
    <li
      className="activity-entry"
      data-testid="activity-entry"
      data-state={item.state}
      data-tool-use-id={item.toolUseId}
    >
      {request === undefined && result === undefined ? (
        label
      ) : (
        <button
          type="button"
          className="activity-entry-toggle"
          data-testid="activity-entry-toggle"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
        >
          {label}
        </button>
      )}
      {open && <ToolCallDetails request={request} result={result} />}
    </li>
  );
}

function ToolCallDetails({
  request,
  result,
}: {
  request?: ToolRequestData | undefined;
  result?: ToolResultData | undefined;
}) {
  return (
    <div className="activity-entry-details" data-testid="activity-entry-details">
      {request !== undefined && (
        <ToolParameters toolName={request.tool_name} parameters={request.parameters} />
      )}
      {result !== undefined && <ToolResultView result={result} />}
    </div>
  );
}

function readCard<T>(
  cards: ReadonlyMap<string, MessageCard>,
  id: string | undefined,
  read: (data: unknown) => T | undefined,
): T | undefined {
  const card = id === undefined ? undefined : cards.get(id);
  return card === undefined ? undefined : read(card.rich.data);
}

function StateIcon({ state }: { state: ActivityItem["state"] }) {
  if (state === "running") return <span className="spinner spinner-small" role="img" aria-label="running" />;
  if (state === "waiting")
    return (
      <span className="state-icon state-waiting" role="img" aria-label="waiting for approval">
        ‖
      </span>
    );
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
