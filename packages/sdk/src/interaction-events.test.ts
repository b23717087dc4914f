import { type AnyUiSseMessage, ApprovalSchema } from "@parley/protocol";
import { describe, expect, it } from "vitest";
import { interactionFramesOf, interactionState, interactions } from "../test/support/interaction-fixture.ts";
import type { FixtureFrame } from "../test/support/server-fixture.ts";
import { readPlanCard } from "./cards/plan-card.ts";
import { readQuestionCard } from "./cards/question-card.ts";
import { readToolRequest, readToolResult } from "./cards/tool-cards.ts";
import { chatReducer } from "./chat-reducer.ts";
import type { ChatMessage, SessionChatState, SubagentTreeEntry, TurnContent } from "./chat-state.ts";
import { orderedParts } from "./session-selectors.ts";
import { emptySessionState } from "./session-snapshot.ts";
import { handleSseMessage } from "./sse-event-handlers.ts";

const { runs, sessions } = interactions;

/** Applies frames the way the store does: each frame's actions once, by seq. */
function applyFrames(state: SessionChatState, frames: readonly FixtureFrame[]): SessionChatState {
  return frames.reduce((current, frame) => {
    const handled = handleSseMessage(frame.message);
    return chatReducer(current, { type: "APPLY_EVENT", seq: frame.seq, actions: handled.actions });
  }, state);
}

/** The session built from all its recorded frames. */
function live(session: keyof typeof sessions, until = Number.POSITIVE_INFINITY): SessionChatState {
  const frames = interactionFramesOf(session).filter((frame) => frame.seq <= until);
  return applyFrames(emptySessionState(sessions[session]), frames);
}

/** The session built from a state snapshot. */
function loaded(which: Parameters<typeof interactionState>[0]): SessionChatState {
  const snapshot = interactionState(which);
  return chatReducer(emptySessionState(snapshot.session.id), { type: "LOAD_STATE", snapshot });
}

function turn(state: SessionChatState, runId: string): ChatMessage {
  const found = state.messages.find((message) => message.role === "agent" && message.runId === runId);
  if (found === undefined) throw new Error(`no turn of ${runId}`);
  return found;
}

/** What a reader sees of a turn's content: its parts in order, and its tool activity. */
function content(part: TurnContent) {
  return {
    parts: orderedParts(part).map((entry) =>
      entry.kind === "segment" ? ["text", entry.segment.text] : [entry.card.rich.kind, entry.card.id],
    ),
    activity: (part.activityItems ?? []).map((item) => [item.label, item.state]),
  };
}

/** The seq of a session's first frame that satisfies `predicate`. */
function seqOf(session: keyof typeof sessions, predicate: (frame: FixtureFrame) => boolean): number {
  const frame = interactionFramesOf(session).find(predicate);
  if (frame === undefined) throw new Error("no such frame");
  return frame.seq;
}

const richKind = (frame: FixtureFrame) => (frame.message.data as { rich?: { kind?: string } }).rich?.kind;

describe("tool approvals on a real server's frames", () => {
  it("show a pending approval card, then replace it in place when answered, keeping the other messages as they were", () => {
    const pendingSeq = seqOf("approval", (frame) => richKind(frame) === "ToolRequest");
    const waiting = live("approval", pendingSeq);
    const card = turn(waiting, runs.approved).cards?.[0];
    expect(readToolRequest(card?.rich.data)).toMatchObject({
      tool_name: "Write",
      approval_status: "Pending",
      approval_id: interactions.approvals.write,
      headline: "Writing notes/hello.txt",
      suggested_rule: { tool: "Write", pattern: "notes/**", behavior: "allow" },
    });
    expect(waiting.pendingApprovals).toEqual([
      {
        approvalId: interactions.approvals.write,
        messageId: card?.id,
        toolName: "Write",
        headline: "Writing notes/hello.txt",
        runId: runs.approved,
        agentId: "main",
      },
    ]);
    expect(content(turn(waiting, runs.approved)).activity).toEqual([["Writing notes/hello.txt", "waiting"]]);

    const answered = applyFrames(
      waiting,
      interactionFramesOf("approval").filter((frame) => frame.seq === pendingSeq + 1),
    );
    expect(answered.messages[0]).toBe(waiting.messages[0]);
    const approved = turn(answered, runs.approved);
    expect(approved.cards?.map((candidate) => candidate.id)).toEqual([card?.id]);
    expect(readToolRequest(approved.cards?.[0]?.rich.data)).toMatchObject({
      approval_status: "Approved",
      decided_by: "user",
      decision: "approve",
      parameters: { file_path: "notes/hello.txt", content: "hello, edited\n" },
      original_parameters: { file_path: "notes/hello.txt", content: "hello\n" },
    });
    expect(answered.pendingApprovals).toEqual([]);
    expect(content(approved).activity).toEqual([["Writing notes/hello.txt", "running"]]);
  });

  it("join the result to its call: the activity ends with the server's headline and duration", () => {
    const state = live("approval");
    const approved = turn(state, runs.approved);
    expect(content(approved).parts).toEqual([
      ["text", "I'll write it."],
      ["ToolRequest", approved.cards?.[0]?.id],
      ["ToolResult", approved.cards?.[1]?.id],
      ["text", "Written."],
      ["text", expect.stringContaining('"type":"change_report"')],
    ]);
    const [item] = approved.activityItems ?? [];
    expect(item).toMatchObject({
      toolName: "Write",
      label: "Writing notes/hello.txt",
      state: "done",
      durationMs: expect.any(Number),
      requestId: approved.cards?.[0]?.id,
      resultId: approved.cards?.[1]?.id,
    });
    expect(readToolResult(approved.cards?.[1]?.rich.data)?.output).toBe(
      "Created notes/hello.txt (14 bytes).",
    );
    expect(approved.changeReport).toMatchObject({
      truncatedCount: 0,
      files: [{ path: "notes/hello.txt", change: "added", additions: 1 }],
    });
  });

  it("show a rejection with the person's feedback, the call failed, and the agent going on", () => {
    const rejected = turn(live("approval"), runs.rejected);
    expect(readToolRequest(rejected.cards?.[0]?.rich.data)).toMatchObject({
      approval_status: "Rejected",
      decision: "reject",
      feedback: "Do not delete anything; list it instead.",
    });
    expect(readToolResult(rejected.cards?.[1]?.rich.data)).toMatchObject({
      status: "Cancelled",
      is_error: true,
    });
    expect(content(rejected).activity).toEqual([["Running `rm -rf build`", "failed"]]);
    expect(rejected.text).toBe("Understood, I will leave the build folder alone.");
  });

  it("build the same turns from the live frames as from the stored snapshot", () => {
    const fromFrames = live("approval");
    const fromSnapshot = loaded("approval");
    const view = (state: SessionChatState) =>
      state.messages.map((message) => ({ id: message.id, role: message.role, ...content(message) }));
    expect(view(fromFrames)).toEqual(view(fromSnapshot));
    expect(fromSnapshot.pendingApprovals).toEqual([]);
  });

  it("rebuild a waiting approval from a snapshot: the card pending, the call waiting, the approval listed", () => {
    const state = loaded("approvalPending");
    const approved = turn(state, runs.approved);
    expect(readToolRequest(approved.cards?.[0]?.rich.data)?.approval_status).toBe("Pending");
    expect(content(approved).activity).toEqual([["Writing notes/hello.txt", "waiting"]]);
    expect(state.pendingApprovals?.map((approval) => approval.approvalId)).toEqual([
      interactions.approvals.write,
    ]);
  });

  it("show the first answer a 409 carries on a card that still waits, and forget the pending approval", () => {
    const details = ApprovalSchema.parse(interactions.conflict.error.details);
    const state = chatReducer(loaded("approvalPending"), { type: "APPLY_APPROVAL", approval: details });
    expect(readToolRequest(turn(state, runs.approved).cards?.[0]?.rich.data)).toMatchObject({
      approval_status: "Approved",
      decision: "approve",
      parameters: { content: "hello, edited\n" },
    });
    expect(state.pendingApprovals).toEqual([]);
    // The server's own update, when it arrives, is what stays.
    const again = chatReducer(state, {
      type: "APPLY_APPROVAL",
      approval: { ...details, decision: "reject" },
    });
    expect(again.messages).toBe(state.messages);
  });
});

describe("plans, questions, subagents and compaction on a real server's frames", () => {
  it("turn the plan text into a Plan card in its place, and keep the card current until every step is done", () => {
    const proposedSeq = seqOf("plan", (frame) => frame.message.phase === "plan_update");
    const proposed = turn(live("plan", proposedSeq), runs.proposed);
    expect(content(proposed).parts).toEqual([["Plan", proposed.cards?.[0]?.id]]);
    expect(readPlanCard(proposed.cards?.[0]?.rich.data)).toMatchObject({
      goal: "Add a cache",
      status: "proposed",
    });

    const firstProgress = seqOf(
      "plan",
      (frame) =>
        frame.message.phase === "plan_update" &&
        (frame.message.data as { run_id?: string }).run_id === runs.executed,
    );
    const executing = readPlanCard(turn(live("plan", firstProgress), runs.proposed).cards?.[0]?.rich.data);
    expect(executing).toMatchObject({
      status: "executing",
      steps: [
        { step_number: 1, status: "in_progress" },
        { step_number: 2, status: "pending" },
      ],
    });

    const state = live("plan");
    const card = readPlanCard(turn(state, runs.proposed).cards?.[0]?.rich.data);
    expect(card).toMatchObject({
      status: "completed",
      decision: { action: "execute", permission_mode: "acceptEdits" },
      steps: [
        { step_number: 1, status: "completed" },
        { step_number: 2, status: "skipped", note: "The service caches already" },
      ],
    });
    // The executing turn shows its own answer, not a second copy of the plan.
    expect(turn(state, runs.executed).plan).toBeUndefined();
    expect(state.permissionModes).toEqual({ main: { mode: "acceptEdits", source: "session" } });
    expect(loaded("plan").permissionModes).toEqual({ main: { mode: "acceptEdits", source: "session" } });
  });

  it("mark the mode changes in the chat as their own messages", () => {
    const notes = live("plan").messages.filter(
      (message) => message.runId === undefined && message.role === "agent",
    );
    expect(notes.map((message) => message.cards?.[0]?.rich.data)).toEqual([
      expect.objectContaining({ action: "mode_change", mode: "plan", previous_mode: "default" }),
      expect.objectContaining({ action: "mode_change", mode: "acceptEdits", previous_mode: "plan" }),
    ]);
  });

  it("show the answered question on its card, clear the pending question, and continue below the answer", () => {
    const askedSeq = seqOf("question", (frame) => frame.message.kind === "ask_user");
    const asking = live("question", askedSeq);
    expect(asking.askUser?.messageId).toBe(turn(asking, runs.asked).cards?.[1]?.id);
    const state = live("question");
    expect(state.askUser).toBeUndefined();
    expect(state.messages.map((message) => [message.role, message.text])).toEqual([
      ["user", "Set up storage"],
      ["agent", ""],
      ["user", "PostgreSQL"],
      ["agent", "PostgreSQL it is."],
    ]);
    const question = readQuestionCard(turn(state, runs.asked).cards?.[1]?.rich.data);
    expect(question).toMatchObject({ status: "answered", answers: ["PostgreSQL"], severity: "critical" });
    expect(
      state.messages.filter((message) => message.role === "agent").map((message) => message.cards?.length),
    ).toEqual([3, undefined]);
  });

  it("put a subagent's activity, cards and text in its entry of the parent's turn, not in the main chat", () => {
    const state = live("subagent");
    expect(state.messages.map((message) => [message.role, message.runId])).toEqual([
      ["user", runs.delegated],
      ["agent", runs.delegated],
    ]);
    const parent = turn(state, runs.delegated);
    expect(parent.text).toBe("Let me delegate.\n\nThe launch is on Friday, says the subagent.");
    const [entry] = parent.subagentTree ?? [];
    expect(entry).toMatchObject({
      parentId: "main",
      task: "Find the launch day",
      subagentType: "general-purpose",
      done: true,
      outcome: "success",
      summary: "The launch is on Friday.",
      durationMs: expect.any(Number),
    });
    expect(content(entry as SubagentTreeEntry)).toEqual({
      parts: [
        ["ToolRequest", entry?.cards?.[0]?.id],
        ["ToolResult", entry?.cards?.[1]?.id],
        ["text", "The launch is on Friday."],
      ],
      activity: [["Reading docs/launch.md", "done"]],
    });
    const fromSnapshot = turn(loaded("subagent"), runs.delegated).subagentTree?.[0];
    expect(fromSnapshot).toMatchObject({ task: "Find the launch day", done: true, outcome: "success" });
    expect(content(fromSnapshot as SubagentTreeEntry)).toEqual(content(entry as SubagentTreeEntry));
  });

  it("recognise a subagent that started before a reload by its Task call, so its events stay out of the main chat", () => {
    const snapshot = interactionState("subagentRunning");
    const frames = interactionFramesOf("subagent").filter((frame) => frame.seq > snapshot.head_seq);
    const state = applyFrames(loaded("subagentRunning"), frames);
    expect(state.messages.map((message) => message.runId)).toEqual([runs.delegated, runs.delegated]);
    const [entry] = turn(state, runs.delegated).subagentTree ?? [];
    expect(entry).toMatchObject({
      task: "Find the launch day",
      done: true,
      summary: "The launch is on Friday.",
    });
    expect(content(entry as SubagentTreeEntry).activity).toEqual([["Reading docs/launch.md", "done"]]);
  });

  it("link a reloaded subagent to its own Task call even when an earlier call gave the same instructions", () => {
    const snapshot = interactionState("subagent");
    const child = snapshot.runs?.find((run) => run.kind === "subagent");
    const taskCard = snapshot.messages.find(
      (message) =>
        message.rich.kind === "ToolRequest" && readToolRequest(message.rich.data)?.tool_name === "Task",
    );
    const task = readToolRequest(taskCard?.rich.data);
    if (child === undefined || taskCard === undefined || task === undefined)
      throw new Error("the recording has no subagent");
    // A first Task call with the very same input that never started a subagent (say, it was rejected).
    const twin = {
      ...taskCard,
      id: `${taskCard.id}_twin`,
      rich: { kind: "ToolRequest", data: { ...task, tool_use_id: "toolu_twin" } },
    };
    const messages = [...snapshot.messages];
    messages.splice(messages.indexOf(taskCard), 0, twin);
    const state = chatReducer(emptySessionState(snapshot.session.id), {
      type: "LOAD_STATE",
      snapshot: { ...snapshot, messages },
    });
    const [entry] = turn(state, runs.delegated).subagentTree ?? [];
    expect(child.tool_use_id).toEqual(task.tool_use_id);
    expect(entry).toMatchObject({ toolUseId: child.tool_use_id, task: "Find the launch day", done: true });
  });

  it("mark a manual compaction where it happened and say the context was summarized", () => {
    const state = live("compaction");
    const marker = turn(state, runs.compaction);
    expect(content(marker).parts).toEqual([["SystemControl", marker.cards?.[0]?.id]]);
    expect(marker.cards?.[0]?.rich.data).toMatchObject({
      action: "compact",
      details: { trigger: "manual", pre_tokens: 875, post_tokens: 65 },
    });
    expect(marker.outcome).toBe("success");
    expect(state.busy).toBe(false);
    expect(state.contextUsage).toMatchObject({
      compressed: true,
      estimatedTokens: 65,
      preTokens: 875,
      trigger: "manual",
      compactionMessageId: marker.cards?.[0]?.id,
    });
  });
});

describe("messages of an unknown kind", () => {
  const frame = (rich: Record<string, unknown>): AnyUiSseMessage => ({
    id: "evt_x",
    seq: 500,
    rev: 1,
    ts_ms: 1,
    kind: "message",
    text: "",
    agent_id: "main",
    session_id: "s",
    data: { from: "main", to: "user", role: "assistant", message_id: "msg_new", run_id: "run_1", rich },
  });

  it("become Text cards with their text, and a warning, never an error", () => {
    const handled = handleSseMessage(frame({ kind: "Hologram", data: { summary: "A 3D view of the repo" } }));
    expect(handled.warning).toBe('message msg_new has unknown rich kind "Hologram"; it is shown as text');
    const state = chatReducer(emptySessionState("s"), {
      type: "APPLY_EVENT",
      seq: 500,
      actions: handled.actions,
    });
    expect(state.messages[0]?.cards).toEqual([
      {
        id: "msg_new",
        rich: { kind: "Text", data: { text: "A 3D view of the repo" } },
        unknownKind: "Hologram",
      },
    ]);
  });

  it("of a known kind need no warning", () => {
    const handled = handleSseMessage(frame({ kind: "Text", data: { text: "hi" } }));
    expect(handled.warning).toBeUndefined();
  });
});
