import type { ServerEventType } from "./server-event.ts";
import type { UiSseKind } from "./ui-sse-message.ts";

/**
 * Where a ServerEvent lands on the SSE wire: its kind, every phase it can carry (`undefined` = no phase)
 * and the event field that travels in the frame's `text`, if any.
 */
export interface UiSseRoute {
  kind: UiSseKind;
  phases: readonly (string | undefined)[];
  textField?: string;
}

/**
 * Seed 002's kind/phase table, one row per ServerEvent type. Both directions read it: `toUiSseMessage`
 * to encode and `fromUiSseMessage` to recognise a frame. `AgentStatus` takes its phase from `lifecycle`;
 * `Token` has phase `done` only on its last frame.
 */
export const uiSseRouteByEventType = {
  StateUpdated: { kind: "run", phases: ["sync"] },
  Outcome: { kind: "run", phases: ["outcome"] },
  Resync: { kind: "run", phases: ["resync"] },
  ContextUsage: { kind: "run", phases: ["context_usage"] },
  ContextUpdate: { kind: "run", phases: ["context_update"] },
  SubagentSpawned: { kind: "run", phases: ["subagent_spawned"] },
  SubagentResult: { kind: "run", phases: ["subagent_result"] },
  PlanUpdate: { kind: "run", phases: ["plan_update"] },
  ChangeReport: { kind: "run", phases: ["change_report"] },
  Message: { kind: "message", phases: [undefined], textField: "content" },
  AgentStatus: { kind: "activity", phases: ["doing", "done"], textField: "detail" },
  IdlePromptTriggered: { kind: "activity", phases: ["doing"] },
  QueueUpdated: { kind: "queue", phases: [undefined] },
  Token: { kind: "token", phases: [undefined, "done"], textField: "token" },
  TextSegment: { kind: "text_segment", phases: [undefined], textField: "text" },
  AskUser: { kind: "ask_user", phases: [undefined] },
  ModelFallback: { kind: "model_fallback", phases: [undefined] },
  ToolProgress: { kind: "tool_progress", phases: [undefined], textField: "line" },
} as const satisfies Record<ServerEventType, UiSseRoute>;

/** The route of an event type, widened so optional columns can be read uniformly. */
export function uiSseRouteOf(type: ServerEventType): UiSseRoute {
  return uiSseRouteByEventType[type];
}

/** Event fields the frame's phase already says: Token `done` and AgentStatus `lifecycle`. */
export const phaseFieldByEventType: Partial<Record<ServerEventType, string>> = {
  Token: "done",
  AgentStatus: "lifecycle",
};

/** `data.status` of the activity frame of an `IdlePromptTriggered` event, telling it apart from `AgentStatus`. */
export const IDLE_PROMPT_TRIGGERED_STATUS = "idle_prompt_triggered";

/** Events shown in the parent agent's conversation: their frame's `agent_id` is the event's `parent_id`. */
export const parentRoutedEventTypes: ReadonlySet<ServerEventType> = new Set([
  "SubagentSpawned",
  "SubagentResult",
]);
