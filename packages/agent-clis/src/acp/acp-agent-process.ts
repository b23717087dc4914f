import { Writable } from "node:stream";
import * as acp from "@agentclientprotocol/sdk";
import type { ResponsePart } from "@parley/protocol";
import type { AgentInteraction } from "../agent-cli.ts";
import { type CliExit, startCliProcess } from "../cli-process.ts";
import type { Clock } from "../run-output-parser.ts";
import { answerPermission } from "./acp-permission.ts";
import { AcpProjectFiles } from "./acp-project-files.ts";
import { type AcpSessionModels, sessionModelsOf } from "./acp-session-models.ts";
import { AcpUpdateReader } from "./acp-update-reader.ts";
import { HistoryReplay } from "./history-replay.ts";

/** How to start one CLI as an ACP agent. */
export interface AcpLaunch {
  label: string;
  command: string;
  args: readonly string[];
  env: NodeJS.ProcessEnv;
  /** The longest one turn may take; the process itself lives as long as its session is in use. */
  timeoutMs: number;
  failureHint?: string;
  now: Clock;
  /** Session options to set after the session starts (ACP config option id → value), e.g. OpenCode's model. */
  sessionOptions?: Record<string, string>;
}

/** Who hears one turn of the session: its parts, its permission requests and plan, and whether it stopped. */
export interface AcpTurn {
  emit(part: ResponsePart): void;
  interaction?: AgentInteraction;
  signal: AbortSignal;
}

/** How long an agent gets to exit once its stdin closed (it saves the session then). */
const EXIT_GRACE_MS = 10_000;

/**
 * One CLI process speaking the Agent Client Protocol over stdio, with one session open in it: initialized,
 * its session new or loaded, then any number of `session/prompt` turns. Each turn's updates and permission
 * requests go to that turn; file writes are served inside the project.
 */
export class AcpAgentProcess {
  readonly exit: Promise<CliExit>;
  /** The ACP session this process holds, once opened. */
  sessionId: string | null = null;
  /** The models the session offers and uses, as the agent last said. */
  models: AcpSessionModels | undefined;
  #exited = false;
  #turn: { turn: AcpTurn; reader: AcpUpdateReader } | undefined;
  readonly #replay = new HistoryReplay();
  readonly #process: ReturnType<typeof startCliProcess>;
  readonly #connection: acp.ClientConnection;
  readonly #launch: AcpLaunch;

  constructor(launch: AcpLaunch, cwd: string) {
    this.#launch = launch;
    // No wall-clock limit on the process: it outlives a turn, and each turn is limited by its run.
    this.#process = startCliProcess({
      command: launch.command,
      args: launch.args,
      cwd,
      env: launch.env,
      conversation: true,
      timeoutMs: 0,
    });
    this.exit = this.#process.exit.then((exit) => {
      this.#exited = true;
      return exit;
    });
    const files = new AcpProjectFiles(cwd);
    const app = acp
      .client({ name: "parley" })
      .onNotification(acp.methods.client.session.update, ({ params }) => {
        // A loaded session replays its history as updates: that is not this turn's answer.
        if (this.#replay.absorbs() || params.sessionId !== this.sessionId || this.#turn === undefined) return;
        const { turn, reader } = this.#turn;
        const read = reader.read(params.update);
        for (const part of read.parts) turn.emit(part);
        if (read.plan) turn.interaction?.showPlan?.(read.plan);
      })
      .onRequest(acp.methods.client.session.requestPermission, ({ params }) => {
        const current = this.#turn;
        if (current === undefined) return { outcome: { outcome: "cancelled" } };
        return answerPermission(params, current.reader, current.turn.interaction, current.turn.signal);
      })
      .onRequest(acp.methods.client.fs.readTextFile, ({ params }) => files.read(params))
      .onRequest(acp.methods.client.fs.writeTextFile, ({ params }) => files.write(params));
    this.#connection = app.connect(
      acp.ndJsonStream(
        Writable.toWeb(this.#process.input) as WritableStream<Uint8Array>,
        bytesOf(this.#process.lines),
      ),
    );
  }

  /** Whether the process is still running (a kept one may have died while idle). */
  get alive(): boolean {
    return !this.#exited;
  }

  /** Initializes the agent and opens the session: `sessionId`'s, loaded, or a new one. Throws ACP's errors. */
  async open(sessionId: string | null, cwd: string): Promise<void> {
    const agent = this.#connection.agent;
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
        throw new Error(`${this.#launch.label} cannot continue an earlier session over ACP`);
      this.sessionId = sessionId;
      this.#replay.start();
      this.#noteModels(
        await agent.request(acp.methods.agent.session.load, { sessionId, cwd, mcpServers: [] }),
      );
      await this.#replay.finished();
    } else {
      const created = await agent.request(acp.methods.agent.session.new, { cwd, mcpServers: [] });
      this.sessionId = created.sessionId;
      this.#noteModels(created);
    }
    for (const [configId, value] of Object.entries(this.#launch.sessionOptions ?? {}))
      this.#noteModels(
        await agent.request(acp.methods.agent.session.setConfigOption, {
          sessionId: this.sessionId,
          configId,
          value,
        }),
      );
  }

  /** Sends one message as a `session/prompt` and resolves with the agent's stop reason. Throws ACP's errors. */
  async prompt(turn: AcpTurn, message: string): Promise<string> {
    if (this.sessionId === null) throw new Error("the ACP session is not open");
    this.#turn = { turn, reader: new AcpUpdateReader(this.#launch.now) };
    try {
      const response = await this.#connection.agent.request(acp.methods.agent.session.prompt, {
        sessionId: this.sessionId,
        prompt: [{ type: "text", text: message }],
      });
      return response.stopReason;
    } finally {
      this.#turn = undefined;
    }
  }

  /** Asks the agent to stop the turn (ACP `session/cancel`); it answers the prompt with `cancelled`. */
  cancel(): void {
    const sessionId = this.sessionId;
    if (sessionId === null) return;
    this.#connection.agent.notify(acp.methods.agent.session.cancel, { sessionId }).catch(() => {});
  }

  /** Ends the conversation: stdin closes (the agent saves and exits), then the process group is killed. */
  close(): Promise<CliExit> {
    this.#connection.close();
    this.#process.input.end();
    setTimeout(() => this.#process.stop(), EXIT_GRACE_MS).unref();
    return this.exit;
  }

  /** Kills the process group now. */
  kill(): void {
    this.#process.stop();
  }

  #noteModels(response: unknown): void {
    this.models = sessionModelsOf(response) ?? this.models;
  }
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
