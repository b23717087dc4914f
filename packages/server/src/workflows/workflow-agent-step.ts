import type { RunCompletion } from "../agents/context/run-completion.ts";
import type { AgentService } from "../agents/service/agent-service.ts";
import type { StepOutcome } from "./workflow-tool-step.ts";

/** One agent turn a workflow step asks for. */
export interface AgentStepCall {
  sessionId: string;
  agentId: string;
  prompt: string;
  signal: AbortSignal;
  /** The answer so far, as it streams (the step's live output). */
  onText: (text: string) => void;
}

/**
 * Sends the step's prompt to the agent as a message in the workflow's session (queued behind a turn already
 * going) and waits for the turn to end; its last text is the step's output. Stopping the step (pause now,
 * cancel, timeout) cancels the turn.
 */
export async function runAgentStep(agents: AgentService, call: AgentStepCall): Promise<StepOutcome> {
  const response = agents.chat({ session_id: call.sessionId, agent_id: call.agentId, text: call.prompt });
  let runId = response.run_id;
  const cancel = () => {
    if (runId !== undefined) agents.cancel(runId, {});
    else if (response.queue_item_id !== undefined) agents.removeQueueItem(response.queue_item_id);
  };
  if (call.signal.aborted) cancel();
  call.signal.addEventListener("abort", cancel, { once: true });
  let streamed = "";
  const stopWatching = agents.context.bus.subscribe((events) => {
    for (const event of events) {
      const frame = JSON.parse(event.frame) as {
        kind?: string;
        text?: string;
        data?: Record<string, unknown>;
      };
      if (frame.kind !== "token" || frame.data?.thinking === true || frame.text === undefined) continue;
      if (runId === undefined || frame.data?.run_id !== runId) continue;
      streamed += frame.text;
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
        runId ??= delivered();
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
