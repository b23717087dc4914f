import type { RunAgentOptions } from "../agent-cli.ts";
import { AgentRun, type RunOutcome } from "../agent-run.ts";
import type { CliExit } from "../cli-process.ts";
import { describeFailure } from "../run-cli.ts";
import type { AcpLaunch } from "./acp-agent-process.ts";
import { loadAcpAgentProcess } from "./acp-agent-process-loader.ts";
import { acpErrorText } from "./acp-error-text.ts";
import type { AcpProcessPool } from "./acp-process-pool.ts";

export type { AcpLaunch } from "./acp-agent-process.ts";

/** How long a cancelled agent gets to end its turn before its process group is killed. */
const CANCEL_GRACE_MS = 3000;

/**
 * One message answered by a CLI speaking the Agent Client Protocol over stdio: the session's agent kept
 * running from its last turn (with `pool`), else a new process with a new ACP session (or the earlier one,
 * loaded), then one `session/prompt`, its `session/update`s read as parts, its permission requests asked of the
 * person through `options.interaction`, and its file writes served inside the project. Cancelling sends
 * `session/cancel`, then stops the process if the turn does not end. With `pool`, a process whose turn ended
 * is kept for the session's next message; without, it is closed.
 */
export function runOverAcp(launch: AcpLaunch, options: RunAgentOptions, pool?: AcpProcessPool): AgentRun {
  return new AgentRun(async (emit) => {
    const taken = pool && options.sessionId ? pool.take(launch, options.cwd, options.sessionId) : {};
    // A kept agent that died while idle: its words come before this turn's answer, which a new process gives.
    if (taken.crash !== undefined)
      emit({ text: taken.crash, timestamp: launch.now(), part_type: "thinking", part_id: "acp:restarted" });
    const agent = taken.process ?? new (await loadAcpAgentProcess())(launch, options.cwd);
    const turn = new AbortController();
    let stopTimer: NodeJS.Timeout | undefined;
    const cancel = (): void => {
      turn.abort();
      agent.cancel();
      stopTimer = setTimeout(() => agent.kill(), CANCEL_GRACE_MS);
      stopTimer.unref();
    };
    let timedOut = false;
    const limit = setTimeout(() => {
      timedOut = true;
      agent.kill();
    }, launch.timeoutMs);
    limit.unref();
    if (options.signal?.aborted) cancel();
    else options.signal?.addEventListener("abort", cancel, { once: true });

    let stopReason: string | undefined;
    let error: string | null = null;
    try {
      if (taken.process === undefined) await agent.open(options.sessionId ?? null, options.cwd);
      if (!turn.signal.aborted)
        stopReason = await agent.prompt(
          { emit, signal: turn.signal, ...(options.interaction && { interaction: options.interaction }) },
          options.message,
        );
    } catch (failure) {
      error = acpErrorText(failure);
    } finally {
      options.signal?.removeEventListener("abort", cancel);
      clearTimeout(limit);
      clearTimeout(stopTimer);
    }
    const reportedModel = agent.models?.current ?? null;
    const ended = { sessionId: agent.sessionId, stopReason, cancelled: turn.signal.aborted, reportedModel };
    if (pool !== undefined && stopReason !== undefined && agent.alive) {
      pool.keep(launch, options.cwd, agent, (exit) => crashText(launch, exit as CliExit));
      return outcomeOf(launch, ended, () => `${launch.label} (ACP): ${error ?? "no answer"}`);
    }
    const exit = await agent.close();
    return outcomeOf(launch, ended, () => {
      if (timedOut)
        return `${launch.label} did not finish within ${Math.round(launch.timeoutMs / 1000)} s and was stopped`;
      // The agent died or could not start: that explains the error better than a closed connection.
      const crashed = exit.end !== "aborted" && (exit.end !== "exited" || exit.code !== 0);
      return (
        (crashed ? describeFailure(launch.label, launch, exit) : null) ??
        `${launch.label} (ACP): ${error ?? "no answer"}`
      );
    });
  });
}

function outcomeOf(
  launch: AcpLaunch,
  ended: {
    sessionId: string | null;
    stopReason: string | undefined;
    cancelled: boolean;
    reportedModel: string | null;
  },
  failure: () => string,
): RunOutcome {
  const { sessionId, stopReason, reportedModel } = ended;
  const model = reportedModel === null ? {} : { model: reportedModel };
  if (stopReason === "end_turn")
    return { success: true, session_id: sessionId, error_message: null, ...model };
  if (ended.cancelled || stopReason === "cancelled")
    return {
      success: false,
      session_id: sessionId,
      error_message: `${launch.label} was cancelled`,
      ...model,
    };
  const error =
    stopReason === undefined ? failure() : `${launch.label} stopped: ${stopReason.replace("_", " ")}`;
  const hinted = launch.failureHint && stopReason === undefined ? `${error}\n\n${launch.failureHint}` : error;
  return { success: false, session_id: sessionId, error_message: hinted, ...model };
}

/** What a kept agent that died between turns is reported as, at the session's next turn. */
function crashText(launch: AcpLaunch, exit: CliExit): string {
  const described = describeFailure(launch.label, launch, exit) ?? `${launch.label} exited`;
  return `${launch.label} stopped while the session was idle and was started again.\n\n${described}`;
}
