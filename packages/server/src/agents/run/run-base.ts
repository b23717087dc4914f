import type { MessageScope } from "../context/message-publisher.ts";
import type { RunContext } from "../context/run-context.ts";
import { type RunStart, recordRunStart, recordUserMessage, type UserPrompt } from "./run-records.ts";

/** Who a run is, whichever agent answers it. */
export interface RunBaseIdentity {
  runId: string;
  sessionId: string;
  agentId: string;
  /** Drops the agent's waiting messages (a Stop that clears the queue). */
  clearQueue: () => void;
}

/**
 * What every run shares, whether Parley's engine or an agent CLI answers it: its identity and message scope,
 * recording the person's messages and the run's start, and Stop (cancel) versus shutdown (interrupt), both
 * through one abort signal the run passes on.
 */
export abstract class RunBase {
  readonly runId: string;
  readonly sessionId: string;
  readonly agentId: string;
  readonly startedAtMs: number;
  protected readonly context: RunContext;
  protected readonly scope: MessageScope & { runId: string };
  protected readonly controller = new AbortController();
  /** True once the server began shutting down under the run (it ends interrupted, not cancelled). */
  protected interrupting = false;
  #queueCleared = false;
  readonly #clearQueue: () => void;

  constructor(context: RunContext, identity: RunBaseIdentity) {
    this.context = context;
    this.runId = identity.runId;
    this.sessionId = identity.sessionId;
    this.agentId = identity.agentId;
    this.#clearQueue = identity.clearQueue;
    this.startedAtMs = context.now();
    this.scope = { sessionId: this.sessionId, agentId: this.agentId, runId: this.runId };
  }

  /** True when the run was cancelled with "clear queue". */
  get queueCleared(): boolean {
    return this.#queueCleared;
  }

  /** Inside a transaction: stores a user message of this run and publishes its Message event. */
  recordUserMessage(prompt: UserPrompt): string {
    return recordUserMessage(this.context, this.scope, prompt);
  }

  /** Inside a transaction: records the run as started. */
  abstract recordStart(prompt: string): void;

  /** Records the start of this run with its kind and the model (or CLI) that answers it. */
  protected recordRunStart(prompt: string, details: Pick<RunStart, "kind" | "model">): void {
    const { runId, sessionId, agentId, startedAtMs } = this;
    recordRunStart(this.context, { runId, sessionId, agentId, prompt, startedAtMs, ...details });
  }

  /** Stop: the run ends cancelled; with `clearQueue` the messages waiting for the agent go too. */
  cancel(clearQueue: boolean): void {
    if (clearQueue) {
      this.#queueCleared = true;
      this.#clearQueue();
    }
    this.controller.abort(new Error("cancelled by the user"));
  }

  /** The server is shutting down: the run ends interrupted, to be recovered at the next start. */
  interrupt(): void {
    this.interrupting = true;
    this.controller.abort(new Error("the server is shutting down"));
  }
}
