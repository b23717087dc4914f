import {
  type EngineMessage,
  foldTurnIntoHistory,
  loadSettings,
  lookupModelInfo,
  type ModelConfig,
  modelRef,
  resolveFallbackModelConfig,
  resolveModelConfig,
  runAgentTurn,
} from "@parley/engine";
import type { AgentRun, KnownFields, MessageParam, StreamingSegment } from "@parley/protocol";
import type { Store } from "../store/store.ts";
import type { AgentServiceContext, RunCompletion } from "./agent-service.ts";
import { withPartialText } from "./partial-history.ts";
import { type MessageToStore, type RunResultSummary, RunTranslator } from "./run-translator.ts";
import { composeSystemPrompt } from "./system-prompt.ts";

/** A run in progress, as the agent service tracks it. */
export interface ActiveRun {
  readonly runId: string;
  readonly sessionId: string;
  readonly agentId: string;
  readonly startedAtMs: number;
  /** Stops the run (explicit cancel); with `clearQueue` the agent's waiting messages are dropped too. */
  cancel(clearQueue: boolean): void;
  /** Stops the run because the server is shutting down; it is recorded as interrupted. */
  interrupt(): void;
  streamingSegment(): StreamingSegment;
  recordUserMessage(text: string, clientMessageId?: string): string;
}

interface RunIdentity {
  runId: string;
  sessionId: string;
  agentId: string;
  takeQueuedMessages: () => MessageParam["content"][];
}

/**
 * Executes one agent run: resolves its model, streams the engine's turn, and for each engine message
 * commits, in one transaction, the raw message, the rich messages it produces and their events. Token
 * deltas go to the event bus's group commit. Exactly one outcome is recorded, whatever happens.
 */
export class RunDriver implements ActiveRun {
  readonly runId: string;
  readonly sessionId: string;
  readonly agentId: string;
  readonly startedAtMs: number;
  #queueCleared = false;
  readonly #context: AgentServiceContext;
  readonly #identity: RunIdentity;
  readonly #translator: RunTranslator;
  readonly #controller = new AbortController();
  readonly #emitted: EngineMessage[] = [];
  readonly #storedBySource = new Map<string, string[]>();
  #interrupting = false;
  #model: ModelConfig | undefined;

  constructor(context: AgentServiceContext, identity: RunIdentity) {
    this.#context = context;
    this.#identity = identity;
    this.runId = identity.runId;
    this.sessionId = identity.sessionId;
    this.agentId = identity.agentId;
    this.startedAtMs = context.now();
    this.#translator = new RunTranslator(
      {
        runId: this.runId,
        sessionId: this.sessionId,
        agentId: this.agentId,
        projectRoot: context.projectRoot,
      },
      context.now,
    );
  }

  /** True when the run was cancelled with "clear queue". */
  get queueCleared(): boolean {
    return this.#queueCleared;
  }

  /** Inside a transaction: stores a user message of this run and publishes its Message event. */
  recordUserMessage(text: string, clientMessageId?: string): string {
    const { store, bus, newId, now, projectRoot } = this.#context;
    const id = newId("msg");
    store.messages.append(
      {
        id,
        session_id: this.sessionId,
        agent_id: this.agentId,
        role: "user",
        rich: { kind: "Text", data: { text } },
        run_id: this.runId,
        created_at_ms: now(),
      },
      clientMessageId,
    );
    bus.publish({
      type: "Message",
      agent_id: this.agentId,
      from: "user",
      to: this.agentId,
      content: text,
      message_id: id,
      role: "user",
      rich: { kind: "Text", data: { text } },
      run_id: this.runId,
      session_id: this.sessionId,
      project_root: projectRoot,
      ...(clientMessageId !== undefined && { client_message_id: clientMessageId }),
    });
    return id;
  }

  /** Inside a transaction: records the run as started. */
  recordStart(prompt: string): void {
    this.#context.store.runs.start({
      id: this.runId,
      session_id: this.sessionId,
      agent_id: this.agentId,
      parent_run_id: null,
      model: "",
      prompt,
      started_at_ms: this.startedAtMs,
    });
  }

  cancel(clearQueue: boolean): void {
    if (clearQueue) {
      this.#queueCleared = true;
      const { store, bus, projectRoot } = this.#context;
      store.transaction(() => {
        for (const item of store.queue.waiting(this.sessionId, this.agentId)) store.queue.remove(item.id);
        bus.publish({
          type: "QueueUpdated",
          project_root: projectRoot,
          session_id: this.sessionId,
          agent_id: this.agentId,
          items: [],
        });
      });
    }
    this.#controller.abort(new Error("cancelled by the user"));
  }

  interrupt(): void {
    this.#interrupting = true;
    this.#controller.abort(new Error("the server is shutting down"));
  }

  streamingSegment(): StreamingSegment {
    return {
      agent_id: this.agentId,
      run_id: this.runId,
      message_id: this.#translator.segmentId,
      text: this.#translator.partialText,
      thinking: this.#translator.partialThinking,
    };
  }

  /** Runs the turn to its end and returns how it ended. Never throws. */
  async execute(prompt: MessageParam["content"]): Promise<RunCompletion> {
    const { store, env, home, projectRoot } = this.#context;
    try {
      const settings = await loadSettings(home);
      const override = store.overrides.get(projectRoot, this.agentId);
      const model = resolveModelConfig({
        env,
        settings,
        ...(override?.model && { override: override.model }),
      });
      const fallbackModel = resolveFallbackModelConfig({ env, settings });
      this.#model = model;
      store.runs.setModel(this.runId, modelRef(model));
      const systemPrompt = composeSystemPrompt({
        settings: settings.system_prompt,
        agent: override?.system_prompt,
        mission: store.missions.active(projectRoot)?.text,
      });
      const turn = runAgentTurn({
        ...this.#context.turnDefaults,
        sessionId: this.sessionId,
        history: store.conversation.history(this.sessionId, this.agentId),
        prompt,
        model,
        ...(fallbackModel && { fallbackModel }),
        ...(systemPrompt !== undefined && { systemPrompt }),
        ...(settings.max_turns !== undefined && { maxTurns: settings.max_turns }),
        cwd: projectRoot,
        includePartialMessages: true,
        takeQueuedMessages: this.#identity.takeQueuedMessages,
        signal: this.#controller.signal,
      });
      for await (const message of turn) this.#handle(message, prompt);
    } catch (error) {
      this.#failUnexpectedly(error);
    }
    this.#ensureFinished();
    return RunDriver.completionOf(store, this.runId);
  }

  #handle(message: EngineMessage, prompt: MessageParam["content"]): void {
    const { store, bus } = this.#context;
    const translation = this.#translator.translate(message);
    for (const token of translation.tokens) bus.publish(token);
    if (message.type === "stream_event" && translation.events.length === 0) return;
    store.transaction(() => {
      if (message.type !== "stream_event") {
        store.runs.appendMessage(this.runId, message);
        this.#emitted.push(message);
      }
      this.#dropSuperseded(translation.superseded);
      this.#storeMessages(translation.store);
      if (message.type === "system" && message.subtype === "model_fallback") {
        store.runs.setModel(this.runId, (message as { actual: string }).actual);
      }
      for (const event of translation.events) bus.publish(event);
      if (translation.result) this.#finish(translation.result, prompt);
    });
  }

  #storeMessages(items: readonly MessageToStore[]): void {
    for (const item of items) {
      this.#context.store.messages.append({
        id: item.id,
        session_id: this.sessionId,
        agent_id: this.agentId,
        role: item.role,
        rich: item.rich,
        run_id: this.runId,
        created_at_ms: this.#context.now(),
      });
      this.#storedBySource.set(item.sourceUuid, [
        ...(this.#storedBySource.get(item.sourceUuid) ?? []),
        item.id,
      ]);
    }
  }

  /** A retried model request replaced assistant messages already stored: remove them, tell clients to refetch. */
  #dropSuperseded(uuids: readonly string[]): void {
    const { store, bus, projectRoot } = this.#context;
    const ids = uuids.flatMap((uuid) => this.#storedBySource.get(uuid) ?? []);
    if (ids.length === 0) return;
    for (const id of ids) store.messages.delete(id);
    bus.publish({
      type: "StateUpdated",
      reason: "messages_superseded",
      session_id: this.sessionId,
      project_root: projectRoot,
    });
  }

  /** Inside the transaction of the engine's result: ends the run and saves what the model saw. */
  #finish(result: RunResultSummary, prompt: MessageParam["content"]): void {
    const { store, bus, now, projectRoot } = this.#context;
    const interrupted = this.#interrupting && result.outcome === "cancelled";
    let partialText = "";
    if (result.outcome === "cancelled") {
      const partial = this.#translator.closePartialSegment();
      partialText = String((partial.store[0]?.rich.data as { text?: string } | undefined)?.text ?? "");
      this.#storeMessages(partial.store);
      for (const event of partial.events) bus.publish(event);
    }
    const status = interrupted
      ? "interrupted"
      : result.outcome === "success"
        ? "completed"
        : result.outcome === "cancelled"
          ? "cancelled"
          : "failed";
    store.runs.finish(this.runId, {
      status,
      endedAtMs: now(),
      ...(result.outcome === "success" && { result: result.text }),
      ...(result.error !== undefined && { error: result.error }),
    });
    store.conversation.append(
      this.sessionId,
      this.agentId,
      withPartialText(foldTurnIntoHistory({ prompt, messages: this.#emitted }), partialText),
    );
    const scope = { run_id: this.runId, session_id: this.sessionId, project_root: projectRoot };
    bus.publish({
      type: "Outcome",
      agent_id: this.agentId,
      outcome: interrupted ? "interrupted" : result.outcome,
      duration_ms: result.durationMs,
      ...(result.outcome === "success" && result.text !== "" && { summary: summarize(result.text) }),
      ...(result.error !== undefined && { error: result.error }),
      ...scope,
    });
    const contextWindow = this.#model && lookupModelInfo(this.#model.kind, this.#model.model)?.contextWindow;
    bus.publish({
      type: "ContextUsage",
      agent_id: this.agentId,
      message_count: store.conversation.history(this.sessionId, this.agentId).length,
      estimated_tokens: result.contextTokens,
      compressed: false,
      ...(contextWindow !== undefined && { context_window: contextWindow }),
      ...scope,
    });
  }

  /** Something outside the engine's own error handling failed (settings, model configuration, a bug). */
  #failUnexpectedly(error: unknown): void {
    const { store, bus, now, newId, projectRoot } = this.#context;
    const message = error instanceof Error ? error.message : String(error);
    store.transaction(() => {
      if (!store.runs.finish(this.runId, { status: "failed", endedAtMs: now(), error: message })) return;
      const id = newId("msg");
      store.messages.append({
        id,
        session_id: this.sessionId,
        agent_id: this.agentId,
        role: "assistant",
        rich: { kind: "Text", data: { text: `Error: ${message}` } },
        run_id: this.runId,
        created_at_ms: now(),
      });
      const scope = { run_id: this.runId, session_id: this.sessionId, project_root: projectRoot };
      bus.publish({
        type: "TextSegment",
        agent_id: this.agentId,
        text: `Error: ${message}`,
        message_id: id,
        ...scope,
      });
      bus.publish({
        type: "AgentStatus",
        agent_id: this.agentId,
        status: "idle",
        lifecycle: "done",
        ...scope,
      });
      bus.publish({ type: "Outcome", agent_id: this.agentId, outcome: "error", error: message, ...scope });
    });
  }

  /** A turn that ended without a result (it cannot, but a run must never stay "running"). */
  #ensureFinished(): void {
    const run = this.#context.store.runs.get(this.runId);
    if (run?.status === "running") this.#failUnexpectedly(new Error("the agent turn ended without a result"));
  }

  /** How a stored run ended, with the assistant texts it produced. */
  static completionOf(store: Store, runId: string): RunCompletion {
    const run = store.runs.get(runId);
    const texts = store.messages
      .byRun(runId)
      .filter((message) => message.role === "assistant" && message.rich.kind === "Text")
      .map((message) => ({
        id: message.id,
        text: String((message.rich.data as { text?: unknown }).text ?? ""),
        timestampMs: message.created_at_ms,
      }));
    const status = run?.status === "running" || run === undefined ? "failed" : run.status;
    return { runId, status, texts, ...(run?.error && { error: run.error }) };
  }

  /**
   * After a crash: keeps the text the run had streamed (rebuilt from its token events) as a message, folds
   * its completed messages into the conversation, and records the run as interrupted.
   */
  static recoverInterrupted(context: AgentServiceContext, run: KnownFields<AgentRun>): void {
    const { store, bus, now, projectRoot } = context;
    store.transaction(() => {
      const partial = partialTextOf(store.events.framesOfRun(run.id));
      if (partial !== undefined && partial.text !== "") {
        store.messages.append({
          id: partial.messageId,
          session_id: run.session_id,
          agent_id: run.agent_id,
          role: "assistant",
          rich: { kind: "Text", data: { text: partial.text } },
          run_id: run.id,
          created_at_ms: now(),
        });
      }
      const messages = store.runs.messages(run.id) as EngineMessage[];
      store.conversation.append(
        run.session_id,
        run.agent_id,
        withPartialText(foldTurnIntoHistory({ prompt: run.prompt, messages }), partial?.text ?? ""),
      );
      store.runs.finish(run.id, {
        status: "interrupted",
        endedAtMs: now(),
        error: "Parley stopped during this run",
      });
      const scope = { run_id: run.id, session_id: run.session_id, project_root: projectRoot };
      bus.publish({
        type: "AgentStatus",
        agent_id: run.agent_id,
        status: "idle",
        lifecycle: "done",
        ...scope,
      });
      bus.publish({
        type: "Outcome",
        agent_id: run.agent_id,
        outcome: "interrupted",
        error: "Parley stopped during this run",
        ...scope,
      });
    });
  }
}

/** The text streamed into the last unfinished segment of a run, from its stored frames. */
function partialTextOf(frames: readonly string[]): { messageId: string; text: string } | undefined {
  let open: { messageId: string; text: string } | undefined;
  for (const raw of frames) {
    const frame = JSON.parse(raw) as {
      kind: string;
      text?: string;
      phase?: string;
      data?: Record<string, unknown>;
    };
    if (frame.kind === "text_segment") open = undefined;
    if (frame.kind !== "token" || frame.data?.thinking === true) continue;
    const messageId = String(frame.data?.message_id ?? "");
    if (frame.data?.reset === true || open?.messageId !== messageId) open = { messageId, text: "" };
    if (frame.phase !== "done") open.text += frame.text ?? "";
  }
  return open;
}

function summarize(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length <= 200 ? line : `${line.slice(0, 199)}…`;
}
