import { Writable } from "node:stream";
import * as acp from "@agentclientprotocol/sdk";
import type { RunAgentOptions } from "../agent-cli.ts";
import { AgentRun, type RunOutcome } from "../agent-run.ts";
import { messageOf } from "../cli-adapter.ts";
import { startCliProcess } from "../cli-process.ts";
import { describeFailure } from "../run-cli.ts";
import type { Clock } from "../run-output-parser.ts";
import { answerPermission } from "./acp-permission.ts";
import { AcpProjectFiles } from "./acp-project-files.ts";
import { AcpUpdateReader } from "./acp-update-reader.ts";
import { HistoryReplay } from "./history-replay.ts";

/** How to start one CLI as an ACP agent. */
export interface AcpLaunch {
  label: string;
  command: string;
  args: readonly string[];
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
  failureHint?: string;
  now: Clock;
  /** Session options to set after the session starts (ACP config option id → value), e.g. OpenCode's model. */
  sessionOptions?: Record<string, string>;
}

/** How long a cancelled agent gets to end its turn before its process group is killed. */
const CANCEL_GRACE_MS = 3000;
/** How long an agent gets to exit once its turn ended and its stdin closed (it saves the session then). */
const EXIT_GRACE_MS = 10_000;

/**
 * One message answered by a CLI speaking the Agent Client Protocol over stdio: a new ACP session (or the
 * earlier one, loaded, to continue it), one `session/prompt`, its `session/update`s read as parts, its
 * permission requests asked of the person through `options.interaction`, and its file reads and writes
 * served inside the project. Cancelling sends `session/cancel`, then stops the process if it does not end.
 */
export function runOverAcp(launch: AcpLaunch, options: RunAgentOptions): AgentRun {
  return new AgentRun(async (emit) => {
    const stopProcess = new AbortController();
    const turn = new AbortController();
    const process = startCliProcess({
      command: launch.command,
      args: launch.args,
      cwd: options.cwd,
      env: launch.env,
      conversation: true,
      signal: stopProcess.signal,
      timeoutMs: launch.timeoutMs,
    });
    const reader = new AcpUpdateReader(launch.now);
    const files = new AcpProjectFiles(options.cwd);
    let sessionId: string | null = options.sessionId ?? null;
    const replay = new HistoryReplay();
    const app = acp
      .client({ name: "parley" })
      .onNotification(acp.methods.client.session.update, ({ params }) => {
        // A loaded session replays its history as updates: that is not this turn's answer.
        if (replay.absorbs() || params.sessionId !== sessionId) return;
        const read = reader.read(params.update);
        for (const part of read.parts) emit(part);
        if (read.plan) options.interaction?.showPlan?.(read.plan);
      })
      .onRequest(acp.methods.client.session.requestPermission, ({ params }) =>
        answerPermission(params, reader, options.interaction, turn.signal),
      )
      .onRequest(acp.methods.client.fs.readTextFile, ({ params }) => files.read(params))
      .onRequest(acp.methods.client.fs.writeTextFile, ({ params }) => files.write(params));
    const connection = app.connect(
      acp.ndJsonStream(Writable.toWeb(process.input) as WritableStream<Uint8Array>, bytesOf(process.lines)),
    );
    const agent = connection.agent;
    const cancel = (): void => {
      turn.abort();
      if (sessionId !== null) agent.notify(acp.methods.agent.session.cancel, { sessionId }).catch(() => {});
      setTimeout(() => stopProcess.abort(), CANCEL_GRACE_MS).unref();
    };
    if (options.signal?.aborted) cancel();
    else options.signal?.addEventListener("abort", cancel, { once: true });

    let stopReason: string | undefined;
    let error: string | null = null;
    try {
      const initialized = await agent.request(acp.methods.agent.initialize, {
        protocolVersion: acp.PROTOCOL_VERSION,
        clientInfo: { name: "parley", version: "1" },
        // Writes come to Parley, which confines them to the project. Reads are not offered: Parley has no
        // unsaved buffers, so the disk is what the agent would get, and Gemini CLI 0.61 takes any error from a
        // client read (a file that does not exist yet) as a failed write.
        clientCapabilities: { fs: { readTextFile: false, writeTextFile: true }, terminal: false },
      });
      if (sessionId !== null) {
        if (!initialized.agentCapabilities?.loadSession)
          throw new Error(`${launch.label} cannot continue an earlier session over ACP`);
        replay.start();
        await agent.request(acp.methods.agent.session.load, { sessionId, cwd: options.cwd, mcpServers: [] });
        await replay.finished();
      } else {
        sessionId = (await agent.request(acp.methods.agent.session.new, { cwd: options.cwd, mcpServers: [] }))
          .sessionId;
      }
      for (const [configId, value] of Object.entries(launch.sessionOptions ?? {}))
        await agent.request(acp.methods.agent.session.setConfigOption, { sessionId, configId, value });
      if (!turn.signal.aborted) {
        const response = await agent.request(acp.methods.agent.session.prompt, {
          sessionId,
          prompt: [{ type: "text", text: options.message }],
        });
        stopReason = response.stopReason;
      }
    } catch (failure) {
      error = acpErrorText(failure);
    } finally {
      options.signal?.removeEventListener("abort", cancel);
      connection.close();
      process.input.end();
      setTimeout(() => stopProcess.abort(), EXIT_GRACE_MS).unref();
    }
    const exit = await process.exit;
    return outcomeOf(launch, sessionId, stopReason, turn.signal.aborted, () => {
      // The agent died, timed out or could not start: that explains the error better than a closed connection.
      const crashed =
        exit.end !== "exited" || exit.code !== 0 ? describeFailure(launch.label, launch, exit) : null;
      return crashed ?? `${launch.label} (ACP): ${error ?? "no answer"}`;
    });
  });
}

function outcomeOf(
  launch: AcpLaunch,
  sessionId: string | null,
  stopReason: string | undefined,
  cancelled: boolean,
  failure: () => string,
): RunOutcome {
  if (stopReason === "end_turn") return { success: true, session_id: sessionId, error_message: null };
  if (cancelled || stopReason === "cancelled")
    return { success: false, session_id: sessionId, error_message: `${launch.label} was cancelled` };
  const error =
    stopReason === undefined ? failure() : `${launch.label} stopped: ${stopReason.replace("_", " ")}`;
  const hinted = launch.failureHint && stopReason === undefined ? `${error}\n\n${launch.failureHint}` : error;
  return { success: false, session_id: sessionId, error_message: hinted };
}

/** A JSON-RPC error with what its `data` says (agents put the cause there: "Internal error" alone says little). */
function acpErrorText(failure: unknown): string {
  const data = (failure as { data?: unknown }).data;
  const details = typeof data === "string" ? data : data === undefined ? "" : JSON.stringify(data);
  const text = messageOf(failure);
  return details && !text.includes(details) ? `${text}: ${details.slice(0, 2000)}` : text;
}

/** The CLI's stdout lines as the byte stream ACP's reader takes (one JSON-RPC message per line). */
function bytesOf(lines: AsyncIterable<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = lines[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(`${next.value}\n`));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}
