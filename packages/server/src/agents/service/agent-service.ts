import type {
  AgentActivity,
  AgentRun,
  Approval,
  AskUserAnswer,
  ChatRequest,
  ChatResponse,
  KnownFields,
  MessageParam,
  StreamingSegment,
} from "@parley/protocol";
import { attachmentLabel, userMessageModelText } from "@parley/protocol";
import { cancelElsewhere, tellRunOwnerOfQueue } from "../../cluster/run-owner-signals.ts";
import { ApiError } from "../../http/api-error.ts";
import type { QueueItem } from "../../store/queue-store.ts";
import { ExternalRunDriver } from "../backends/external-run-driver.ts";
import { reportInterruptedChanges } from "../changes/interrupted-changes.ts";
import { completionOf, type RunCompletion } from "../context/run-completion.ts";
import { type AgentServiceContext, createRunContext, type RunContext } from "../context/run-context.ts";
import { waitingToolUseIds, withdrawWaiting } from "../conversation/open-interactions.ts";
import { type ResumedCall, resumePoint } from "../conversation/resume-point.ts";
import { settleOpenCalls } from "../run/run-conclusion.ts";
import { type ActiveRun, RunDriver, type TurnOverrides } from "../run/run-driver.ts";
import type { UserPrompt } from "../run/run-records.ts";
import { AgentQueue } from "./agent-queue.ts";
import { createSessionFor, nameUntitledSession, requireOwnSession } from "./chat-sessions.ts";
import { recoverInterruptedRun } from "./run-recovery.ts";

export type { RunCompletion } from "../context/run-completion.ts";
export type { AgentServiceContext, RunContext } from "../context/run-context.ts";

const DEFAULT_AGENT = "main";
/** Most messages one agent's queue holds unless the server says otherwise. */
export const DEFAULT_MAX_QUEUE_LENGTH = 100;

/**
 * Runs agents for the sessions of one project: starts a run for a message to an idle agent, queues a
 * message to a busy one and injects it at the run's next loop iteration (seed 002 "message queue"), cancels
 * run trees, resumes a conversation whose approval or question was answered after a restart, and recovers
 * runs a killed server left behind. A closed browser never cancels a run: only `cancel` does.
 */
export class AgentService {
  readonly #context: RunContext;
  readonly #queue: AgentQueue;
  readonly #active = new Map<string, ActiveRun>();
  readonly #completions = new Map<string, ((completion: RunCompletion) => void)[]>();
  readonly #recoveries: Promise<void>[] = [];
  /** Sessions whose files are being rewound: their agents take no new run meanwhile (messages queue). */
  readonly #held = new Set<string>();
  #shuttingDown = false;

  constructor(context: AgentServiceContext) {
    this.#context = createRunContext(context, {
      resume: (sessionId, agentId) => this.resume(sessionId, agentId),
      send: (sessionId, agentId, text) => this.chat({ session_id: sessionId, agent_id: agentId, text }),
      closing: () => this.#shuttingDown,
    });
    this.#queue = new AgentQueue(this.#context);
  }

  /** The context runs share (the desks answer approvals, questions and plan actions). */
  get context(): RunContext {
    return this.#context;
  }

  /**
   * `POST /api/chat`: stores the message and starts a run, or queues it when the agent is busy (or waits
   * for a person's answer to a call a restart interrupted). A retry with the same client_message_id returns
   * the first response and runs nothing. With `turn` (a workflow step's own model or tools) it never queues:
   * a busy agent is a 409.
   */
  chat(request: ChatRequest, turn?: TurnOverrides): ChatResponse {
    const { store, bus, now } = this.#context;
    if (request.client_message_id !== undefined) {
      const first = store.chatRequests.get<ChatResponse>(request.client_message_id);
      if (first !== undefined) return { ...first, duplicate: true };
    }
    const agentId = request.agent_id ?? DEFAULT_AGENT;
    let start: (() => void) | undefined;
    const attachments = request.attachments ?? [];
    // A structure shared without a note names a new session after itself.
    const title = request.text || attachments.map(attachmentLabel).join(", ");
    const response = store.transaction((): ChatResponse => {
      const session =
        request.session_id === undefined
          ? createSessionFor(this.#context, title)
          : nameUntitledSession(
              this.#context,
              requireOwnSession(this.#context, request.session_id, "send it messages"),
              title,
            );
      let result: ChatResponse;
      if (turn !== undefined && this.#busy(session.id, agentId)) {
        // A queued message joins the turn going on, whose model and tools are not this one's.
        throw new ApiError(
          "conflict",
          "the agent is busy: a turn with its own model or tools waits until it is free",
        );
      }
      if (this.#busy(session.id, agentId)) {
        const limit = this.#context.maxQueueLength ?? DEFAULT_MAX_QUEUE_LENGTH;
        if (store.queue.waitingCount(session.id, agentId) >= limit) {
          throw new ApiError(
            "queue_full",
            `${limit} messages already wait for this agent (the queue limit, PARLEY_MAX_QUEUE_LENGTH); ` +
              "wait for it to read them, remove some, or stop it",
            { details: { limit } },
          );
        }
        const item = store.queue.add({
          id: this.#context.newId("q"),
          session_id: session.id,
          agent_id: agentId,
          text: request.text,
          attachments,
          client_message_id: request.client_message_id ?? null,
          queued_at_ms: now(),
        });
        this.#queue.announce("added", session.id, agentId, [item]);
        tellRunOwnerOfQueue(store, session.id, agentId);
        result = {
          session_id: session.id,
          agent_id: agentId,
          status: "queued",
          queue_item_id: item.id,
          duplicate: false,
        };
      } else {
        const run = this.#beginRun(
          session.id,
          agentId,
          "turn",
          [{ text: request.text, attachments, clientMessageId: request.client_message_id }],
          undefined,
          turn,
        );
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

  /**
   * Continues a conversation whose open tool calls were answered while no run waited (after a restart):
   * a resume run carries out exactly those calls (or tells the model they were refused), then goes on.
   * Returns the run's id; undefined when the agent is busy or something still waits for an answer.
   */
  resume(sessionId: string, agentId: string): string | undefined {
    if (this.#shuttingDown || this.#active.has(agentKey(sessionId, agentId))) return undefined;
    const { store, bus } = this.#context;
    let started: { runId: string; start: () => void } | undefined;
    store.transaction(() => {
      if (store.sessions.get(sessionId) === undefined) return;
      const point = resumePoint(store, sessionId, agentId);
      if (point.kind === "calls") {
        started = this.#beginRun(sessionId, agentId, "resume", [], point);
      } else if (point.kind === "none" && store.queue.waiting(sessionId, agentId).length > 0) {
        // Nothing to carry out after all: the messages that waited for the answer go ahead.
        started = this.#beginRun(sessionId, agentId, "turn", []);
      }
    });
    bus.flush();
    started?.start();
    return started?.runId;
  }

  /** Resolves when the run with this id ends (immediately if it already has). */
  waitForRun(runId: string): Promise<RunCompletion> {
    const run = this.#context.store.runs.get(runId);
    if (run === undefined) return Promise.reject(ApiError.notFound("run", runId));
    if (run.status !== "running") return Promise.resolve(completionOf(this.#context.store, runId));
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
      const active = this.#active.get(agentKey(item.session_id, item.agent_id));
      if (active === undefined) {
        const waiting = waitingToolUseIds(this.#context.store, item.session_id, item.agent_id).size > 0;
        throw new ApiError(
          "conflict",
          waiting
            ? "the message was queued: the agent waits for an answer to an approval or a question, and takes it once that is answered"
            : "the queued message is not waiting for any run",
        );
      }
      await this.waitForRun(active.runId);
    }
  }

  /**
   * Cancels a run and all its descendants. Runs still going are stopped (their pending approvals and
   * questions are withdrawn as they stop); approvals and questions an interrupted run left waiting are
   * withdrawn here, and the conversation is closed so the agent can take the next message.
   */
  cancel(
    runId: string,
    options: { clearQueue?: boolean } = {},
  ): { cancelled: string[]; withdrawn: string[] } {
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
    cancelled.push(...cancelElsewhere(store, root.id, tree, cancelled, options.clearQueue === true));
    const withdrawn =
      cancelled.length > 0 ? [] : withdrawWaiting(this.#context, tree, root.session_id, root.agent_id);
    if (withdrawn.length > 0 && options.clearQueue === true)
      this.#queue.clear(root.session_id, root.agent_id);
    if (withdrawn.length > 0) this.#startQueued(root.session_id, root.agent_id);
    return { cancelled, withdrawn };
  }

  /** Cancels every run of a session (before it is deleted) and resolves when they have ended. */
  async stopSession(sessionId: string): Promise<void> {
    const running = [...this.#active.values()].filter((active) => active.sessionId === sessionId);
    for (const active of running) active.cancel(true);
    await Promise.all(running.map((active) => this.waitForRun(active.runId)));
    // The agent CLI kept running for the session's next message has nothing left to answer.
    const backendSession = this.#context.store.sessions.backendSession(sessionId);
    if (backendSession !== null) await this.#context.acpProcesses?.closeSession(backendSession);
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
      this.#queue.announce("removed", item.session_id, item.agent_id, [item]);
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
      .flatMap((active) => active.streamingSegment() ?? []);
  }

  /** Waiting queue items of a session. */
  queue(sessionId: string, agentId?: string): QueueItem[] {
    const agents =
      agentId === undefined ? this.activity(sessionId).map((agent) => agent.agent_id) : [agentId];
    return agents.flatMap((agent) => this.#context.store.queue.waiting(sessionId, agent));
  }

  /** Whether an agent has a run going now. */
  isActive(sessionId: string, agentId: string): boolean {
    return this.#active.has(agentKey(sessionId, agentId));
  }

  /**
   * Marks an agent busy with work that is not a model turn (a compaction) until `done` is called; the
   * agent's messages queue meanwhile. Returns undefined when the agent is busy already.
   */
  occupy(run: ActiveRun): (() => void) | undefined {
    const key = agentKey(run.sessionId, run.agentId);
    if (this.#busy(run.sessionId, run.agentId)) return undefined;
    this.#active.set(key, run);
    return () => {
      this.#active.delete(key);
      this.#settle(run.runId, run.sessionId, run.agentId, false);
    };
  }

  /**
   * Keeps every agent of a session from starting a run until the returned release is called (a rewind puts
   * files back meanwhile); messages sent then queue and start on release. Undefined when one of `agentIds`
   * (or the session's default agent) is busy, or the session is held already.
   */
  holdSession(sessionId: string, agentIds: readonly string[]): (() => void) | undefined {
    const agents = new Set([DEFAULT_AGENT, ...agentIds]);
    if (this.#held.has(sessionId) || [...agents].some((agentId) => this.#busy(sessionId, agentId)))
      return undefined;
    this.#held.add(sessionId);
    return () => {
      this.#held.delete(sessionId);
      for (const agentId of agents) this.#startQueued(sessionId, agentId);
    };
  }

  /**
   * At start-up: records runs a killed server left "running" as interrupted (see `recoverInterruptedRun`);
   * on a shared database, the runs `runIds` names (their server went quiet).
   */
  recoverInterruptedRuns(runIds?: readonly string[]): string[] {
    const { runs } = this.#context.store;
    const running =
      runIds === undefined
        ? runs.running()
        : runIds.flatMap((id) => {
            const run = runs.get(id);
            return run?.status === "running" ? [run] : [];
          });
    // Subagents first: their withdrawn approvals must not keep their parent's calls open.
    running.sort((left, right) => Number(left.parent_run_id === null) - Number(right.parent_run_id === null));
    for (const run of running) recoverInterruptedRun(this.#context, run);
    // Their change reports need the files read again, so they follow once the server is up.
    for (const run of running) this.#recoveries.push(this.#reportChangesOf(run));
    return running.map((run) => run.id);
  }

  /** Stops every run (they are recorded as interrupted) and resolves when all have ended. */
  async shutdown(): Promise<void> {
    this.#shuttingDown = true;
    await Promise.all(this.#recoveries);
    const ending = [...this.#active.values()].map((active) => {
      active.interrupt();
      return this.waitForRun(active.runId);
    });
    await Promise.all(ending);
    await this.#context.acpProcesses?.closeAll();
  }

  async #reportChangesOf(run: KnownFields<AgentRun>): Promise<void> {
    try {
      await reportInterruptedChanges(this.#context, run);
    } catch (error) {
      console.warn(`parley: could not report the changes of interrupted run ${run.id}:`, error);
    }
  }

  #busy(sessionId: string, agentId: string): boolean {
    const { store } = this.#context;
    return (
      this.#held.has(sessionId) ||
      this.#active.has(agentKey(sessionId, agentId)) ||
      waitingToolUseIds(store, sessionId, agentId).size > 0 ||
      // Another server sharing the database runs a turn of this agent (never on SQLite).
      store.signals?.agentOwnerElsewhere(sessionId, agentId) !== undefined
    );
  }

  /** Starts the agent's queued messages if it is free (another server queued one for a run here). */
  deliverQueued(sessionId: string, agentId: string): void {
    this.#startQueued(sessionId, agentId);
  }

  /**
   * Inside a transaction: records the run with the agent's waiting messages (sent earlier, so first) and
   * the new ones, and marks the agent busy. Returns the function that starts the run after the commit.
   * A resume run takes no messages: the queue reaches it at its next model request.
   */
  #beginRun(
    sessionId: string,
    agentId: string,
    kind: "turn" | "resume",
    prompts: UserPrompt[],
    resumed?: {
      calls: ResumedCall[];
      approvals: Map<string, Approval>;
      answers: Map<string, AskUserAnswer[]>;
    },
    turn?: TurnOverrides,
  ) {
    const context = this.#context;
    const key = agentKey(sessionId, agentId);
    const runId = context.newId("run");
    const waiting = kind === "turn" ? context.store.queue.waiting(sessionId, agentId) : [];
    const backend = context.store.sessions.get(sessionId)?.backend ?? "parley";
    const external =
      backend === "parley" || kind === "resume"
        ? undefined
        : new ExternalRunDriver(
            context,
            { runId, sessionId, agentId, clearQueue: () => this.#queue.clear(sessionId, agentId) },
            backend,
          );
    const engineDriver: RunDriver = new RunDriver(context, {
      runId,
      sessionId,
      agentId,
      kind,
      takeQueuedMessages: () => this.#queue.deliverTo(engineDriver),
      clearQueue: () => this.#queue.clear(sessionId, agentId),
      ...(resumed && {
        resumedCalls: resumed.calls,
        answeredApprovals: resumed.approvals,
        answeredQuestions: resumed.answers,
      }),
      ...(turn && { turn }),
    });
    // A session answered by an agent CLI runs there; its queued messages start the next run, as one prompt.
    const driver = external ?? engineDriver;
    const all = [
      ...waiting.map((item) => ({
        text: item.text,
        attachments: item.attachments,
        clientMessageId: item.client_message_id ?? undefined,
      })),
      ...prompts,
    ];
    // The model (and an agent CLI) reads each attached card as text after the person's words.
    const commands = context.customCommands;
    const modelTexts = all.map((prompt) =>
      userMessageModelText(commands?.modelText(prompt.text) ?? prompt.text, prompt.attachments),
    );
    driver.recordStart(modelTexts.join("\n\n"));
    const messageIds = all.map((prompt) => driver.recordUserMessage(prompt));
    if (waiting.length > 0) {
      for (const item of waiting) context.store.queue.markDelivered(item.id, runId);
      this.#queue.announce("delivered", sessionId, agentId, waiting);
    }
    if (kind === "turn") {
      this.#expireTextQuestions(sessionId, agentId);
      // A new message never follows an open tool call: one left without a waiting person (its answer
      // was recorded just before a crash) is closed as interrupted, so the conversation stays valid.
      settleOpenCalls(context.store, sessionId, agentId);
    }
    this.#active.set(key, driver);
    context.store.transactor.onRollback(() => this.#active.delete(key));
    const content: MessageParam["content"] | undefined =
      kind === "resume"
        ? undefined
        : modelTexts.length === 1
          ? (modelTexts[0] ?? "")
          : modelTexts.map((text) => ({ type: "text", text }));
    const start = () => {
      // `execute` never throws; should it, the agent is still let go rather than left busy until a restart.
      void driver
        .execute(content)
        .catch((error: unknown) => console.error("parley: a run ended with an error:", error))
        .then(() => {
          this.#active.delete(key);
          this.#settle(runId, sessionId, agentId, driver.queueCleared);
        });
    };
    return { runId, messageIds: messageIds.slice(waiting.length), start };
  }

  /** After a run (or other work) ends: tells waiters, and starts the next run with the waiting messages. */
  #settle(runId: string, sessionId: string, agentId: string, queueCleared: boolean): void {
    const completion = completionOf(this.#context.store, runId);
    for (const resolve of this.#completions.get(runId) ?? []) resolve(completion);
    this.#completions.delete(runId);
    if (!this.#shuttingDown && !queueCleared) this.#startQueued(sessionId, agentId);
  }

  /** A question the agent wrote in its text is moot once the person sends it something else. */
  #expireTextQuestions(sessionId: string, agentId: string): void {
    const stale = this.#context.store.questions
      .pending(sessionId)
      .filter((question) => question.agent_id === agentId && question.source === "text");
    if (stale.length > 0)
      this.#context.questions.withdraw(
        stale.map((question) => question.question_id),
        "expired",
      );
  }

  /** After a run ends: messages that arrived too late for it start the next run. */
  #startQueued(sessionId: string, agentId: string): void {
    const { store } = this.#context;
    let start: (() => void) | undefined;
    store.transaction(() => {
      if (this.#busy(sessionId, agentId) || store.sessions.get(sessionId) === undefined) return;
      if (store.queue.waiting(sessionId, agentId).length === 0) return;
      start = this.#beginRun(sessionId, agentId, "turn", []).start;
    });
    this.#context.bus.flush();
    start?.();
  }
}

function agentKey(sessionId: string, agentId: string): string {
  return `${sessionId}\u0000${agentId}`;
}
