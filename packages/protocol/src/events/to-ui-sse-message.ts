import type { ServerEvent } from "./server-event.ts";
import type { UiSseMessage } from "./ui-sse-message.ts";
import {
  IDLE_PROMPT_TRIGGERED_STATUS,
  parentRoutedEventTypes,
  phaseFieldByEventType,
  uiSseRouteOf,
} from "./ui-sse-route.ts";

/**
 * The fields the server assigns to a frame when it stores the event: `seq`, `rev` and `ts_ms`, and `id`
 * unless it is the default `evt_<seq>` (revision 2 frames leave that out).
 */
export type UiSseEnvelope = Pick<UiSseMessage, "id" | "seq" | "rev" | "ts_ms">;

/**
 * The wire revision the server writes (`rev`). Revision 2 frames are slim: no `id` when it is `evt_<seq>`,
 * no `project_root` (a server streams one project) except on the events whose schema requires it, and a
 * Token's `thinking` only when true. Decoders read revisions 1 and 2.
 */
export const UI_SSE_WIRE_REVISION = 2;

/** Event types whose schema requires `project_root`: revision 2 frames keep it on these. */
const projectRootRequired: ReadonlySet<string> = new Set(["QueueUpdated", "IdlePromptTriggered"]);

/** Envelope keys lifted out of the event; never repeated in `data`. */
const liftedKeys: ReadonlySet<string> = new Set(["type", "agent_id", "session_id", "project_root"]);

/**
 * Encodes a ServerEvent as its SSE frame, kind and phase exactly per seed 002's table. Nothing is said
 * twice, so frames stay small and `fromUiSseMessage` rebuilds the event exactly:
 * - `agent_id`, `session_id`, `project_root` are lifted to the top (for subagent events `agent_id` is the
 *   parent, whose conversation shows them; `parent_id` also stays in `data`);
 * - `text` carries the event's own text: Token `token`, Message `content`, TextSegment `text`,
 *   ToolProgress `line`, AgentStatus `detail`; other events have no `text`;
 * - the phase carries Token `done` (phase `done` or none) and AgentStatus `lifecycle`;
 * - `data` holds every other field, unknown ones included, and is omitted when nothing is left.
 * IdlePromptTriggered adds `data.status: "idle_prompt_triggered"`. Absent fields are omitted, never null.
 * From revision 2 on, `project_root` (where optional) and a Token's `thinking: false` are left out too (see
 * `UI_SSE_WIRE_REVISION`); `fromUiSseMessage` restores `thinking`.
 */
export function toUiSseMessage(event: ServerEvent, envelope: UiSseEnvelope): UiSseMessage {
  const route = uiSseRouteOf(event.type);
  const slim = envelope.rev >= 2;
  const message = (
    envelope.id === undefined
      ? { seq: envelope.seq, rev: envelope.rev, ts_ms: envelope.ts_ms, kind: route.kind }
      : { id: envelope.id, seq: envelope.seq, rev: envelope.rev, ts_ms: envelope.ts_ms, kind: route.kind }
  ) as UiSseMessage;
  const phase = phaseOf(event);
  if (phase !== undefined) message.phase = phase;
  const fields = event as Record<string, unknown>;
  const text = route.textField === undefined ? undefined : fields[route.textField];
  if (typeof text === "string") message.text = text;
  const agentId = parentRoutedEventTypes.has(event.type) ? fields.parent_id : fields.agent_id;
  if (typeof agentId === "string") message.agent_id = agentId;
  if (event.session_id !== undefined) message.session_id = event.session_id;
  if (event.project_root !== undefined && (!slim || projectRootRequired.has(event.type)))
    message.project_root = event.project_root;
  const data = dataOf(event, route.textField, slim && event.type === "Token");
  if (data !== undefined) message.data = data;
  return message;
}

function phaseOf(event: ServerEvent): string | undefined {
  switch (event.type) {
    case "Token":
      return event.done ? "done" : undefined;
    case "AgentStatus":
      return event.lifecycle;
    default:
      return uiSseRouteOf(event.type).phases[0];
  }
}

/**
 * The event's fields no other part of the frame carries, or undefined when none is left. Built once per
 * stored event on the streaming path, so it allocates nothing but the object it returns, and never deletes
 * a key (a deleted key turns the object into a slow dictionary for `JSON.stringify`).
 */
function dataOf(
  event: ServerEvent,
  textField: string | undefined,
  slimToken: boolean,
): Record<string, unknown> | undefined {
  const phaseField = phaseFieldByEventType[event.type];
  let data: Record<string, unknown> | undefined =
    event.type === "IdlePromptTriggered" ? { status: IDLE_PROMPT_TRIGGERED_STATUS } : undefined;
  const fields = event as Record<string, unknown>;
  for (const key in fields) {
    const value = fields[key];
    if (value === undefined || key === textField || key === phaseField || liftedKeys.has(key)) continue;
    if (slimToken && key === "thinking" && value === false) continue;
    data ??= {};
    data[key] = value;
  }
  return data;
}
