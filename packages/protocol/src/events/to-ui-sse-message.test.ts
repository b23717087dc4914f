import { describe, expect, it } from "vitest";
import type { ServerEvent } from "./server-event.ts";
import { toUiSseMessage } from "./to-ui-sse-message.ts";
import type { UiSseMessage } from "./ui-sse-message.ts";
import { uiSseRouteByEventType } from "./ui-sse-route.ts";

const envelope = { id: "ev-7", seq: 7, rev: 1, ts_ms: 1_700_000_000_000 };
type FrameBody = Pick<UiSseMessage, "kind"> &
  Partial<Pick<UiSseMessage, "phase" | "text" | "agent_id" | "session_id" | "project_root" | "data">>;
const frame = (body: FrameBody): UiSseMessage => ({ ...envelope, ...body });

/** Every row of seed 002's kind/phase table, with the exact frame each event becomes. */
const rows: [string, ServerEvent, UiSseMessage][] = [
  [
    "StateUpdated → run/sync",
    { type: "StateUpdated", reason: "settings changed" },
    frame({ kind: "run", phase: "sync", data: { reason: "settings changed" } }),
  ],
  [
    "Outcome → run/outcome",
    { type: "Outcome", agent_id: "coder", run_id: "run-1", outcome: "cancelled", session_id: "s-1" },
    frame({
      kind: "run",
      phase: "outcome",
      agent_id: "coder",
      session_id: "s-1",
      data: { run_id: "run-1", outcome: "cancelled" },
    }),
  ],
  [
    "Resync → run/resync",
    { type: "Resync", reason: "lagged", lagged_count: 12 },
    frame({ kind: "run", phase: "resync", data: { reason: "lagged", lagged_count: 12 } }),
  ],
  [
    "ContextUsage → run/context_usage",
    { type: "ContextUsage", agent_id: "coder", message_count: 3, estimated_tokens: 900, compressed: false },
    frame({
      kind: "run",
      phase: "context_usage",
      agent_id: "coder",
      data: { message_count: 3, estimated_tokens: 900, compressed: false },
    }),
  ],
  [
    "ContextUpdate → run/context_update",
    {
      type: "ContextUpdate",
      agent_id: "main",
      message_id: "m-wf",
      rich: { kind: "WorkflowExecution", data: { status: "Paused" } },
      session_id: "s-1",
    },
    frame({
      kind: "run",
      phase: "context_update",
      agent_id: "main",
      session_id: "s-1",
      data: { message_id: "m-wf", rich: { kind: "WorkflowExecution", data: { status: "Paused" } } },
    }),
  ],
  [
    "SubagentSpawned → run/subagent_spawned, routed to the parent",
    {
      type: "SubagentSpawned",
      parent_id: "coder",
      subagent_id: "explorer",
      task: "Look around",
      run_id: "run-2",
    },
    frame({
      kind: "run",
      phase: "subagent_spawned",
      agent_id: "coder",
      data: { parent_id: "coder", subagent_id: "explorer", task: "Look around", run_id: "run-2" },
    }),
  ],
  [
    "SubagentResult → run/subagent_result, routed to the parent",
    {
      type: "SubagentResult",
      parent_id: "coder",
      subagent_id: "explorer",
      outcome: "success",
      summary: "Done",
    },
    frame({
      kind: "run",
      phase: "subagent_result",
      agent_id: "coder",
      data: { parent_id: "coder", subagent_id: "explorer", outcome: "success", summary: "Done" },
    }),
  ],
  [
    "PlanUpdate → run/plan_update",
    { type: "PlanUpdate", agent_id: "coder", plan: { steps: [] }, message_id: "m-1" },
    frame({
      kind: "run",
      phase: "plan_update",
      agent_id: "coder",
      data: { plan: { steps: [] }, message_id: "m-1" },
    }),
  ],
  [
    "ChangeReport → run/change_report",
    {
      type: "ChangeReport",
      agent_id: "coder",
      files: [{ path: "a.ts", change: "added", additions: 3 }],
      truncated_count: 0,
    },
    frame({
      kind: "run",
      phase: "change_report",
      agent_id: "coder",
      data: { files: [{ path: "a.ts", change: "added", additions: 3 }], truncated_count: 0 },
    }),
  ],
  [
    "Message → message, its content as text",
    {
      type: "Message",
      agent_id: "coder",
      from: "user",
      to: "coder",
      content: "hi",
      message_id: "m-1",
      role: "user",
      client_message_id: "c-1",
      session_id: "s-1",
      project_root: "/p",
    },
    frame({
      kind: "message",
      text: "hi",
      agent_id: "coder",
      session_id: "s-1",
      project_root: "/p",
      data: { from: "user", to: "coder", message_id: "m-1", role: "user", client_message_id: "c-1" },
    }),
  ],
  [
    "AgentStatus starting → activity/doing, its detail as text",
    {
      type: "AgentStatus",
      agent_id: "coder",
      status: "calling_tool",
      detail: "Reading file.ts",
      lifecycle: "doing",
      tool_name: "Read",
      tool_use_id: "toolu_1",
      started_at_ms: 1_700_000_000_000,
    },
    frame({
      kind: "activity",
      phase: "doing",
      text: "Reading file.ts",
      agent_id: "coder",
      data: {
        status: "calling_tool",
        tool_name: "Read",
        tool_use_id: "toolu_1",
        started_at_ms: 1_700_000_000_000,
      },
    }),
  ],
  [
    "AgentStatus finishing → activity/done",
    { type: "AgentStatus", agent_id: "coder", status: "idle", lifecycle: "done", duration_ms: 40 },
    frame({ kind: "activity", phase: "done", agent_id: "coder", data: { status: "idle", duration_ms: 40 } }),
  ],
  [
    "IdlePromptTriggered → activity/doing, marked in data.status",
    { type: "IdlePromptTriggered", agent_id: "coder", project_root: "/p" },
    frame({
      kind: "activity",
      phase: "doing",
      agent_id: "coder",
      project_root: "/p",
      data: { status: "idle_prompt_triggered" },
    }),
  ],
  [
    "QueueUpdated → queue",
    {
      type: "QueueUpdated",
      project_root: "/p",
      session_id: "s-1",
      agent_id: "coder",
      change: "added",
      items: [{ id: "q-1", preview: "stop", text_length: 4, truncated: false, queued_at_ms: 5 }],
      length: 1,
    },
    frame({
      kind: "queue",
      agent_id: "coder",
      session_id: "s-1",
      project_root: "/p",
      data: {
        change: "added",
        items: [{ id: "q-1", preview: "stop", text_length: 4, truncated: false, queued_at_ms: 5 }],
        length: 1,
      },
    }),
  ],
  [
    "Token → token without a phase while streaming, its token as text",
    { type: "Token", agent_id: "coder", token: "Hel", done: false, thinking: true, message_id: "m-2" },
    frame({ kind: "token", text: "Hel", agent_id: "coder", data: { thinking: true, message_id: "m-2" } }),
  ],
  [
    "Token → token/done on the last token",
    { type: "Token", agent_id: "coder", token: "", done: true, thinking: false },
    frame({ kind: "token", phase: "done", text: "", agent_id: "coder", data: { thinking: false } }),
  ],
  [
    "TextSegment → text_segment, its text as text",
    { type: "TextSegment", agent_id: "coder", text: "Looking at the build." },
    frame({ kind: "text_segment", text: "Looking at the build.", agent_id: "coder" }),
  ],
  [
    "AskUser → ask_user",
    {
      type: "AskUser",
      agent_id: "coder",
      question_id: "q-1",
      questions: [{ question: "Go?", options: [{ label: "Yes", value: "y" }] }],
    },
    frame({
      kind: "ask_user",
      agent_id: "coder",
      data: { question_id: "q-1", questions: [{ question: "Go?", options: [{ label: "Yes", value: "y" }] }] },
    }),
  ],
  [
    "ModelFallback → model_fallback",
    { type: "ModelFallback", agent_id: "coder", preferred: "big", actual: "small", reason: "rate limited" },
    frame({
      kind: "model_fallback",
      agent_id: "coder",
      data: { preferred: "big", actual: "small", reason: "rate limited" },
    }),
  ],
  [
    "ToolProgress → tool_progress, its line as text",
    { type: "ToolProgress", agent_id: "coder", tool: "Bash", line: "ok", stream: "stdout" },
    frame({ kind: "tool_progress", text: "ok", agent_id: "coder", data: { tool: "Bash", stream: "stdout" } }),
  ],
];

/** Keys whose value is undefined or null, at any depth of a frame. */
function emptyKeys(value: unknown, path = ""): string[] {
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    inner === undefined || inner === null ? [`${path}${key}`] : emptyKeys(inner, `${path}${key}.`),
  );
}

describe("toUiSseMessage", () => {
  it("has a row for every ServerEvent type", () => {
    const covered = new Set(rows.map(([, event]) => event.type));
    expect([...covered].sort()).toEqual(Object.keys(uiSseRouteByEventType).sort());
  });

  it.each(rows)("maps %s", (_name, event, expected) => {
    expect(toUiSseMessage(event, envelope)).toStrictEqual(expected);
  });

  it.each(rows)(
    "leaves absent fields out of the %s frame instead of writing undefined or null",
    (_name, event) => {
      expect(emptyKeys(toUiSseMessage(event, envelope))).toEqual([]);
    },
  );

  it("drops optional event fields that are explicitly undefined", () => {
    const event: ServerEvent = { type: "TextSegment", agent_id: "coder", text: "x", message_id: undefined };
    expect(toUiSseMessage(event, envelope)).toStrictEqual(
      frame({ kind: "text_segment", text: "x", agent_id: "coder" }),
    );
  });

  it("omits data for an event with no payload left", () => {
    expect(toUiSseMessage({ type: "StateUpdated" }, envelope)).toStrictEqual(
      frame({ kind: "run", phase: "sync" }),
    );
  });

  it("carries fields from a newer server in data", () => {
    const event = { type: "StateUpdated", future_field: { a: 1 } } as ServerEvent;
    expect(toUiSseMessage(event, envelope).data).toEqual({ future_field: { a: 1 } });
  });

  it("serializes to the seed's wire format with envelope fields first", () => {
    const message = toUiSseMessage(
      { type: "TextSegment", agent_id: "coder", text: "hi", session_id: "s" },
      envelope,
    );
    expect(JSON.stringify(message)).toBe(
      '{"id":"ev-7","seq":7,"rev":1,"ts_ms":1700000000000,"kind":"text_segment","text":"hi","agent_id":"coder","session_id":"s"}',
    );
  });

  it("writes a slim revision 2 token frame: no default id, no project root, no thinking: false", () => {
    const token: ServerEvent = {
      type: "Token",
      agent_id: "main",
      token: "Hello",
      done: false,
      thinking: false,
      message_id: "run_1.0",
      run_id: "run_1",
      session_id: "ses_1",
      project_root: "/home/me/project",
    };
    const slim = toUiSseMessage(token, { seq: 42, rev: 2, ts_ms: 1_700_000_000_000 });
    expect(JSON.stringify(slim)).toBe(
      '{"seq":42,"rev":2,"ts_ms":1700000000000,"kind":"token","text":"Hello","agent_id":"main","session_id":"ses_1","data":{"message_id":"run_1.0","run_id":"run_1"}}',
    );
    const full = toUiSseMessage(token, { id: "evt_42", seq: 42, rev: 1, ts_ms: 1_700_000_000_000 });
    expect(JSON.stringify(full).length - JSON.stringify(slim).length).toBeGreaterThan(60);
  });

  it("keeps a reasoning token's thinking: true in a revision 2 frame", () => {
    const token: ServerEvent = { type: "Token", agent_id: "main", token: "hm", done: false, thinking: true };
    expect(toUiSseMessage(token, { seq: 1, rev: 2, ts_ms: 1 }).data).toEqual({ thinking: true });
  });
});
