import type { AgentTurnOptions, EnvironmentVariables } from "@parley/engine";
import type {
  AgentActivity,
  ChatRequest,
  ChatResponse,
  KnownFields,
  MessageParam,
  SessionSummary,
  StreamingSegment,
} from "@parley/protocol";
import type { EventBus } from "../bus/event-bus.ts";
import { ApiError } from "../http/api-error.ts";
import { type QueueItem, toQueuedMessage } from "../store/queue-store.ts";
import type { Store } from "../store/store.ts";
import { type ActiveRun, RunDriver } from "./run-driver.ts";

/** What the agent service needs from the server. */
export interface AgentServiceContext {
  store: Store;
  bus: EventBus;
  projectRoot: string;
  home: string;
  env: EnvironmentVariables;
  now: () => number;
  newId: (prefix: string) => string;
  /** Engine options applied to every turn (tests shorten retries and stall timeouts). */
  turnDefaults?: Partial<AgentTurnOptions>;
}

/** How a finished run ended, for callers waiting on it (seed 003's send-and-wait). */
export interface RunCompletion {
  runId: string;
  status: "completed" | "failed" | "cancelled" | "interrupted";
  texts: { text: string; timestampMs: number; id: string }[];
  error?: string;
}

const DEFAULT_AGENT = "main";

/**
 * Runs agents for the sessions of one project: starts a run for a message to an idle agent, queues a
 * message to a busy one and injects it at the run's next loop iteration (seed 002 "message queue"), cancels
 * run trees, and recovers runs a killed server left behind. A closed browser never cancels a run: only
 * `cancel` does.
 */
export class AgentService {
  readonly #context: AgentServiceContext;
  readonly #active = new Map<string, ActiveRun>();
  readonly #completions = new Map<string, ((completion: RunCompletion) => void)[]>();
  #shuttingDown = false;

  constructor(context: AgentServiceContext) {
    this.#context = context;
  }

  /**
   * `POST /api/chat`: stores the message and starts a run, or queues it when the agent is busy. A retry
   * with the same client_message_id returns the first response and runs nothing.
   */
  chat(request: ChatRequest): ChatResponse {
    const { store, bus, now } = this.#context;
    if (request.client_message_id !== undefined) {
      const first = store.chatRequests.get<ChatResponse>(request.client_message_id);
      if (first !== undefined) return { ...first, duplicate: true };
    }
    const agentId = request.agent_id ?? DEFAULT_AGENT;
    let start: (() => void) | undefined;
    const response = store.transaction((): ChatResponse => {
      const session =
        request.session_id === undefined
          ? this.#createSession(request.text)
          : this.#session(request.session_id);
      const key = agentKey(session.id, agentId);
      let result: ChatResponse;
      if (this.#active.has(key)) {
        const item = store.queue.add({
          id: this.#context.newId("q"),
          session_id: session.id,
          agent_id: agentId,
          text: request.text,
          client_message_id: request.client_message_id ?? null,
          queued_at_ms: now(),
        });
        this.#publishQueue(session.id, agentId);
        result = {
          session_id: session.id,
          agent_id: agentId,
          status: "queued",
          queue_item_id: item.id,
          duplicate: false,
        };
      } else {
        const run = this.#beginRun(session.id, agentId, [
          { text: request.text, clientMessageId: request.client_message_id },
        ]);
        start = run.start;
        result = {
          session_id: session.id,
          agent_id: agentId,
          status: "started",
          run_id: run.runId,
          message_id: run.messageIds[0],
          duplicate: false,
        };
      }
      if (request.client_message_id !== undefined) {
        result.client_message_id = request.client_message_id;
        store.chatRequests.put(request.client_message_id, result, now());
      }
      store.sessions.touch(session.id, now());
      return result;
    });
    bus.flush();
    start?.();
    return response;
  }

  /** Resolves when the run with this id ends (immediately if it already has). */
  waitForRun(runId: string): Promise<RunCompletion> {
    const run = this.#context.store.runs.get(runId);
    if (run === undefined) return Promise.reject(ApiError.notFound("run", runId));
    if (run.status !== "running") return Promise.resolve(this.#completionOf(runId));
    return new Promise((resolve) => {
      const waiting = this.#completions.get(runId) ?? [];
      waiting.push(resolve);
      this.#completions.set(runId, waiting);
    });
  }

  /** Resolves when the queued item is delivered to a run and that run ends. */
  async waitForQueueItem(itemId: string): Promise<RunCompletion> {
    for (;;) {
      const item = this.#context.store.queue.get(itemId);
      if (item === undefined || item.state === "removed") throw ApiError.notFound("queue item", itemId);
      if (item.state === "delivered" && item.run_id !== null) return this.waitForRun(item.run_id);
      const key = agentKey(item.session_id, item.agent_id);
      const active = this.#active.get(key);
      if (active === undefined)
        throw new ApiError("conflict", "the queued message is not waiting for any run");
      await this.waitForRun(active.runId);
    }
  }

  /** Cancels a run and all its descendants; returns the ids of the runs that were still running. */
  cancel(runId: string, options: { clearQueue?: boolean } = {}): string[] {
    const { store } = this.#context;
    const root = store.runs.get(runId);
    if (root === undefined) throw ApiError.notFound("run", runId);
    const tree = [root.id];
    for (let index = 0; index < tree.length; index++) {
      for (const child of store.runs.children(tree[index] as string)) tree.push(child.id);
    }
    const cancelled: string[] = [];
    for (const active of this.#active.values()) {
      if (tree.includes(active.runId)) {
        active.cancel(options.clearQueue === true);
        cancelled.push(active.runId);
      }
    }
    return cancelled;
  }

  /** Cancels every run of a session (before it is deleted) and resolves when they have ended. */
  async stopSession(sessionId: string): Promise<void> {
    const running = [...this.#active.values()].filter((active) => active.sessionId === sessionId);
    for (const active of running) active.cancel(true);
    await Promise.all(running.map((active) => this.waitForRun(active.runId)));
  }

  /** Removes a message from its agent's queue before it is delivered. */
  removeQueueItem(itemId: string): void {
    const { store } = this.#context;
    store.transaction(() => {
      const item = store.queue.get(itemId);
      if (item === undefined) throw ApiError.notFound("queue item", itemId);
      if (!store.queue.remove(itemId)) {
        throw new ApiError("conflict", `queue item ${JSON.stringify(itemId)} was already ${item.state}`);
      }
      this.#publishQueue(item.session_id, item.agent_id);
    });
  }

  /** What each agent of a session is doing. */
  activity(sessionId: string): AgentActivity[] {
    const agents = new Map<string, AgentActivity>([
      [DEFAULT_AGENT, { agent_id: DEFAULT_AGENT, processing: false, run_id: null, started_at_ms: null }],
    ]);
    for (const active of this.#active.values()) {
      if (active.sessionId !== sessionId) continue;
      agents.set(active.agentId, {
        agent_id: active.agentId,
        processing: true,
        run_id: active.runId,
        started_at_ms: active.startedAtMs,
      });
    }
    return [...agents.values()];
  }

  /** Open text segments of a session's running agents; read after a bus flush, so it matches `head_seq`. */
  streaming(sessionId: string): StreamingSegment[] {
    return [...this.#active.values()]
      .filter((active) => active.sessionId === sessionId)
      .map((active) => active.streamingSegment());
  }

  /** Waiting queue items of a session. */
  queue(sessionId: string, agentId?: string): QueueItem[] {
    const agents =
      agentId === undefined ? this.activity(sessionId).map((agent) => agent.agent_id) : [agentId];
    return agents.flatMap((agent) => this.#context.store.queue.waiting(sessionId, agent));
  }

  /**
   * At start-up: a run still marked running was cut short by a killed server. Keep what it streamed as a
   * message, fold what it did into the agent's conversation, and mark it interrupted.
   */
  recoverInterruptedRuns(): string[] {
    const recovered: string[] = [];
    for (const run of this.#context.store.runs.running()) {
      RunDriver.recoverInterrupted(this.#context, run);
      recovered.push(run.id);
    }
    return recovered;
  }

  /** Stops every run (they are recorded as interrupted) and resolves when all have ended. */
  async shutdown(): Promise<void> {
    this.#shuttingDown = true;
    const ending = [...this.#active.values()].map((active) => {
      active.interrupt();
      return this.waitForRun(active.runId);
    });
    await Promise.all(ending);
  }

  #session(id: string): KnownFields<SessionSummary> {
    const session = this.#context.store.sessions.get(id);
    if (session === undefined) throw ApiError.notFound("session", id);
    return session;
  }

  #createSession(firstText: string): KnownFields<SessionSummary> {
    const now = this.#context.now();
    return this.#context.store.sessions.create({
      id: this.#context.newId("ses"),
      project_root: this.#context.projectRoot,
      title: titleFrom(firstText),
      created_at_ms: now,
      updated_at_ms: now,
    });
  }

  /**
   * Inside a transaction: records the run with the agent's waiting messages (sent earlier, so first) and
   * the new ones, and marks the agent busy. Returns the function that starts the run after the commit.
   */
  #beginRun(
    sessionId: string,
    agentId: string,
    prompts: { text: string; clientMessageId?: string | undefined }[],
  ) {
    const context = this.#context;
    const key = agentKey(sessionId, agentId);
    const runId = context.newId("run");
    const waiting = context.store.queue.waiting(sessionId, agentId);
    const driver: RunDriver = new RunDriver(context, {
      runId,
      sessionId,
      agentId,
      takeQueuedMessages: () => this.#deliverQueued(driver),
    });
    const all = [
      ...waiting.map((item) => ({ text: item.text, clientMessageId: item.client_message_id ?? undefined })),
      ...prompts,
    ];
    driver.recordStart(all.map((prompt) => prompt.text).join("\n\n"));
    const messageIds = all.map((prompt) => driver.recordUserMessage(prompt.text, prompt.clientMessageId));
    if (waiting.length > 0) {
      for (const item of waiting) context.store.queue.markDelivered(item.id, runId);
      this.#publishQueue(sessionId, agentId);
    }
    this.#active.set(key, driver);
    context.store.transactor.onRollback(() => this.#active.delete(key));
    const content: MessageParam["content"] =
      all.length === 1 ? (all[0]?.text ?? "") : all.map((prompt) => ({ type: "text", text: prompt.text }));
    const start = () => {
      void driver.execute(content).then((completion) => {
        this.#active.delete(key);
        for (const resolve of this.#completions.get(runId) ?? []) resolve(completion);
        this.#completions.delete(runId);
        if (!this.#shuttingDown && !driver.queueCleared) this.#startQueued(sessionId, agentId);
      });
    };
    return { runId, messageIds: messageIds.slice(waiting.length), start };
  }

  /** Called by a running turn before each model request: delivers waiting messages to it. */
  #deliverQueued(driver: RunDriver): MessageParam["content"][] {
    const { store } = this.#context;
    const delivered = store.transaction(() => {
      const waiting = store.queue.waiting(driver.sessionId, driver.agentId);
      for (const item of waiting) {
        store.queue.markDelivered(item.id, driver.runId);
        driver.recordUserMessage(item.text, item.client_message_id ?? undefined);
      }
      if (waiting.length > 0) this.#publishQueue(driver.sessionId, driver.agentId);
      return waiting;
    });
    return delivered.map((item) => item.text);
  }

  /** After a run ends: messages that arrived too late for it start the next run. */
  #startQueued(sessionId: string, agentId: string): void {
    const { store } = this.#context;
    let start: (() => void) | undefined;
    store.transaction(() => {
      if (this.#active.has(agentKey(sessionId, agentId)) || store.sessions.get(sessionId) === undefined)
        return;
      if (store.queue.waiting(sessionId, agentId).length === 0) return;
      start = this.#beginRun(sessionId, agentId, []).start;
    });
    this.#context.bus.flush();
    start?.();
  }

  #publishQueue(sessionId: string, agentId: string): void {
    this.#context.bus.publish({
      type: "QueueUpdated",
      project_root: this.#context.projectRoot,
      session_id: sessionId,
      agent_id: agentId,
      items: this.#context.store.queue.waiting(sessionId, agentId).map(toQueuedMessage),
    });
  }

  #completionOf(runId: string): RunCompletion {
    return RunDriver.completionOf(this.#context.store, runId);
  }
}

function agentKey(sessionId: string, agentId: string): string {
  return `${sessionId}\u0000${agentId}`;
}

/** A session's title: its first message, on one line, cut at a word near 60 characters. */
export function titleFrom(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  if (line.length <= 60) return line;
  const cut = line.slice(0, 60);
  const space = cut.lastIndexOf(" ");
  return `${(space > 30 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
