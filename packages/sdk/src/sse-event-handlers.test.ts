import { type AnyUiSseMessage, decodeUiSseMessage, fromUiSseMessage, toUiSseMessage } from "@parley/protocol";
import { describe, expect, it } from "vitest";
import { type FixtureFrame, fixture, fixtureState, framesOf } from "../test/support/server-fixture.ts";
import { chatReducer } from "./chat-reducer.ts";
import type { ChatMessage, SessionChatState } from "./chat-state.ts";
import { getMessagePhase } from "./message-phase.ts";
import { emptySessionState } from "./session-snapshot.ts";
import { handleSseMessage } from "./sse-event-handlers.ts";

const { first, second } = fixture.chats;

/** Applies frames the way the store does: each frame's actions once, by seq. */
function applyFrames(state: SessionChatState, frames: readonly FixtureFrame[]): SessionChatState {
  return frames.reduce((current, frame) => {
    const handled = handleSseMessage(frame.message);
    return chatReducer(current, { type: "APPLY_EVENT", seq: frame.seq, actions: handled.actions });
  }, state);
}

/** What a reader sees of the messages: who said what, in which turn and segments. */
function visible(messages: readonly ChatMessage[]) {
  return messages.map((message) => ({
    id: message.id,
    role: message.role,
    text: message.text,
    runId: message.runId,
    segments: message.segments?.map((segment) => [segment.id, segment.text, segment.streaming]),
    generating: message.isGenerating === true,
  }));
}

const frame = (fields: Partial<AnyUiSseMessage> & { kind: string }): AnyUiSseMessage => ({
  id: "evt_x",
  seq: 100,
  rev: 1,
  ts_ms: 1,
  ...fields,
});

/** The same frame as a revision 2 server writes it (slim: no default id, project root or thinking: false). */
function asSlimFrame(frame: FixtureFrame): FixtureFrame {
  const view = fromUiSseMessage(frame.message);
  if (view.kind === "unrecognized") return frame;
  const wire = JSON.stringify(
    toUiSseMessage(view.event, { seq: frame.seq, rev: 2, ts_ms: frame.message.ts_ms }),
  );
  const decoded = decodeUiSseMessage(wire);
  if (!decoded.success) throw new Error(decoded.error.message);
  return { ...frame, block: wire, message: decoded.value.message };
}

describe("event handlers on a real server's frames", () => {
  it("build the same conversation from slim revision 2 frames as from the recorded revision 1 frames", () => {
    const recorded = framesOf(first.session_id);
    expect(recorded.every((frame) => frame.message.rev === 1)).toBe(true);
    const full = applyFrames(emptySessionState(first.session_id), recorded);
    const slim = applyFrames(emptySessionState(first.session_id), recorded.map(asSlimFrame));
    expect(visible(slim.messages)).toEqual(visible(full.messages));
    expect(slim.messages.map((message) => message.thinkingText)).toEqual(
      full.messages.map((message) => message.thinkingText),
    );
    expect(slim).toEqual(full);
  });

  it("build a turn with a tool call and a mid-run message exactly as the stored snapshot shows it", () => {
    const live = applyFrames(emptySessionState(first.session_id), framesOf(first.session_id));
    const loaded = chatReducer(emptySessionState(first.session_id), {
      type: "LOAD_STATE",
      snapshot: fixtureState(first.session_id),
    });

    expect(visible(live.messages)).toEqual(visible(loaded.messages));
    expect(live.messages.map((message) => message.text)).toEqual([
      "What's the weather in Paris?",
      "Looking it up.",
      "Actually, Lisbon please.",
      "Switching to Lisbon.",
    ]);
    const [, lookup, , answer] = live.messages as ChatMessage[];
    expect(lookup).toMatchObject({
      thinkingText: "Let me look.",
      toolCount: 1,
      activityEntries: ["Calling lookup"],
    });
    expect(lookup?.activityItems).toEqual([
      expect.objectContaining({
        toolName: "lookup",
        label: "Calling lookup",
        state: "failed",
        durationMs: expect.any(Number),
      }),
    ]);
    expect(answer).toMatchObject({
      outcome: "success",
      durationMs: expect.any(Number),
      contextTokens: 15,
      messageCount: 4,
    });
    expect(live).toMatchObject({ busy: false, queue: [], appliedSeq: 18 });
    expect(live.contextUsage).toEqual({ messageCount: 4, estimatedTokens: 15, compressed: false });
  });

  it("move the turn through seed 002's phases: thinking, streaming, working, done", () => {
    const frames = framesOf(first.session_id);
    const phaseAfter = (seq: number) => {
      const state = applyFrames(
        emptySessionState(first.session_id),
        frames.filter((candidate) => candidate.seq <= seq),
      );
      return getMessagePhase(state.messages.find((message) => message.id === first.run_id) as ChatMessage);
    };
    expect(phaseAfter(1)).toBe("streaming");
    expect(phaseAfter(3)).toBe("thinking");
    expect(phaseAfter(5)).toBe("streaming");
    expect(phaseAfter(9)).toBe("working");
    expect(phaseAfter(10)).toBe("streaming");
    expect(phaseAfter(17)).toBe("done");
  });

  it("show the queued message in the queue until it is delivered", () => {
    const frames = framesOf(first.session_id);
    const queuedAt = applyFrames(
      emptySessionState(first.session_id),
      frames.filter((candidate) => candidate.seq <= 6),
    );
    expect(queuedAt.queue).toEqual([
      expect.objectContaining({
        id: fixture.chats.queued.queue_item_id,
        text: "Actually, Lisbon please.",
        agentId: "main",
      }),
    ]);
    const delivered = applyFrames(
      queuedAt,
      frames.filter((candidate) => candidate.seq > 6 && candidate.seq <= 12),
    );
    expect(delivered.queue).toEqual([]);
    expect(delivered.messages.some((message) => message.text === "Actually, Lisbon please.")).toBe(true);
  });

  it("replace the optimistic bubble with the server's message, keeping its place", () => {
    const bubble: ChatMessage = {
      id: "pending:cm-fixture-0001",
      role: "user",
      text: "What's the weather in Paris?",
      timestamp: "2026-11-21T00:00:00.000Z",
      clientMessageId: "cm-fixture-0001",
      pending: true,
    };
    const withBubble = chatReducer(emptySessionState(first.session_id), {
      type: "PUSH_MESSAGE",
      message: bubble,
    });
    const state = applyFrames(withBubble, framesOf(first.session_id).slice(0, 1));
    expect(state.messages.map((message) => [message.id, message.pending])).toEqual([
      [first.message_id, undefined],
      [first.run_id, undefined],
    ]);
  });

  it("drop the text of a broken model stream when it is retried, never showing it twice", () => {
    const frames = framesOf(second.session_id);
    const turnAfter = (seq: number) =>
      applyFrames(
        emptySessionState(second.session_id),
        frames.filter((candidate) => candidate.seq <= seq),
      ).messages.find((message) => message.id === second.run_id) as ChatMessage;
    expect(turnAfter(21).text).toBe("Partial ");
    expect(getMessagePhase(turnAfter(22))).toBe("working");
    expect(turnAfter(23)).toMatchObject({ text: "Full answer.", liveText: "Full answer." });
    expect(getMessagePhase(turnAfter(23))).toBe("streaming");

    const live = applyFrames(emptySessionState(second.session_id), frames);
    const loaded = chatReducer(emptySessionState(second.session_id), {
      type: "LOAD_STATE",
      snapshot: fixtureState(second.session_id),
    });
    expect(visible(live.messages)).toEqual(visible(loaded.messages));
  });

  it("ask the store to refetch for sync and resync, and to reload the rules when they change", () => {
    const renamed = framesOf(second.session_id).find(
      (candidate) => candidate.message.phase === "sync",
    ) as FixtureFrame;
    expect(handleSseMessage(renamed.message).effects).toEqual([{ type: "refetch_sessions" }]);
    expect(
      handleSseMessage(
        frame({ kind: "run", phase: "sync", session_id: "s", data: { reason: "messages_superseded" } }),
      ).effects,
    ).toEqual([{ type: "refetch_session", sessionId: "s" }]);
    expect(
      handleSseMessage(frame({ kind: "run", phase: "sync", data: { reason: "settings_changed" } })).effects,
    ).toEqual([{ type: "refetch_settings" }]);
    expect(
      handleSseMessage(
        frame({ kind: "run", phase: "resync", data: { reason: "cursor_expired", lagged_count: 3 } }),
      ).effects,
    ).toEqual([{ type: "refetch_session" }, { type: "refetch_sessions" }]);
    expect(
      handleSseMessage(frame({ kind: "run", phase: "sync", data: { reason: "permission_rules_changed" } }))
        .effects,
    ).toEqual([{ type: "permission_rules_changed" }]);
  });

  it("turn the other kinds into their actions, tool output into its call's latest progress", () => {
    const ask = handleSseMessage(
      frame({
        kind: "ask_user",
        agent_id: "main",
        session_id: "s",
        data: {
          question_id: "q1",
          questions: [{ question: "Which?", options: [{ label: "A", value: "a" }] }],
          run_id: "r",
        },
      }),
    );
    expect(ask).toEqual({
      sessionId: "s",
      effects: [],
      actions: [
        {
          type: "SET_ASK_USER",
          askUser: {
            questionId: "q1",
            agentId: "main",
            runId: "r",
            questions: [{ question: "Which?", options: [{ label: "A", value: "a" }] }],
          },
        },
      ],
    });
    const fallback = handleSseMessage(
      frame({
        kind: "model_fallback",
        agent_id: "main",
        data: { preferred: "opus", actual: "haiku", reason: "overloaded" },
      }),
    );
    expect(fallback.actions).toEqual([
      {
        type: "SET_MODEL_FALLBACK",
        fallback: { preferred: "opus", actual: "haiku", reason: "overloaded", atMs: 1 },
      },
    ]);
    const spawned = handleSseMessage(
      frame({
        kind: "run",
        phase: "subagent_spawned",
        agent_id: "main",
        data: { parent_id: "main", subagent_id: "sub", task: "dig" },
      }),
    );
    expect(spawned.actions).toEqual([
      {
        type: "ADD_SUBAGENT",
        agentId: "main",
        atMs: 1,
        entry: { subagentId: "sub", parentId: "main", task: "dig", done: false, startedAtMs: 1 },
      },
    ]);
    const progress = handleSseMessage(
      frame({
        kind: "tool_progress",
        agent_id: "main",
        text: "line",
        data: { tool: "bash", stream: "stdout" },
      }),
    );
    // Without its run and call it has nowhere to show.
    expect(progress).toEqual({ actions: [], effects: [] });
    const located = handleSseMessage(
      frame({
        kind: "tool_progress",
        agent_id: "main",
        text: "counted 2 (2/5)",
        data: { tool: "mcp__fixture__count", tool_use_id: "toolu_1", stream: "stdout", run_id: "run_1" },
      }),
    );
    expect(located.actions).toEqual([
      { type: "TOOL_PROGRESS", runId: "run_1", toolUseId: "toolu_1", line: "counted 2 (2/5)" },
    ]);
  });

  it("skip a kind from a newer server, or a payload that does not fit, with a warning instead of failing", () => {
    const unknown = handleSseMessage(frame({ kind: "hologram", data: { x: 1 } }));
    expect(unknown.actions).toEqual([]);
    expect(unknown.warning).toContain("unknown_kind");
    const broken = handleSseMessage(frame({ kind: "token", text: "x", data: { thinking: "not a boolean" } }));
    expect(broken.actions).toEqual([]);
    expect(broken.warning).toContain("invalid_event");
  });
});

describe("a ContextUpdate frame", () => {
  it("updates the WorkflowExecution card it names in place instead of adding a message", () => {
    const running = { workflow_name: "release", status: "Running", completed_steps: 0, total_steps: 2 };
    const card = frame({
      kind: "message",
      seq: 10,
      agent_id: "main",
      session_id: "s1",
      text: "release",
      data: {
        from: "main",
        to: "user",
        message_id: "m-wf",
        role: "assistant",
        rich: { kind: "WorkflowExecution", data: running },
      },
    });
    const update = frame({
      kind: "run",
      phase: "context_update",
      seq: 11,
      agent_id: "main",
      session_id: "s1",
      data: {
        message_id: "m-wf",
        rich: { kind: "WorkflowExecution", data: { ...running, status: "Paused", completed_steps: 1 } },
      },
    });
    const state = [card, update].reduce(
      (current, message) =>
        chatReducer(current, {
          type: "APPLY_EVENT",
          seq: message.seq,
          actions: handleSseMessage(message).actions,
        }),
      emptySessionState("s1"),
    );
    expect(state.messages).toHaveLength(1);
    expect(state.messages[0]?.cards).toEqual([
      {
        id: "m-wf",
        rich: { kind: "WorkflowExecution", data: { ...running, status: "Paused", completed_steps: 1 } },
      },
    ]);
  });
});

describe("a card outside any run", () => {
  it("announced again under the same id (an approval answered) replaces the card shown", () => {
    const card = (status: string, seq: number) =>
      frame({
        kind: "message",
        seq,
        agent_id: "workflow",
        session_id: "s1",
        text: "Run git push",
        data: {
          from: "workflow",
          to: "user",
          message_id: "m-approval",
          role: "assistant",
          rich: { kind: "ToolRequest", data: { tool_name: "Bash", approval_status: status } },
        },
      });
    const state = [card("Pending", 20), card("Approved", 21)].reduce(
      (current, message) =>
        chatReducer(current, {
          type: "APPLY_EVENT",
          seq: message.seq,
          actions: handleSseMessage(message).actions,
        }),
      emptySessionState("s1"),
    );
    expect(state.messages).toHaveLength(1);
    expect(state.messages[0]?.cards?.[0]?.rich.data).toEqual({
      tool_name: "Bash",
      approval_status: "Approved",
    });
  });
});

describe("a plain text message", () => {
  // Servers since issue 18 send a plain message's text once (`text`); older ones also sent it in `data.rich`.
  const message = (seq: number, data: Record<string, unknown>, withRich: boolean, text: string) =>
    frame({
      kind: "message",
      seq,
      agent_id: "main",
      session_id: "s1",
      text,
      data: { ...data, ...(withRich && { rich: { kind: "Text", data: { text } } }) },
    });
  const conversation = (withRich: boolean) => [
    message(1, { from: "user", to: "main", message_id: "m1", role: "user", run_id: "r1" }, withRich, "Hi"),
    message(
      2,
      { from: "main", to: "user", message_id: "m2", role: "assistant", run_id: "r1" },
      withRich,
      "Hello",
    ),
    message(3, { from: "parley", to: "user", message_id: "m3", role: "system" }, withRich, "Mode: plan"),
  ];
  const stateOf = (frames: AnyUiSseMessage[]) =>
    frames.reduce(
      (current, next) =>
        chatReducer(current, { type: "APPLY_EVENT", seq: next.seq, actions: handleSseMessage(next).actions }),
      emptySessionState("s1"),
    );

  it("reads the same from a new server's frame (text once) as from an old one's (text also in rich)", () => {
    const fromNew = stateOf(conversation(false));
    expect(fromNew).toEqual(stateOf(conversation(true)));
    expect(visible(fromNew.messages)).toEqual([
      { id: "m1", role: "user", text: "Hi", runId: "r1", segments: undefined, generating: false },
      {
        id: "r1",
        role: "agent",
        text: "Hello",
        runId: "r1",
        segments: [["m2", "Hello", false]],
        generating: true,
      },
      {
        id: "m3",
        role: "agent",
        text: "Mode: plan",
        runId: undefined,
        segments: undefined,
        generating: false,
      },
    ]);
  });
});
