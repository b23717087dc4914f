import { type EngineMessage, foldTurnIntoHistory } from "@parley/engine";
import type { AgentRun, KnownFields } from "@parley/protocol";
import type { RunContext } from "../context/run-context.ts";
import { settleOpenToolCalls } from "../conversation/conversation-repair.ts";
import { waitingToolUseIds } from "../conversation/open-interactions.ts";
import { withPartialText } from "../conversation/partial-history.ts";

/**
 * After a crash, for a run still marked running: keeps the text it had streamed (rebuilt from its token
 * events) as a message, folds what it did into the agent's conversation, and records it as interrupted.
 * Its pending approvals and questions stay pending, and their tool calls stay open in the conversation
 * (answering one resumes the conversation there); every other unfinished call is closed as interrupted.
 * A subagent's run and an agent CLI's run cannot be resumed: their pending approvals and questions expire.
 */
export function recoverInterruptedRun(context: RunContext, run: KnownFields<AgentRun>): void {
  const { store, bus, now, projectRoot } = context;
  // An agent CLI's process died with the server: what it asked can no longer be answered to it.
  const external = (store.sessions.get(run.session_id)?.backend ?? "parley") !== "parley";
  if (run.parent_run_id !== null || external) {
    context.approvals.withdraw(
      store.approvals
        .byRun(run.id)
        .filter((approval) => approval.state === "pending")
        .map((approval) => approval.id),
      "expired",
    );
    context.questions.withdraw(
      store.questions
        .byRun(run.id)
        .filter((question) => question.state === "pending")
        .map((question) => question.question_id),
      "expired",
    );
  }
  store.transaction(() => {
    const conversational = run.parent_run_id === null && (run.kind === "turn" || run.kind === "resume");
    let waiting = false;
    if (conversational) waiting = foldIntoConversation(context, run);
    const error = waiting
      ? "Parley stopped while this run waited for an answer; answering it continues the run"
      : "Parley stopped during this run";
    store.runs.finish(run.id, { status: "interrupted", endedAtMs: now(), error });
    const scope = { run_id: run.id, session_id: run.session_id, project_root: projectRoot };
    bus.publish({ type: "AgentStatus", agent_id: run.agent_id, status: "idle", lifecycle: "done", ...scope });
    if (run.parent_run_id === null) {
      bus.publish({ type: "Outcome", agent_id: run.agent_id, outcome: "interrupted", error, ...scope });
    } else {
      bus.publish({
        type: "SubagentResult",
        parent_id: store.runs.get(run.parent_run_id)?.agent_id ?? "",
        subagent_id: run.agent_id,
        outcome: "interrupted",
        error,
        parent_run_id: run.parent_run_id,
        ...(run.tool_use_id != null && { tool_use_id: run.tool_use_id }),
        ...scope,
      });
    }
  });
}

/** Folds a top-level run's messages into its conversation; true when a call of it waits for a person. */
function foldIntoConversation(context: RunContext, run: KnownFields<AgentRun>): boolean {
  const { store, now } = context;
  const partial = partialTextOf(store.events.framesOfRun(run.id));
  if (partial !== undefined && partial.text !== "") {
    store.messages.append({
      id: partial.messageId,
      session_id: run.session_id,
      agent_id: run.agent_id,
      role: "assistant",
      rich: { kind: "Text", data: { text: partial.text } },
      run_id: run.id,
      created_at_ms: now(),
    });
  }
  const messages = store.runs.messages(run.id) as EngineMessage[];
  const prompt = run.kind === "resume" ? undefined : run.prompt;
  store.conversation.append(
    run.session_id,
    run.agent_id,
    withPartialText(
      foldTurnIntoHistory({ ...(prompt !== undefined && { prompt }), messages }),
      partial?.text ?? "",
    ),
  );
  const waiting = waitingToolUseIds(store, run.session_id, run.agent_id);
  const history = store.conversation.history(run.session_id, run.agent_id);
  const repaired = settleOpenToolCalls(history, waiting);
  if (repaired !== undefined) store.conversation.replace(run.session_id, run.agent_id, repaired);
  return [...store.approvals.byRun(run.id), ...store.questions.byRun(run.id)].some(
    (interaction) => interaction.state === "pending",
  );
}

/** The text streamed into the last unfinished segment of a run, from its stored frames. */
function partialTextOf(frames: readonly string[]): { messageId: string; text: string } | undefined {
  let open: { messageId: string; text: string } | undefined;
  for (const raw of frames) {
    const frame = JSON.parse(raw) as {
      kind: string;
      text?: string;
      phase?: string;
      data?: Record<string, unknown>;
    };
    if (frame.kind === "text_segment") open = undefined;
    if (frame.kind !== "token" || frame.data?.thinking === true) continue;
    const messageId = String(frame.data?.message_id ?? "");
    if (frame.data?.reset === true || open?.messageId !== messageId) open = { messageId, text: "" };
    if (frame.phase !== "done") open.text += frame.text ?? "";
  }
  return open;
}
