import type { ChatResponse } from "@parley/protocol";
import type { RunCompletion } from "../agents/context/run-completion.ts";
import type { TurnOverrides } from "../agents/run/run-driver.ts";
import type { AgentService } from "../agents/service/agent-service.ts";
import { ApiError } from "../http/api-error.ts";
import type { StepOutcome } from "./workflow-tool-step.ts";

/** One agent turn a workflow step asks for. */
export interface AgentStepCall {
  sessionId: string;
  agentId: string;
  prompt: string;
  signal: AbortSignal;
  /** The answer so far, as it streams (the step's live output). */
  onText: (text: string) => void;
  /** The agent turn the prompt runs as, once it is known (at once, or when the queue delivers it). */
  onRun?: (runId: string) => void;
  /** The step's own model and tools, when it names them. */
  turn?: TurnOverrides;
}

/**
 * Sends the step's prompt to the agent as a message in the workflow's session (queued behind a turn already
 * going) and waits for the turn to end; its last text is the step's output. Stopping the step (pause now,
 * cancel, timeout) cancels the turn.
 */
export async function runAgentStep(agents: AgentService, call: AgentStepCall): Promise<StepOutcome> {
  const sent = await sendPrompt(agents, call);
  if (!sent.ok) return sent;
  const response = sent.response;
  let runId = response.run_id;
  if (runId !== undefined) call.onRun?.(runId);
  const cancel = () => {
    if (runId !== undefined) agents.cancel(runId, {});
    else if (response.queue_item_id !== undefined) agents.removeQueueItem(response.queue_item_id);
  };
  if (call.signal.aborted) cancel();
  call.signal.addEventListener("abort", cancel, { once: true });
  let streamed = "";
  const stopWatching = agents.context.bus.subscribe((events) => {
    for (const { event } of events) {
      if (event.type !== "Token" || event.thinking) continue;
      if (runId === undefined || event.run_id !== runId) continue;
      streamed += event.token;
      call.onText(streamed);
    }
  });
  try {
    let completion: RunCompletion;
    if (runId !== undefined) completion = await agents.waitForRun(runId);
    else {
      // Queued behind a turn already going: the run is known once the message is delivered.
      const itemId = response.queue_item_id as string;
      const delivered = () => agents.context.store.queue.get(itemId)?.run_id ?? undefined;
      const watchDelivery = agents.context.bus.subscribe(() => {
        if (runId !== undefined) return;
        runId = delivered();
        if (runId !== undefined) call.onRun?.(runId);
      });
      try {
        completion = await agents.waitForQueueItem(itemId);
      } finally {
        watchDelivery();
      }
    }
    const output = completion.texts.at(-1)?.text ?? "";
    if (completion.status === "completed") return { ok: true, output };
    return {
      ok: false,
      error: {
        code: completion.status === "failed" ? "agent_failed" : "interrupted",
        message: completion.error ?? `the agent's turn ended ${completion.status}`,
      },
    };
  } catch (error) {
    return { ok: false, error: { code: "agent_failed", message: (error as Error).message } };
  } finally {
    stopWatching();
    call.signal.removeEventListener("abort", cancel);
  }
}

/**
 * Sends the step's prompt. A step with its own model or tools needs a turn of its own: it waits for the
 * agent's current turn to end rather than joining it from the queue.
 */
async function sendPrompt(
  agents: AgentService,
  call: AgentStepCall,
): Promise<{ ok: true; response: ChatResponse } | Extract<StepOutcome, { ok: false }>> {
  const request = { session_id: call.sessionId, agent_id: call.agentId, text: call.prompt };
  if (call.turn === undefined) return { ok: true, response: agents.chat(request) };
  for (;;) {
    if (call.signal.aborted)
      return { ok: false, error: { code: "interrupted", message: "the step was stopped" } };
    try {
      return { ok: true, response: agents.chat(request, call.turn) };
    } catch (error) {
      if (!(error instanceof ApiError) || error.code !== "conflict") throw error;
    }
    const going = agents.activity(call.sessionId).find((agent) => agent.agent_id === call.agentId)?.run_id;
    if (going == null)
      return {
        ok: false,
        error: { code: "agent_busy", message: "the agent waits for an answer to an approval or a question" },
      };
    await agents.waitForRun(going);
  }
}
