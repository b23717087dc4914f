import type { SessionState, StoredMessage } from "@parley/protocol";
import { describe, expect, it } from "vitest";
import type { ChatAction } from "./chat-actions.ts";
import { chatReducer } from "./chat-reducer.ts";
import type { ChatMessage, QueuedChatMessage, SessionChatState } from "./chat-state.ts";
import { getMessagePhase } from "./message-phase.ts";
import { emptySessionState } from "./session-snapshot.ts";

const at = 1_800_000_000_000;
const turn = { runId: "run_1", agentId: "main", atMs: at };

function reduce(state: SessionChatState, ...actions: ChatAction[]): SessionChatState {
  return actions.reduce(chatReducer, state);
}

function queued(id: string, text: string, extra: Partial<QueuedChatMessage> = {}): QueuedChatMessage {
  return { id, text, textLength: text.length, truncated: false, queuedAtMs: at, ...extra };
}

function user(id: string, text: string, extra: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id,
    role: "user",
    from: "user",
    to: "main",
    text,
    timestamp: new Date(at).toISOString(),
    timestampMs: at,
    ...extra,
  };
}

function startRun(runId = "run_1", text = "Hello?", messageId = "msg_1"): ChatAction[] {
  return [
    { type: "PUSH_MESSAGE", message: user(messageId, text, { runId }) },
    {
      type: "PUSH_MESSAGE",
      message: {
        id: runId,
        role: "agent",
        from: "main",
        text: "",
        timestamp: "",
        timestampMs: at,
        isGenerating: true,
        runId,
      },
    },
  ];
}

function token(
  text: string,
  options: { thinking?: boolean; segment?: string; done?: boolean } = {},
): ChatAction {
  return {
    type: "APPEND_TOKEN",
    ...turn,
    segmentId: options.segment ?? "run_1.0",
    token: text,
    thinking: options.thinking ?? false,
    ...(options.done && { done: true }),
  };
}

function stored(
  position: number,
  role: StoredMessage["role"],
  text: string,
  runId: string | null,
  id = `m${position}`,
): StoredMessage {
  return {
    id,
    session_id: "ses_1",
    position,
    agent_id: "main",
    role,
    rich: { kind: "Text", data: { text } },
    run_id: runId,
    created_at_ms: at + position,
  };
}

function snapshot(overrides: Partial<SessionState> = {}): SessionState {
  return {
    session: { id: "ses_1", title: "t", project_root: "/p", created_at_ms: at, updated_at_ms: at },
    messages: [],
    has_more_messages: false,
    queue: [],
    pending_questions: [],
    agents: [{ agent_id: "main", processing: false, run_id: null, started_at_ms: null }],
    streaming: [],
    runs: [],
    head_seq: 40,
    ...overrides,
  };
}

const empty = emptySessionState("ses_1");
const agentTurn = (state: SessionChatState, id = "run_1") =>
  state.messages.find((message) => message.id === id) as ChatMessage;

describe("chatReducer: token streaming", () => {
  it("streams tokens into the run's turn, showing the text as it grows", () => {
    const state = reduce(empty, ...startRun(), token("Hel"), token("lo"));
    const answer = agentTurn(state);

    expect(state.messages.map((message) => message.id)).toEqual(["msg_1", "run_1"]);
    expect(answer).toMatchObject({ text: "Hello", liveText: "Hello", isGenerating: true });
    expect(answer.segments).toEqual([{ id: "run_1.0", text: "Hello", streaming: true }]);
    expect(getMessagePhase(answer)).toBe("streaming");
  });

  it("keeps every other message object (and the state itself when nothing changes) identical", () => {
    const before = reduce(
      empty,
      ...startRun("run_0", "First", "msg_0"),
      { type: "FINALIZE_MESSAGE", runId: "run_0", outcome: "success" },
      ...startRun(),
    );
    const after = chatReducer(before, token("Hi"));

    expect(after.messages[0]).toBe(before.messages[0]);
    expect(after.messages[1]).toBe(before.messages[1]);
    expect(after.messages[2]).toBe(before.messages[2]);
    expect(after.messages[3]).not.toBe(before.messages[3]);
    expect(after.queue).toBe(before.queue);
    expect(chatReducer(after, { type: "SET_THINKING", ...turn, thinking: false })).toBe(after);
  });

  it("applies a burst of tokens as one batch with the same result as one by one", () => {
    const started = reduce(empty, ...startRun());
    const tokens = Array.from({ length: 200 }, (_, index) => token(`t${index} `));
    const oneByOne = reduce(started, ...tokens);
    const batched = chatReducer(started, { type: "BATCH", actions: tokens });

    expect(batched).toEqual(oneByOne);
    expect(batched.messages[0]).toBe(started.messages[0]);
    expect(agentTurn(batched).text).toBe(
      tokens.map((action) => (action as { token: string }).token).join(""),
    );
  });

  it("shows thinking separately and switches to streaming when the answer's text starts", () => {
    const thinking = reduce(
      empty,
      ...startRun(),
      { type: "SET_THINKING", ...turn, thinking: true },
      token("Hmm.", { thinking: true }),
    );
    expect(agentTurn(thinking)).toMatchObject({ isThinking: true, thinkingText: "Hmm.", text: "" });
    expect(getMessagePhase(agentTurn(thinking))).toBe("thinking");

    const answering = chatReducer(thinking, token("Yes."));
    expect(agentTurn(answering).isThinking).toBeUndefined();
    expect(agentTurn(answering)).toMatchObject({ thinkingText: "Hmm.", text: "Yes." });
    expect(getMessagePhase(agentTurn(answering))).toBe("streaming");
  });

  it("drops the text of a segment whose model request was retried, then continues it afresh", () => {
    const state = reduce(
      empty,
      ...startRun(),
      token("Partial ", { thinking: false }),
      token("idea", { thinking: true }),
      { type: "RESET_SEGMENT", ...turn, segmentId: "run_1.0" },
      token("Full answer."),
    );
    expect(agentTurn(state).segments).toEqual([{ id: "run_1.0", text: "Full answer.", streaming: true }]);
    expect(agentTurn(state).text).toBe("Full answer.");
    expect(agentTurn(state).thinkingText).toBeUndefined();
  });

  it("ends a segment on its done token and replaces it with the finalized text segment", () => {
    const state = reduce(empty, ...startRun(), token("Draft"), token("", { done: true }));
    expect(agentTurn(state).segments?.[0]?.streaming).toBe(false);
    expect(agentTurn(state).liveText).toBeUndefined();

    const final = chatReducer(state, {
      type: "PUSH_TEXT_SEGMENT",
      ...turn,
      segmentId: "run_1.0",
      text: "Final",
    });
    const next = chatReducer(final, {
      type: "PUSH_TEXT_SEGMENT",
      ...turn,
      segmentId: "run_1.1",
      text: "More",
    });
    expect(agentTurn(next).segments).toEqual([
      { id: "run_1.0", text: "Final", streaming: false },
      { id: "run_1.1", text: "More", streaming: false },
    ]);
    expect(agentTurn(next).text).toBe("Final\n\nMore");
  });
});

describe("chatReducer: message lifecycle", () => {
  it("confirms an optimistic bubble in place when the server's message has its client id", () => {
    const pending = user("pending:c1", "Hi", { clientMessageId: "cm-00000001", pending: true });
    const state = reduce(
      empty,
      { type: "PUSH_MESSAGE", message: pending },
      {
        type: "PUSH_MESSAGE",
        message: user("msg_9", "Hi", { clientMessageId: "cm-00000001", runId: "run_1" }),
      },
    );
    expect(state.messages).toEqual([user("msg_9", "Hi", { clientMessageId: "cm-00000001", runId: "run_1" })]);
  });

  it("ignores a message it already shows", () => {
    const once = reduce(empty, ...startRun());
    expect(reduce(once, ...startRun())).toEqual(once);
  });

  it("puts every prompt a run starts with above the run's still-empty turn", () => {
    const state = reduce(empty, ...startRun("run_1", "one", "msg_1"), ...startRun("run_1", "two", "msg_2"));
    expect(state.messages.map((message) => message.id)).toEqual(["msg_1", "msg_2", "run_1"]);
    expect(state).toMatchObject({ busy: true, activeRunId: "run_1" });
  });

  it("answers a message delivered mid-run in a new turn below it", () => {
    const state = reduce(
      empty,
      ...startRun(),
      token("Looking."),
      ...startRun("run_1", "Lisbon instead", "msg_2"),
      token("Lisbon!", { segment: "run_1.1" }),
    );
    expect(state.messages.map((message) => message.id)).toEqual(["msg_1", "run_1", "msg_2", "run_1~msg_2"]);
    expect(agentTurn(state).isGenerating).toBeUndefined();
    expect(agentTurn(state, "run_1~msg_2")).toMatchObject({ text: "Lisbon!", isGenerating: true });
  });

  it("finalizes every turn of the run with its outcome and frees the agent", () => {
    const state = reduce(
      empty,
      ...startRun(),
      token("Partial"),
      { type: "SET_ACTIVITY", ...turn, detail: "Calling grep", toolUseId: "t1" },
      {
        type: "FINALIZE_MESSAGE",
        runId: "run_1",
        outcome: "cancelled",
        error: "cancelled by the user",
        durationMs: 42,
      },
    );
    const answer = agentTurn(state);
    expect(answer).toMatchObject({
      outcome: "cancelled",
      error: "cancelled by the user",
      durationMs: 42,
      text: "Partial",
    });
    expect(answer.isGenerating).toBeUndefined();
    expect(answer.segments?.[0]?.streaming).toBe(false);
    expect(answer.activityItems?.[0]?.state).toBe("done");
    expect(getMessagePhase(answer)).toBe("done");
    expect(state.busy).toBe(false);
    expect(state.activeRunId).toBeUndefined();
  });

  it("drops an empty follow-up turn when the run ends before answering it", () => {
    const state = reduce(empty, ...startRun(), token("Done."), ...startRun("run_1", "thanks", "msg_2"), {
      type: "FINALIZE_MESSAGE",
      runId: "run_1",
      outcome: "success",
    });
    expect(state.messages.map((message) => message.id)).toEqual(["msg_1", "run_1", "msg_2"]);
    expect(agentTurn(state).outcome).toBe("success");
  });

  it("clears all messages", () => {
    const state = reduce(empty, ...startRun(), { type: "CLEAR_MESSAGES" });
    expect(state.messages).toEqual([]);
  });
});

describe("chatReducer: activity and run events", () => {
  it("lists tool calls as activity, working while one runs and streaming once it is done", () => {
    const running = reduce(
      empty,
      ...startRun(),
      { type: "SET_ACTIVITY", ...turn, detail: "Model loading...", status: "model_loading" },
      {
        type: "SET_ACTIVITY",
        ...turn,
        detail: "Calling read_file",
        toolUseId: "t1",
        toolName: "read_file",
        startedAtMs: at,
      },
    );
    expect(agentTurn(running)).toMatchObject({
      activitySummary: "Calling read_file",
      activityEntries: ["Calling read_file"],
      toolCount: 1,
    });
    expect(getMessagePhase(agentTurn(running))).toBe("working");

    // The running call shows its latest progress (an MCP server's notification, a command's output line).
    const reporting = reduce(
      running,
      { type: "TOOL_PROGRESS", runId: "run_1", toolUseId: "t1", line: "counted 1 (1/3)" },
      { type: "TOOL_PROGRESS", runId: "run_1", toolUseId: "t1", line: "counted 2 (2/3)" },
      { type: "TOOL_PROGRESS", runId: "run_1", toolUseId: "unknown", line: "ignored" },
    );
    expect(agentTurn(reporting).activityItems?.[0]?.progress).toBe("counted 2 (2/3)");

    const finished = chatReducer(reporting, {
      type: "ACTIVITY_DONE",
      runId: "run_1",
      toolUseId: "t1",
      failed: true,
      durationMs: 12,
    });
    expect(agentTurn(finished).activityItems).toEqual([
      {
        toolUseId: "t1",
        toolName: "read_file",
        label: "Calling read_file",
        state: "failed",
        startedAtMs: at,
        durationMs: 12,
      },
    ]);
    expect(agentTurn(finished).activitySummary).toBeUndefined();
    expect(getMessagePhase(agentTurn(finished))).toBe("streaming");
  });

  it("never counts a transient status as work", () => {
    const state = reduce(empty, ...startRun(), { type: "SET_ACTIVITY", ...turn, detail: "Model loading..." });
    expect(agentTurn(state).activitySummary).toBe("Model loading...");
    expect(getMessagePhase(agentTurn(state))).toBe("streaming");
  });

  it("records context usage on the session and on the run's turn", () => {
    const usage = { messageCount: 4, estimatedTokens: 1200, compressed: false, contextWindow: 200_000 };
    const state = reduce(empty, ...startRun(), { type: "SET_CONTEXT_USAGE", usage, runId: "run_1" });
    expect(state.contextUsage).toEqual(usage);
    expect(agentTurn(state)).toMatchObject({ contextTokens: 1200, messageCount: 4 });
  });

  it("grows the running turn's subagent tree and marks a subagent done", () => {
    const entry = { subagentId: "sub_1", parentId: "main", task: "search", done: false };
    const state = reduce(
      empty,
      ...startRun(),
      { type: "ADD_SUBAGENT", entry, agentId: "main", atMs: at },
      {
        type: "MARK_SUBAGENT_DONE",
        subagentId: "sub_1",
        outcome: "success",
      },
    );
    expect(agentTurn(state).subagentTree).toEqual([{ ...entry, done: true, outcome: "success" }]);
  });

  it("sets the plan on the session and on the run's turn", () => {
    const plan = { steps: [{ title: "look" }] };
    const state = reduce(empty, ...startRun(), { type: "SET_PLAN", plan, runId: "run_1" });
    expect(state.plan).toEqual(plan);
    expect(agentTurn(state).plan).toEqual(plan);
  });

  it("stores and clears the pending question, and records a model fallback", () => {
    const askUser = { questionId: "q1", agentId: "main", questions: [{ question: "Which?", options: [] }] };
    const asked = reduce(empty, { type: "SET_ASK_USER", askUser });
    expect(asked.askUser).toEqual(askUser);
    expect("askUser" in chatReducer(asked, { type: "SET_ASK_USER", askUser: undefined })).toBe(false);

    const fallback = { preferred: "a", actual: "b", reason: "rate limited", atMs: at };
    expect(chatReducer(empty, { type: "SET_MODEL_FALLBACK", fallback }).modelFallback).toEqual(fallback);
  });

  it("adds typed cards to the run's turn, replacing one with the same id", () => {
    const card = { id: "c1", rich: { kind: "Plan", data: { title: "v1" } } };
    const state = reduce(
      empty,
      ...startRun(),
      { type: "PUSH_CARD", ...turn, card },
      {
        type: "PUSH_CARD",
        ...turn,
        card: { ...card, rich: { kind: "Plan", data: { title: "v2" } } },
      },
    );
    expect(agentTurn(state).cards).toEqual([{ id: "c1", rich: { kind: "Plan", data: { title: "v2" } } }]);
  });
});

describe("chatReducer: what a real client needs", () => {
  it("loads a snapshot: bubbles, one turn per run with its segments, and the running turn mid-stream", () => {
    const state = chatReducer(empty, {
      type: "LOAD_STATE",
      snapshot: snapshot({
        messages: [
          stored(3, "user", "Q1", "run_a"),
          stored(4, "assistant", "A1", "run_a"),
          stored(5, "assistant", "A2", "run_a"),
          stored(6, "user", "Q2", "run_b"),
        ],
        has_more_messages: true,
        agents: [{ agent_id: "main", processing: true, run_id: "run_b", started_at_ms: at }],
        streaming: [
          { agent_id: "main", run_id: "run_b", message_id: "run_b.0", text: "Half an ans", thinking: "" },
        ],
        queue: [
          {
            id: "q_1",
            preview: "later",
            text_length: 5,
            truncated: false,
            queued_at_ms: at,
            client_message_id: "cm-00000009",
          },
        ],
        pending_questions: [
          { question_id: "qq", agent_id: "main", run_id: "run_b", questions: [], asked_at_ms: at },
        ],
      }),
    });
    expect(state.messages.map((message) => [message.id, message.role, message.text])).toEqual([
      ["m3", "user", "Q1"],
      ["run_a", "agent", "A1\n\nA2"],
      ["m6", "user", "Q2"],
      ["run_b", "agent", "Half an ans"],
    ]);
    expect(agentTurn(state, "run_a").isGenerating).toBeUndefined();
    expect(agentTurn(state, "run_b")).toMatchObject({ isGenerating: true, liveText: "Half an ans" });
    expect(state).toMatchObject({
      busy: true,
      activeRunId: "run_b",
      appliedSeq: 40,
      hasOlder: true,
      oldestPosition: 3,
    });
    expect(state.queue).toEqual([
      {
        id: "q_1",
        text: "later",
        textLength: 5,
        truncated: false,
        queuedAtMs: at,
        clientMessageId: "cm-00000009",
      },
    ]);
    expect(state.askUser).toEqual({ questionId: "qq", agentId: "main", questions: [], runId: "run_b" });
  });

  it("keeps an unconfirmed bubble across a snapshot load", () => {
    const pending = user("pending:x", "sending…", { clientMessageId: "cm-0000000x", pending: true });
    const state = reduce(
      empty,
      { type: "PUSH_MESSAGE", message: pending },
      {
        type: "LOAD_STATE",
        snapshot: snapshot({ messages: [stored(0, "user", "old", "run_0")] }),
      },
    );
    expect(state.messages.map((message) => message.id)).toEqual(["m0", "pending:x"]);
  });

  it("prepends an older page, joining a run the page boundary cut in two", () => {
    const loaded = chatReducer(empty, {
      type: "LOAD_STATE",
      snapshot: snapshot({
        messages: [stored(2, "assistant", "second half", "run_a"), stored(3, "user", "next", "run_b")],
        has_more_messages: true,
      }),
    });
    const state = chatReducer(loaded, {
      type: "LOAD_OLDER",
      messages: [stored(0, "user", "question", "run_a"), stored(1, "assistant", "first half", "run_a")],
      hasOlder: false,
    });
    expect(state.messages.map((message) => [message.id, message.text])).toEqual([
      ["m0", "question"],
      ["run_a", "first half\n\nsecond half"],
      ["m3", "next"],
    ]);
    expect(state).toMatchObject({ hasOlder: false, oldestPosition: 0 });
    expect(state.messages[2]).toBe(loaded.messages[1]);
  });

  it("sets an agent's queue and takes queued messages' bubbles out of the chat", () => {
    const pending = user("pending:q", "queued one", { clientMessageId: "cm-0000000q", pending: true });
    const state = reduce(
      empty,
      { type: "PUSH_MESSAGE", message: pending },
      {
        type: "SET_QUEUE",
        agentId: "main",
        items: [queued("q_1", "queued one", { clientMessageId: "cm-0000000q" })],
      },
    );
    expect(state.messages).toEqual([]);
    expect(state.queue).toEqual([
      { ...queued("q_1", "queued one", { clientMessageId: "cm-0000000q" }), agentId: "main" },
    ]);
    expect(chatReducer(state, { type: "SET_QUEUE", agentId: "main", items: [] }).queue).toEqual([]);
  });

  it("applies queue changes one at a time: added once, then removed, delivered or cleared", () => {
    const pending = user("pending:q", "second", { clientMessageId: "cm-0000000q", pending: true });
    const change = (kind: "added" | "removed" | "delivered" | "cleared", ...items: QueuedChatMessage[]) => ({
      type: "APPLY_QUEUE_CHANGE" as const,
      agentId: "main",
      change: kind,
      items,
    });
    const first = queued("q_1", "first");
    const second = queued("q_2", "second", { clientMessageId: "cm-0000000q" });
    const long = queued("q_3", "x".repeat(200), { textLength: 99_000, truncated: true });
    let state = reduce(
      empty,
      { type: "PUSH_MESSAGE", message: pending },
      change("added", first),
      change("added", second),
      change("added", second),
      change("added", long),
    );
    // The bubble of a message the server queued leaves the chat; a repeated event adds nothing.
    expect(state.messages).toEqual([]);
    expect(state.queue.map((item) => [item.id, item.truncated, item.textLength])).toEqual([
      ["q_1", false, 5],
      ["q_2", false, 6],
      ["q_3", true, 99_000],
    ]);
    state = reduce(state, change("removed", second));
    expect(state.queue.map((item) => item.id)).toEqual(["q_1", "q_3"]);
    state = reduce(state, change("delivered", first));
    expect(state.queue.map((item) => item.id)).toEqual(["q_3"]);
    state = reduce(state, change("added", first), change("cleared"));
    expect(state.queue).toEqual([]);
  });

  it("confirms, fails and removes optimistic bubbles by client id", () => {
    const bubble = (id: string) => user(`pending:${id}`, id, { clientMessageId: id, pending: true });
    const state = reduce(
      empty,
      { type: "PUSH_MESSAGE", message: bubble("cm-0000000a") },
      { type: "PUSH_MESSAGE", message: bubble("cm-0000000b") },
      { type: "PUSH_MESSAGE", message: bubble("cm-0000000c") },
      { type: "CONFIRM_MESSAGE", clientMessageId: "cm-0000000a", messageId: "msg_a", runId: "run_1" },
      { type: "FAIL_MESSAGE", clientMessageId: "cm-0000000b", error: "offline" },
      { type: "REMOVE_MESSAGE", clientMessageId: "cm-0000000c" },
    );
    expect(state.messages).toEqual([
      user("msg_a", "cm-0000000a", { clientMessageId: "cm-0000000a", runId: "run_1" }),
      user("pending:cm-0000000b", "cm-0000000b", { clientMessageId: "cm-0000000b", error: "offline" }),
    ]);
  });

  it("drops a confirmed bubble whose message the server's event already showed", () => {
    const state = reduce(
      empty,
      {
        type: "PUSH_MESSAGE",
        message: user("pending:z", "Hi", { clientMessageId: "cm-0000000z", pending: true }),
      },
      { type: "PUSH_MESSAGE", message: user("msg_z", "Hi", { runId: "run_1" }) },
      { type: "CONFIRM_MESSAGE", clientMessageId: "cm-0000000z", messageId: "msg_z" },
    );
    expect(state.messages.map((message) => message.id)).toEqual(["msg_z"]);
  });

  it("applies an event once: a seq at or below the applied one changes nothing", () => {
    const first = chatReducer(empty, { type: "APPLY_EVENT", seq: 7, actions: startRun() });
    const again = chatReducer(first, { type: "APPLY_EVENT", seq: 7, actions: [token("dup")] });
    const older = chatReducer(first, { type: "APPLY_EVENT", seq: 3, actions: [token("old")] });
    const newer = chatReducer(first, { type: "APPLY_EVENT", seq: 8, actions: [token("new")] });

    expect(first.appliedSeq).toBe(7);
    expect(again).toBe(first);
    expect(older).toBe(first);
    expect(agentTurn(newer).text).toBe("new");
    expect(newer.appliedSeq).toBe(8);
  });
});
