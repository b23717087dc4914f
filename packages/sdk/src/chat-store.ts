import type {
  AnyUiSseMessage,
  AskUserAnswer,
  RewindResponse,
  SelectablePermissionMode,
} from "@parley/protocol";
import { ApiRequestError } from "./api-request-error.ts";
import type { BackoffOptions } from "./backoff.ts";
import type { ChatAction } from "./chat-actions.ts";
import type { ChatStoreState } from "./chat-state.ts";
import type { ChatStoreApi } from "./chat-store-api.ts";
import { createClientMessageId } from "./client-message-id.ts";
import { CoalescedTask } from "./coalesced-task.ts";
import type { EventStream, EventStreamFactory } from "./event-stream.ts";
import { EventStreamClient } from "./event-stream-client.ts";
import { InteractionActions } from "./interaction-actions.ts";
import type { ApprovalAnswer, ExecutePlanMode, InteractionOutcome } from "./interaction-state.ts";
import { describe, MessageSender, type SendOptions } from "./message-sender.ts";
import { OpenSession } from "./open-session.ts";
import { ParleyClient, type ParleyClientOptions } from "./parley-client.ts";
import { defaultRenderScheduler, type RenderScheduler } from "./render-scheduler.ts";
import { defaultSendRetry, type RetryOptions } from "./retry-request.ts";
import { SessionLoader } from "./session-loader.ts";
import { handleSseMessage, type StoreEffect } from "./sse-event-handlers.ts";
import { StorePublisher } from "./store-publisher.ts";
import { systemTimers, type Timers } from "./timers.ts";

/** Options of a ChatStore. Everything that touches time, randomness or the network is injectable. */
export interface ChatStoreOptions extends ParleyClientOptions {
  /** A ready client; otherwise one is made from `baseUrl`, `token`, `fetch` and `credentials`. */
  client?: ParleyClient;
  /** The agent messages go to (`main`). */
  agentId?: string;
  /** Messages per page when loading a session and older history (200). */
  pageSize?: number;
  timers?: Timers;
  random?: () => number;
  /** When subscribers hear about changes; by default once per animation frame (or macrotask in Node). */
  scheduleRender?: RenderScheduler;
  /** The server's heartbeat interval (15 s); a stream silent for 2.5 of them is reconnected. */
  heartbeatIntervalMs?: number;
  reconnectBackoff?: Partial<BackoffOptions>;
  /** How a failed send is retried (always with the same client_message_id). */
  sendRetry?: Partial<Pick<RetryOptions, "retries" | "backoff">>;
  createClientMessageId?: () => string;
  /** Skipped frames and failed handlers; `console.warn` by default (a terminal UI passes its own). */
  onWarning?: (message: string) => void;
  /**
   * Makes the event stream: an EventStreamClient by default; a browser page passes `sharedEventStreams()`
   * so that all its tabs share one connection.
   */
  createEventStream?: EventStreamFactory;
}

/**
 * The chat store every Parley UI renders from (React through useSyncExternalStore, the terminal UI
 * through `subscribe`). One event stream feeds all sessions (one per store, or one shared by a browser's
 * tabs: `createEventStream`): the open session's events go through the chat reducer exactly once (by
 * seq), the session list follows `run/sync`, and opening a session buffers its events while the snapshot
 * loads, so a reload mid-answer continues with nothing lost or doubled. Subscribers hear about changes at most once per animation frame; an awaited action has
 * published its changes when it resolves.
 */
export class ChatStore implements ChatStoreApi {
  readonly #client: ParleyClient;
  readonly #stream: EventStream;
  readonly #timers: Timers;
  readonly #random: () => number;
  readonly #agentId: string;
  readonly #warn: (message: string) => void;
  readonly #publisher: StorePublisher<ChatStoreState>;
  readonly #open = new OpenSession();
  readonly #sessionsRefresh = new CoalescedTask(() => this.#fetchSessions());
  readonly #loader: SessionLoader;
  readonly #sender: MessageSender;
  readonly #interactions: InteractionActions;
  #started = false;

  constructor(options: ChatStoreOptions = {}) {
    this.#client = options.client ?? new ParleyClient(options);
    this.#timers = options.timers ?? systemTimers;
    this.#random = options.random ?? Math.random;
    this.#agentId = options.agentId ?? "main";
    this.#warn = options.onWarning ?? ((message) => console.warn(`[parley] ${message}`));
    const createEventStream =
      options.createEventStream ?? ((streamOptions) => new EventStreamClient(streamOptions));
    this.#stream = createEventStream({
      client: this.#client,
      onFrame: (frame) => this.#onFrame(frame),
      onResync: () => this.#resync(),
      onStatus: (connection, detail) => {
        if (detail.reason === "unauthorized") this.#update({ connection, signedOut: true });
        else this.#update({ connection, ...(connection === "connected" && { signedOut: undefined }) });
      },
      onWarning: (warning) => this.#warn(`event stream: ${warning.message}`),
      timers: this.#timers,
      random: this.#random,
      ...(options.heartbeatIntervalMs !== undefined && { heartbeatIntervalMs: options.heartbeatIntervalMs }),
      ...(options.reconnectBackoff !== undefined && { backoff: options.reconnectBackoff }),
    });
    const shared = this.#stream.shared;
    this.#publisher = new StorePublisher<ChatStoreState>(
      {
        connection: "offline",
        ...(shared !== undefined && { connectionShared: shared }),
        sessions: [],
        loadingSession: false,
      },
      options.scheduleRender ?? defaultRenderScheduler(this.#timers),
      () => {
        const session = this.#open.state;
        if (session !== this.#state.session) this.#publisher.update({ session });
      },
    );
    this.#loader = new SessionLoader({
      client: this.#client,
      open: this.#open,
      pageSize: options.pageSize ?? 200,
      activeSessionId: () => this.#state.activeSessionId,
      loaded: (session, headSeq) => {
        this.#stream.deliverAfter(headSeq);
        this.#update({ session, loadingSession: false });
      },
      gone: (sessionId) => {
        if (this.#state.activeSessionId === sessionId) this.newSession();
        this.#update({ error: "This session no longer exists." });
      },
      failed: (what, error) => {
        this.#update({ loadingSession: false });
        this.#fail(what, error);
      },
      dispatch: (action) => this.#dispatch(action),
      warn: this.#warn,
    });
    this.#sender = new MessageSender({
      client: this.#client,
      open: this.#open,
      agentId: this.#agentId,
      retry: { ...defaultSendRetry, ...options.sendRetry, timers: this.#timers, random: this.#random },
      now: () => this.#timers.now(),
      newClientMessageId: options.createClientMessageId ?? createClientMessageId,
      activeSessionId: () => this.#state.activeSessionId,
      showDraft: () => this.#update({ loadingSession: false }),
      adopt: (sessionId, complete) => {
        this.#update({ activeSessionId: sessionId });
        if (!complete) void this.#loader.load(sessionId, true);
      },
      dispatch: (action) => this.#dispatch(action),
      failed: (what, error) => this.#fail(what, error),
      sessionsChanged: () => void this.#sessionsRefresh.run(),
    });
    this.#interactions = new InteractionActions({
      client: this.#client,
      open: this.#open,
      agentId: this.#agentId,
      activeSessionId: () => this.#state.activeSessionId,
      openSession: (sessionId) => this.openSession(sessionId),
      sessionsChanged: () => void this.#sessionsRefresh.run(),
      dispatch: (action) => this.#dispatch(action),
      failed: (what, error) => this.#fail(what, error),
    });
  }

  /** The HTTP client the store uses, for what the store does not wrap (the settings page, agents). */
  get client(): ParleyClient {
    return this.#client;
  }

  subscribe(listener: () => void): () => void {
    return this.#publisher.subscribe(listener);
  }

  getSnapshot(): ChatStoreState {
    return this.#publisher.published;
  }

  start(): Promise<void> {
    return this.#settled(async () => {
      if (this.#started) return;
      this.#started = true;
      this.#stream.start();
      await Promise.all([this.#sessionsRefresh.run(), this.#refreshSettings()]);
    });
  }

  stop(): void {
    this.#started = false;
    this.#stream.stop();
  }

  openSession(sessionId: string): Promise<void> {
    return this.#settled(async () => {
      if (sessionId === this.#state.activeSessionId) {
        const load = this.#open.load;
        if (load?.sessionId === sessionId) return load.done;
        if (this.#open.state !== undefined) return;
      }
      this.#open.replace(undefined);
      this.#update({ activeSessionId: sessionId, session: undefined, loadingSession: true });
      await this.#loader.load(sessionId, false);
    });
  }

  newSession(): void {
    this.#open.replace(undefined);
    this.#update({ activeSessionId: undefined, session: undefined, loadingSession: false });
    this.#publisher.publish();
  }

  sendMessage(text: string, options: SendOptions = {}): Promise<void> {
    return this.#settled(async () => {
      // An MCP prompt typed as a slash command is filled in by its server, and its text is what is sent.
      const command = /^\s*(\/mcp__\S+)\s*([\s\S]*)$/.exec(text);
      if (command === null) return this.#sender.send(text, options.attachments);
      try {
        const filled = await this.#client.fillMcpPromptCommand(
          command[1] as string,
          (command[2] ?? "").trim(),
        );
        return this.#sender.send(filled.text, options.attachments);
      } catch (error) {
        return this.#fail("Could not fill in the MCP prompt", error);
      }
    });
  }

  stopRun(options: { clearQueue?: boolean } = {}): Promise<void> {
    return this.#settled(async () => {
      const runId = this.#open.state?.activeRunId;
      if (runId === undefined) return;
      await this.#client
        .cancelRun(runId, { clearQueue: options.clearQueue === true })
        .catch((error) => this.#fail("Could not stop the run", error));
    });
  }

  removeQueued(itemId: string): Promise<void> {
    return this.#settled(async () => {
      try {
        await this.#client.removeQueueItem(itemId);
      } catch (error) {
        return this.#fail("Could not remove the queued message", error);
      }
      // The queue event follows; until then the item should not linger.
      const queue = this.#open.state?.queue ?? [];
      const item = queue.find((queued) => queued.id === itemId);
      if (item === undefined) return;
      const agentId = item.agentId ?? this.#agentId;
      const rest = queue.filter(
        (queued) => queued.id !== itemId && (queued.agentId ?? this.#agentId) === agentId,
      );
      this.#dispatch({ type: "SET_QUEUE", agentId, items: rest });
    });
  }

  async queuedText(itemId: string): Promise<string | undefined> {
    try {
      return (await this.#client.getQueueItem(itemId)).text;
    } catch (error) {
      this.#fail("Could not load the queued message", error);
      return undefined;
    }
  }

  renameSession(sessionId: string, title: string): Promise<void> {
    return this.#settled(async () => {
      try {
        const renamed = await this.#client.renameSession(sessionId, title);
        this.#update({
          sessions: this.#state.sessions.map((session) => (session.id === renamed.id ? renamed : session)),
        });
      } catch (error) {
        this.#fail("Could not rename the session", error);
      }
    });
  }

  deleteSession(sessionId: string): Promise<void> {
    return this.#settled(async () => {
      try {
        await this.#client.deleteSession(sessionId);
      } catch (error) {
        return this.#fail("Could not delete the session", error);
      }
      this.#update({ sessions: this.#state.sessions.filter((session) => session.id !== sessionId) });
      if (this.#state.activeSessionId === sessionId) this.newSession();
    });
  }

  loadOlder(): Promise<void> {
    return this.#settled(() => this.#loader.loadOlder());
  }

  answerQuestion(questionId: string, answers: AskUserAnswer[]): Promise<InteractionOutcome> {
    return this.#settledWith(() => this.#interactions.answerQuestion(questionId, answers));
  }

  answerApproval(approvalId: string, answer: ApprovalAnswer): Promise<InteractionOutcome> {
    return this.#settledWith(() => this.#interactions.answerApproval(approvalId, answer));
  }

  executePlan(messageId: string, mode?: ExecutePlanMode): Promise<InteractionOutcome> {
    return this.#settledWith(() => this.#interactions.executePlan(messageId, mode));
  }

  refinePlan(messageId: string, feedback: string): Promise<InteractionOutcome> {
    return this.#settledWith(() => this.#interactions.refinePlan(messageId, feedback));
  }

  setPermissionMode(mode: SelectablePermissionMode): Promise<void> {
    return this.#settled(() => this.#interactions.setPermissionMode(mode));
  }

  compact(instructions?: string): Promise<void> {
    return this.#settled(() => this.#interactions.compact(instructions));
  }

  rewindFiles(runId: string, options: { dryRun: boolean }): Promise<RewindResponse> {
    const sessionId = this.#state.activeSessionId;
    if (sessionId === undefined) return Promise.reject(new Error("no session is open"));
    return this.#client.rewind(sessionId, { run_id: runId, dry_run: options.dryRun });
  }

  dismissError(): void {
    this.#update({ error: undefined });
    this.#publisher.publish();
  }

  // ── events ──────────────────────────────────────────────────────────────────

  #onFrame(frame: AnyUiSseMessage): void {
    const handled = handleSseMessage(frame);
    if (handled.warning !== undefined) this.#warn(handled.warning);
    const sessionId = handled.sessionId;
    if (handled.actions.length > 0 && sessionId !== undefined) {
      if (this.#open.acceptEvent(sessionId, frame.seq, handled.actions)) this.#publisher.schedule();
    }
    for (const effect of handled.effects) this.#runEffect(effect, sessionId);
  }

  #runEffect(effect: StoreEffect, frameSessionId: string | undefined): void {
    if (effect.type === "refetch_sessions") void this.#sessionsRefresh.run();
    else if (effect.type === "refetch_settings") void this.#refreshSettings();
    else if (effect.type === "permission_rules_changed")
      this.#update({ rulesRevision: (this.#state.rulesRevision ?? 0) + 1 });
    else if (effect.type === "mcp_servers_changed")
      this.#update({ mcpRevision: (this.#state.mcpRevision ?? 0) + 1 });
    else if (effect.type === "mission_changed")
      this.#update({ missionRevision: (this.#state.missionRevision ?? 0) + 1 });
    else {
      const active = this.#state.activeSessionId;
      if (active !== undefined && (effect.sessionId ?? frameSessionId ?? active) === active) {
        void this.#loader.load(active, true);
      }
    }
  }

  /** The server could not replay from our cursor: refetch everything before the stream goes on. */
  async #resync(): Promise<void> {
    const active = this.#state.activeSessionId;
    this.#open.newSessionEventsMissed();
    await Promise.all([
      this.#sessionsRefresh.run(),
      this.#refreshSettings(),
      active === undefined ? undefined : this.#loader.load(active, true, true),
    ]);
  }

  // ── list and settings ──────────────────────────────────────────────────────

  async #fetchSessions(): Promise<void> {
    try {
      const active = this.#state.activeSessionId;
      const sessions = await this.#client.listSessions();
      this.#update({ sessions });
      // The open session is not listed: deleted elsewhere, most likely; its snapshot tells (404 or not).
      if (
        active !== undefined &&
        active === this.#state.activeSessionId &&
        !sessions.some((session) => session.id === active) &&
        this.#open.load === undefined
      ) {
        void this.#loader.load(active, true);
      }
    } catch (error) {
      this.#fail("Could not load the sessions", error);
    }
  }

  async #refreshSettings(): Promise<void> {
    try {
      const view = await this.#client.getSettings();
      const { ref, is_demo: isDemo, label, error } = view.model;
      this.#update({
        model: { ref, isDemo, label, ...(error !== undefined && { error }) },
        ...(view.idle_prompts !== undefined && { idlePrompts: view.idle_prompts }),
      });
    } catch (error) {
      this.#fail("Could not load the settings", error);
    }
  }

  // ── state ───────────────────────────────────────────────────────────────────

  get #state(): ChatStoreState {
    return this.#publisher.state;
  }

  #update(patch: Partial<ChatStoreState>): void {
    this.#publisher.update(patch);
  }

  /** Queues an action for the open session; it is applied with the others at the next frame. */
  #dispatch(action: ChatAction): void {
    if (this.#open.dispatch(action)) this.#publisher.schedule();
  }

  /** Runs an action and publishes what it changed as soon as it completes, so `await action()` shows it. */
  async #settled(work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } finally {
      this.#publisher.publish();
    }
  }

  /** `#settled` for an action that returns what happened. */
  async #settledWith<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } finally {
      this.#publisher.publish();
    }
  }

  #fail(what: string, error: unknown): void {
    if (error instanceof ApiRequestError && error.status === 401) {
      this.#update({ error: `${what}: you are signed out.`, signedOut: true });
    } else {
      this.#update({ error: `${what}: ${describe(error)}` });
    }
  }
}
