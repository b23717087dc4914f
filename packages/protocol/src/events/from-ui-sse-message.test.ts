import { describe, expect, it } from "vitest";
import { fromUiSseMessage, type UiSseView } from "./from-ui-sse-message.ts";
import type { ServerEvent } from "./server-event.ts";
import { toUiSseMessage } from "./to-ui-sse-message.ts";
import type { AnyUiSseMessage } from "./ui-sse-message.ts";

const envelope = { id: "ev-1", seq: 1, rev: 1, ts_ms: 1_700_000_000_000 };
type FrameBody = Pick<AnyUiSseMessage, "kind"> &
  Partial<Pick<AnyUiSseMessage, "phase" | "text" | "agent_id" | "session_id" | "project_root" | "data">>;
const frame = (body: FrameBody): AnyUiSseMessage => ({ ...envelope, ...body });

/** A handler in the style of the web UI: switches on kind, then phase, and reads typed fields. */
function describeView(view: UiSseView): string {
  switch (view.kind) {
    case "run":
      switch (view.phase) {
        case "outcome":
          return `run ${view.event.run_id} ended: ${view.event.outcome}`;
        case "subagent_spawned":
          return `${view.event.parent_id} spawned ${view.event.subagent_id}`;
        default:
          return `refetch (${view.phase})`;
      }
    case "token":
      return `${view.event.thinking ? "thinking" : "text"} ${JSON.stringify(view.event.token)}${view.event.done ? " (done)" : ""}`;
    case "activity":
      return view.event.type === "AgentStatus"
        ? `${view.event.agent_id} ${view.phase} ${view.event.status}`
        : `${view.event.agent_id} woke up in ${view.event.project_root}`;
    case "ask_user":
      return `${view.event.question_id}: ${view.event.questions.map((question) => question.question).join(" / ")}`;
    case "unrecognized":
      return `skipped (${view.reason})`;
    default:
      return view.kind;
  }
}

describe("fromUiSseMessage", () => {
  it("gives handlers the typed event of each kind and phase", () => {
    const events: ServerEvent[] = [
      { type: "Outcome", agent_id: "coder", run_id: "run-1", outcome: "interrupted" },
      { type: "SubagentSpawned", parent_id: "coder", subagent_id: "explorer", task: "look" },
      { type: "Resync", reason: "lagged", lagged_count: 3 },
      { type: "Token", agent_id: "coder", token: "Hi", done: true, thinking: false },
      { type: "AgentStatus", agent_id: "coder", status: "working", lifecycle: "done" },
      { type: "IdlePromptTriggered", agent_id: "coder", project_root: "/p" },
      {
        type: "AskUser",
        agent_id: "coder",
        question_id: "q-1",
        questions: [{ question: "Go?", options: [] }],
      },
    ];
    expect(events.map((event) => describeView(fromUiSseMessage(toUiSseMessage(event, envelope))))).toEqual([
      "run run-1 ended: interrupted",
      "coder spawned explorer",
      "refetch (resync)",
      'text "Hi" (done)',
      "coder done working",
      "coder woke up in /p",
      "q-1: Go?",
    ]);
  });

  it("rebuilds the event from the top-level fields, text, phase and data", () => {
    const view = fromUiSseMessage(
      frame({
        kind: "activity",
        phase: "doing",
        text: "Reading file.ts",
        agent_id: "coder",
        session_id: "s-1",
        data: { status: "calling_tool", tool_name: "Read" },
      }),
    );
    expect(view).toMatchObject({
      kind: "activity",
      phase: "doing",
      event: {
        type: "AgentStatus",
        agent_id: "coder",
        session_id: "s-1",
        status: "calling_tool",
        detail: "Reading file.ts",
        lifecycle: "doing",
        tool_name: "Read",
      },
    });
  });

  it("decodes a frame without data when the event needs no payload", () => {
    const view = fromUiSseMessage(frame({ kind: "run", phase: "sync" }));
    expect(view).toMatchObject({ kind: "run", phase: "sync", event: { type: "StateUpdated" } });
  });

  it("keeps fields a newer server adds to data", () => {
    const view = fromUiSseMessage(
      frame({ kind: "run", phase: "sync", data: { reason: "x", added_later: [1] } }),
    );
    expect(view.kind === "run" && view.event).toEqual({
      type: "StateUpdated",
      reason: "x",
      added_later: [1],
    });
  });

  it("flags a kind from a newer server as unknown instead of failing", () => {
    const message = frame({ kind: "pet_speak", text: "hello" });
    expect(fromUiSseMessage(message)).toEqual({ kind: "unrecognized", reason: "unknown_kind", message });
  });

  it("flags an unknown run phase, since run frames are told apart by phase", () => {
    const message = frame({ kind: "run", phase: "budget_warning", data: {} });
    expect(fromUiSseMessage(message)).toEqual({ kind: "unrecognized", reason: "unknown_phase", message });
  });

  it("flags a token frame with a phase other than done", () => {
    const message = frame({
      kind: "token",
      phase: "start",
      text: "x",
      agent_id: "a",
      data: { thinking: false },
    });
    expect(fromUiSseMessage(message)).toMatchObject({ kind: "unrecognized", reason: "unknown_phase" });
  });

  it("ignores a phase on kinds that have none in the table", () => {
    const view = fromUiSseMessage(
      frame({ kind: "text_segment", phase: "final", text: "hello", agent_id: "coder" }),
    );
    expect(view).toMatchObject({
      kind: "text_segment",
      phase: undefined,
      event: { type: "TextSegment", agent_id: "coder", text: "hello" },
    });
  });

  it("names the missing field when a frame lacks what its event requires", () => {
    const view = fromUiSseMessage(frame({ kind: "token", agent_id: "coder", data: { thinking: false } }));
    expect(view.kind).toBe("unrecognized");
    if (view.kind !== "unrecognized") return;
    expect(view.reason).toBe("invalid_event");
    expect(view.error?.issues.map((issue) => issue.path)).toEqual(["token"]);
  });

  it("rejects data that is not a JSON object", () => {
    const view = fromUiSseMessage(frame({ kind: "run", phase: "sync", data: ["not", "an", "object"] }));
    expect(view).toMatchObject({
      kind: "unrecognized",
      reason: "invalid_event",
      error: { issues: [{ path: "data" }] },
    });
  });

  it("does not take an idle-prompt marker on a finished activity for an IdlePromptTriggered event", () => {
    const view = fromUiSseMessage(
      frame({
        kind: "activity",
        phase: "done",
        agent_id: "coder",
        data: { status: "idle_prompt_triggered" },
      }),
    );
    expect(view).toMatchObject({ kind: "unrecognized", reason: "invalid_event" });
  });

  it("rebuilds the same token from a revision 1 frame and a slim revision 2 frame", () => {
    const token: ServerEvent = {
      type: "Token",
      agent_id: "main",
      token: "Hello",
      done: false,
      thinking: false,
      message_id: "run_1.0",
      run_id: "run_1",
      session_id: "ses_1",
    };
    const full = fromUiSseMessage(toUiSseMessage(token, { id: "evt_3", seq: 3, rev: 1, ts_ms: 5 }));
    const slim = fromUiSseMessage(toUiSseMessage(token, { seq: 3, rev: 2, ts_ms: 5 }));
    expect(full.kind === "token" && full.event).toStrictEqual(token);
    expect(slim.kind === "token" && slim.event).toStrictEqual(token);
  });
});
