import { describe, expect, it } from "vitest";
import type { ChatAction } from "./chat-actions.ts";
import { chatReducer } from "./chat-reducer.ts";
import type { MessageCard, SessionChatState } from "./chat-state.ts";
import { orderedParts } from "./session-selectors.ts";
import { emptySessionState } from "./session-snapshot.ts";

const at = 1_800_000_000_000;
const target = { runId: "run_1", agentId: "main", atMs: at };

function reduce(state: SessionChatState, ...actions: ChatAction[]): SessionChatState {
  return actions.reduce(chatReducer, state);
}

const user = (id: string, runId: string): ChatAction => ({
  type: "PUSH_MESSAGE",
  message: { id, role: "user", text: id, timestamp: "", timestampMs: at, runId },
});

const question = (status: string, answers?: string[]): MessageCard => ({
  id: "msg_question",
  rich: {
    kind: "Question",
    data: {
      question: "Which?",
      options: [{ label: "A", value: "a" }],
      question_id: "q_1",
      status,
      ...(answers !== undefined && { answers }),
    },
  },
});

const plan = (extra: Record<string, unknown> = {}): MessageCard => ({
  id: "msg_plan",
  rich: {
    kind: "Plan",
    data: {
      goal: "Ship",
      steps: [{ step_number: 1, action: "Build", reason: "so" }],
      status: "proposed",
      ...extra,
    },
  },
});

describe("cards announced again", () => {
  it("replace the card where it is, even after a later message of the run started a new turn", () => {
    const state = reduce(
      emptySessionState("s"),
      user("msg_1", "run_1"),
      { type: "PUSH_CARD", ...target, card: question("pending") },
      user("msg_2", "run_1"),
      { type: "PUSH_TEXT_SEGMENT", ...target, segmentId: "seg_2", text: "Thanks." },
      { type: "PUSH_CARD", ...target, card: question("answered", ["a"]) },
    );
    expect(state.messages.map((message) => [message.id, message.cards?.length])).toEqual([
      ["msg_1", undefined],
      ["run_1", 1],
      ["msg_2", undefined],
      ["run_1~msg_2", undefined],
    ]);
    expect(state.messages[1]?.cards?.[0]?.rich.data).toMatchObject({ status: "answered", answers: ["a"] });
  });

  it("of a run older than the loaded page are dropped, not shown as a new turn", () => {
    const paged = { ...emptySessionState("s"), hasOlder: true };
    const state = reduce(paged, {
      type: "PUSH_CARD",
      runId: "run_old",
      agentId: "main",
      atMs: at,
      card: plan(),
    });
    expect(state.messages).toEqual([]);
    expect(state.busy).toBe(false);
  });

  it("take the place of the text they were made from, between the parts around it", () => {
    const state = reduce(
      emptySessionState("s"),
      user("msg_1", "run_1"),
      { type: "PUSH_TEXT_SEGMENT", ...target, segmentId: "seg_1", text: "First." },
      { type: "PUSH_TEXT_SEGMENT", ...target, segmentId: "msg_plan", text: '{"type":"plan"}' },
      { type: "PUSH_TEXT_SEGMENT", ...target, segmentId: "seg_3", text: "Last." },
      { type: "PUSH_CARD", ...target, card: plan() },
      // A late final text for the same id does not turn the card back into text.
      { type: "PUSH_TEXT_SEGMENT", ...target, segmentId: "msg_plan", text: '{"type":"plan"}' },
    );
    const turn = state.messages[1];
    expect(
      orderedParts(turn ?? {}).map((part) => (part.kind === "card" ? part.card.id : part.segment.text)),
    ).toEqual(["First.", "msg_plan", "Last."]);
    expect(turn?.text).toBe("First.\n\nLast.");
  });
});

describe("tool results", () => {
  const request = (status: string): MessageCard => ({
    id: "msg_request",
    rich: {
      kind: "ToolRequest",
      data: {
        request_id: "msg_request",
        tool_use_id: "toolu_1",
        tool_name: "Write",
        parameters: {},
        requires_approval: true,
        approval_status: status,
        requested_at: "2026-11-21T10:00:00.000Z",
        approval_id: "apv_1",
      },
    },
  });
  const result: MessageCard = {
    id: "msg_result",
    rich: {
      kind: "ToolResult",
      data: {
        request_id: "msg_request",
        tool_use_id: "toolu_1",
        tool_name: "Write",
        output: "Created a.txt",
        status: "Success",
        is_error: false,
        executed_at: "2026-11-21T10:00:01.000Z",
      },
    },
  };

  it("of a call approved after a restart join the turn that asked, though a resume run carried them out", () => {
    const state = reduce(
      emptySessionState("s"),
      user("msg_1", "run_1"),
      { type: "PUSH_CARD", ...target, card: request("Pending") },
      { type: "FINALIZE_MESSAGE", runId: "run_1", outcome: "interrupted" },
      { type: "PUSH_CARD", ...target, card: request("Approved") },
      { type: "PUSH_CARD", runId: "run_resume", agentId: "main", atMs: at, card: result },
    );
    expect(state.messages.map((message) => message.id)).toEqual(["msg_1", "run_1"]);
    expect(state.messages[1]?.cards?.map((card) => card.id)).toEqual(["msg_request", "msg_result"]);
    expect(state.messages[1]?.activityItems).toEqual([
      expect.objectContaining({
        toolUseId: "toolu_1",
        state: "done",
        requestId: "msg_request",
        resultId: "msg_result",
      }),
    ]);
    expect(state.pendingApprovals).toEqual([]);
  });
});

describe("local answers", () => {
  const asked = reduce(
    emptySessionState("s"),
    user("msg_1", "run_1"),
    { type: "PUSH_CARD", ...target, card: question("pending") },
    { type: "SET_ASK_USER", askUser: { questionId: "q_1", agentId: "main", questions: [] } },
  );

  it("mark a waiting question answered and clear the pending question", () => {
    const state = chatReducer(asked, {
      type: "APPLY_QUESTION_ANSWER",
      questionId: "q_1",
      state: "answered",
      answers: ["a"],
      answeredAtMs: at,
    });
    expect(state.messages[1]?.cards?.[0]?.rich.data).toMatchObject({
      status: "answered",
      answers: ["a"],
      answered_at: new Date(at).toISOString(),
    });
    expect(state.askUser).toBeUndefined();
  });

  it("never change a question the server already settled", () => {
    const settled = chatReducer(asked, { type: "PUSH_CARD", ...target, card: question("expired") });
    const state = chatReducer(settled, {
      type: "APPLY_QUESTION_ANSWER",
      questionId: "q_1",
      state: "answered",
      answers: ["a"],
    });
    expect(state.messages).toBe(settled.messages);
    expect(state.messages[1]?.cards?.[0]?.rich.data).toMatchObject({ status: "expired" });
  });

  it("record a plan's first decision only", () => {
    const proposed = reduce(emptySessionState("s"), user("msg_1", "run_1"), {
      type: "PUSH_CARD",
      ...target,
      card: plan(),
    });
    const executing = chatReducer(proposed, {
      type: "APPLY_PLAN_DECISION",
      messageId: "msg_plan",
      decision: { action: "execute", at_ms: 1_795_000_000_000, permission_mode: "default" },
    });
    expect(executing.messages[1]?.cards?.[0]?.rich.data).toMatchObject({
      status: "executing",
      decision: { action: "execute" },
    });
    const refined = chatReducer(executing, {
      type: "APPLY_PLAN_DECISION",
      messageId: "msg_plan",
      decision: { action: "refine", at_ms: 1_795_000_001_000, feedback: "smaller" },
    });
    expect(refined.messages).toBe(executing.messages);
  });

  it("set an agent's permission mode", () => {
    const state = chatReducer(emptySessionState("s"), {
      type: "SET_PERMISSION_MODE",
      agentId: "main",
      mode: { mode: "plan", source: "session" },
    });
    expect(state.permissionModes).toEqual({ main: { mode: "plan", source: "session" } });
  });
});
