import { loadSettings, modelRef, resolveModelConfig, splitForCompaction } from "@parley/engine";
import type { CompactResponse } from "@parley/protocol";
import { ApiError } from "../../http/api-error.ts";
import { compactAgentConversation } from "../compaction/compaction.ts";
import type { AgentService } from "./agent-service.ts";

/**
 * `POST /api/sessions/:id/compact`: compacts an idle agent's conversation now, as a `compaction` run that
 * keeps the agent busy meanwhile (its messages queue) and can be cancelled like any run.
 */
export async function compactNow(
  agents: AgentService,
  request: { sessionId: string; agentId: string; instructions?: string | undefined },
): Promise<CompactResponse> {
  const context = agents.context;
  const { store, bus, now, newId, projectRoot } = context;
  const { sessionId, agentId } = request;
  if (store.sessions.get(sessionId) === undefined) throw ApiError.notFound("session", sessionId);
  const history = store.conversation.history(sessionId, agentId);
  if (splitForCompaction(history, context.compaction.keepRecent).summarized.length === 0)
    throw new ApiError("conflict", "the conversation is too short to compact");
  const settings = await loadSettings(context.home);
  const override = store.overrides.get(projectRoot, agentId);
  const model = resolveModelConfig({
    env: context.env,
    settings,
    ...(override?.model && { override: override.model }),
  });
  const runId = newId("run");
  const controller = new AbortController();
  const startedAtMs = now();
  const done = agents.occupy({
    runId,
    sessionId,
    agentId,
    startedAtMs,
    cancel: () => controller.abort(new Error("cancelled by the user")),
    interrupt: () => controller.abort(new Error("the server is shutting down")),
    streamingSegment: () => undefined,
  });
  if (done === undefined) throw new ApiError("conflict", "the agent is busy; compact once it is idle");
  const scope = { run_id: runId, session_id: sessionId, project_root: projectRoot };
  try {
    store.transaction(() => {
      store.runs.start({
        id: runId,
        session_id: sessionId,
        agent_id: agentId,
        parent_run_id: null,
        kind: "compaction",
        model: modelRef(model),
        prompt: request.instructions ? `/compact ${request.instructions}` : "/compact",
        started_at_ms: startedAtMs,
      });
      bus.publish({
        type: "AgentStatus",
        agent_id: agentId,
        status: "working",
        lifecycle: "doing",
        detail: "Compacting the conversation",
        started_at_ms: startedAtMs,
        ...scope,
      });
    });
    let applied: Awaited<ReturnType<typeof compactAgentConversation>>;
    try {
      applied = await compactAgentConversation(
        { ...context, settings: context.compaction, turnDefaults: context.turnDefaults },
        {
          sessionId,
          agentId,
          runId,
          model,
          trigger: "manual",
          instructions: request.instructions,
          signal: controller.signal,
        },
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const cancelled = controller.signal.aborted;
      endRun(agents, runId, agentId, cancelled ? "cancelled" : "failed", message, startedAtMs);
      throw new ApiError(
        cancelled ? "conflict" : "unavailable",
        `the conversation was not compacted: ${message}`,
      );
    }
    if (applied === undefined) {
      endRun(agents, runId, agentId, "completed", "Nothing to compact", startedAtMs);
      throw new ApiError("conflict", "the conversation is too short to compact");
    }
    const { result, messageId } = applied;
    endRun(
      agents,
      runId,
      agentId,
      "completed",
      `Compacted about ${result.preTokens} → ${result.postTokens} tokens`,
      startedAtMs,
    );
    return {
      session_id: sessionId,
      agent_id: agentId,
      run_id: runId,
      message_id: messageId,
      pre_tokens: result.preTokens,
      post_tokens: result.postTokens,
    };
  } finally {
    done();
  }
}

function endRun(
  agents: AgentService,
  runId: string,
  agentId: string,
  status: "completed" | "failed" | "cancelled",
  text: string,
  startedAtMs: number,
): void {
  const { store, bus, now, projectRoot } = agents.context;
  const run = store.runs.get(runId);
  if (run === undefined) return;
  const scope = { run_id: runId, session_id: run.session_id, project_root: projectRoot };
  store.transaction(() => {
    store.runs.finish(runId, {
      status,
      endedAtMs: now(),
      ...(status === "completed" ? { result: text } : { error: text }),
    });
    bus.publish({ type: "AgentStatus", agent_id: agentId, status: "idle", lifecycle: "done", ...scope });
    bus.publish({
      type: "Outcome",
      agent_id: agentId,
      outcome: status === "completed" ? "success" : status === "failed" ? "error" : "cancelled",
      duration_ms: now() - startedAtMs,
      ...(status === "completed" ? { summary: text } : { error: text }),
      ...scope,
    });
  });
}
