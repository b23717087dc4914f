import type { RunCompletion } from "../agents/context/run-completion.ts";
import type { AgentService } from "../agents/service/agent-service.ts";
import type { StepOutcome } from "./workflow-tool-step.ts";

/** One agent turn a workflow step asks for. */
export interface AgentStepCall {
  sessionId: string;
  agentId: string;
  prompt: string;
  signal: AbortSignal;
  /** Called with the run's id once the turn starts (the card links to it). */
  onRun: (runId: string) => void;
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
  try {
    if (runId !== undefined) call.onRun(runId);
    let completion: RunCompletion;
    if (runId !== undefined) completion = await agents.waitForRun(runId);
    else {
      completion = await agents.waitForQueueItem(response.queue_item_id as string);
      runId = completion.runId;
      call.onRun(runId);
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
    call.signal.removeEventListener("abort", cancel);
  }
}
