import { toUiSseMessage } from "@parley/protocol";
import { describe, expect, it } from "vitest";
import { IDLE_PROMPT_ACTIVITY } from "./idle-prompt-actions.ts";
import { handleSseMessage } from "./sse-event-handlers.ts";

const envelope = { id: "evt_9", seq: 9, rev: 1, ts_ms: 1_700_000_000_000 };

describe("an idle prompt in the chat", () => {
  it("shows on the turn it started as that turn's activity", () => {
    const frame = toUiSseMessage(
      {
        type: "IdlePromptTriggered",
        agent_id: "main",
        project_root: "/p",
        session_id: "s1",
        run_id: "run_7",
      },
      envelope,
    );
    expect(frame).toMatchObject({ kind: "activity", phase: "doing", data: { run_id: "run_7" } });
    expect(handleSseMessage(frame).actions).toEqual([
      {
        type: "SET_ACTIVITY",
        runId: "run_7",
        agentId: "main",
        atMs: envelope.ts_ms,
        detail: IDLE_PROMPT_ACTIVITY,
        status: "working",
      },
    ]);
  });

  it("changes nothing when no run was started", () => {
    const frame = toUiSseMessage(
      { type: "IdlePromptTriggered", agent_id: "main", project_root: "/p" },
      envelope,
    );
    expect(handleSseMessage(frame)).toMatchObject({ actions: [], effects: [] });
    expect(handleSseMessage(frame).warning).toBeUndefined();
  });
});
