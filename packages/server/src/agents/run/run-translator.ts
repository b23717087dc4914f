import type { EngineMessage } from "@parley/engine";
import type { ServerEvent, StoredMessage, TokenEvent } from "@parley/protocol";

/** Who a run belongs to; every event it produces carries these. */
export interface RunScope {
  runId: string;
  sessionId: string;
  agentId: string;
  projectRoot: string;
}

/** A message to store for the UI and history, with the assistant message uuid that produced it. */
export interface MessageToStore {
  id: string;
  role: StoredMessage["role"];
  rich: StoredMessage["rich"];
  sourceUuid: string;
}

/** What one engine message means for the server. */
export interface Translation {
  /** Token deltas: high volume, published for group commit. */
  tokens: TokenEvent[];
  /** Everything else: committed with the state changes in one transaction. */
  events: ServerEvent[];
  store: MessageToStore[];
  /** Assistant uuids whose stored messages a retried request replaced. */
  superseded: string[];
  /** Set when the engine emitted the turn's result. */
  result?: RunResultSummary;
}

/** The end of a run as the service records it. */
export interface RunResultSummary {
  outcome: "success" | "error" | "cancelled" | "max_turns" | "max_budget";
  text: string;
  error?: string;
  durationMs: number;
  contextTokens: number;
}

type ActiveBlock = { kind: "text" | "thinking" | "tool_use" | "other"; name?: string; id?: string };

/** How a translator describes and times tool calls, and whether its run streams tokens. */
export interface TranslatorOptions {
  /** False for a subagent's run: its text arrives whole, so no token events are sent for it. */
  streaming?: boolean;
  /** The activity headline of a call ("Reading src/app.ts"). */
  describe?: (toolName: string, input: unknown) => string;
  /** When a call started executing, if it did; its duration is measured from then (not from the request). */
  executionStartOf?: (toolUseId: string) => number | undefined;
}

/** A tool call the translator announced: its name, headline and when it was first seen. */
interface AnnouncedCall {
  name: string;
  headline: string;
  seenAtMs: number;
}

/**
 * Turns the engine's SDK messages for one run into seed 002 events and stored rich messages. It keeps the
 * run's streaming state: which text segment tokens belong to (`message_id`), the partial text of the open
 * segment (for state snapshots), and when tools started. Pure: no I/O, so it is tested directly.
 */
export class RunTranslator {
  readonly #scope: RunScope;
  readonly #now: () => number;
  readonly #options: TranslatorOptions;
  readonly #blocks = new Map<number, ActiveBlock>();
  readonly #calls = new Map<string, AnnouncedCall>();
  #segment = 0;
  #streamedIntoSegment = false;
  /** A model response has started and not yet stopped; a new start while open means a retry. */
  #responseOpen = false;
  #partialText = "";
  #partialThinking = "";
  #lastInputTokens = 0;
  #lastOutputTokens = 0;

  constructor(scope: RunScope, now: () => number, options: TranslatorOptions = {}) {
    this.#scope = scope;
    this.#now = now;
    this.#options = options;
  }

  /** The id the open text segment will be stored under; tokens carry it as `message_id`. */
  get segmentId(): string {
    return `${this.#scope.runId}.${this.#segment}`;
  }

  /** Text streamed into the open segment so far (committed tokens only when read after a flush). */
  get partialText(): string {
    return this.#partialText;
  }

  get partialThinking(): string {
    return this.#partialThinking;
  }

  /**
   * Keeps the text streamed into the open segment when a run is stopped before the model finished it:
   * the partial answer is stored and announced like a finished segment, so it survives a refetch.
   */
  closePartialSegment(): Pick<Translation, "store" | "events"> {
    const text = this.#partialText;
    if (text === "") return { store: [], events: [] };
    const id = this.segmentId;
    this.#segment += 1;
    this.#partialText = "";
    this.#streamedIntoSegment = false;
    return {
      store: [{ id, role: "assistant", rich: { kind: "Text", data: { text } }, sourceUuid: "" }],
      events: [this.#event({ type: "TextSegment", agent_id: this.#scope.agentId, text, message_id: id })],
    };
  }

  /**
   * Announces calls a resumed turn carries out without the model making them again (they were made
   * before a restart), so their activity has a headline and a duration like any other call.
   */
  resumeCalls(calls: readonly { id: string; name: string; input: unknown }[]): ServerEvent[] {
    const translation: Translation = { tokens: [], events: [], store: [], superseded: [] };
    for (const call of calls) this.#announceCall(call.id, call.name, call.input, translation);
    return translation.events;
  }

  translate(message: EngineMessage): Translation {
    const translation: Translation = { tokens: [], events: [], store: [], superseded: [] };
    switch (message.type) {
      case "stream_event":
        this.#onStreamEvent(message.event as StreamEvent, translation);
        break;
      case "assistant":
        this.#onAssistant(message, translation);
        break;
      case "user":
        this.#onUser(message, translation);
        break;
      case "tool_progress":
        if ("line" in message && typeof message.line === "string") {
          translation.events.push(
            this.#event({
              type: "ToolProgress",
              agent_id: this.#scope.agentId,
              tool: message.tool_name,
              tool_use_id: message.tool_use_id,
              line: message.line,
              stream: message.stream === "stderr" ? "stderr" : "stdout",
            }),
          );
        }
        break;
      case "system":
        this.#onSystem(message, translation);
        break;
      case "result":
        this.#onResult(message, translation);
        break;
      default:
        break;
    }
    return translation;
  }

  #onStreamEvent(event: StreamEvent, translation: Translation): void {
    switch (event.type) {
      case "message_start":
        if (this.#responseOpen && this.#streamedIntoSegment) {
          // A retried request: what streamed into the open segment is abandoned.
          translation.tokens.push(this.#token("", false, { reset: true }));
          this.#partialText = "";
          this.#partialThinking = "";
          this.#streamedIntoSegment = false;
        }
        this.#responseOpen = true;
        this.#lastInputTokens = totalInputTokens(event.message?.usage);
        this.#lastOutputTokens = 0;
        break;
      case "message_stop":
        this.#responseOpen = false;
        this.#streamedIntoSegment = this.#partialText !== "";
        break;
      case "message_delta": {
        // The engine knows a response's usage only when it finishes: message_start carries zeros.
        const input = totalInputTokens(event.usage);
        if (input > 0) this.#lastInputTokens = input;
        this.#lastOutputTokens = event.usage?.output_tokens ?? 0;
        break;
      }
      case "content_block_start": {
        const block = event.content_block ?? {};
        const kind =
          block.type === "text" || block.type === "thinking" || block.type === "tool_use"
            ? block.type
            : "other";
        this.#blocks.set(event.index ?? 0, { kind, name: block.name, id: block.id });
        if (kind === "thinking") translation.events.push(this.#status("thinking", "doing", "Thinking..."));
        if (kind === "tool_use" && block.id !== undefined)
          this.#announceCall(block.id, block.name ?? "tool", {}, translation);
        break;
      }
      case "content_block_delta": {
        const delta = event.delta ?? {};
        if (delta.type === "text_delta" && typeof delta.text === "string") {
          this.#partialText += delta.text;
          this.#streamedIntoSegment = true;
          translation.tokens.push(this.#token(delta.text, false));
        } else if (delta.type === "thinking_delta" && typeof delta.thinking === "string") {
          this.#partialThinking += delta.thinking;
          this.#streamedIntoSegment = true;
          translation.tokens.push(this.#token(delta.thinking, true));
        }
        break;
      }
      default:
        break;
    }
  }

  #onAssistant(message: Extract<EngineMessage, { type: "assistant" }>, translation: Translation): void {
    translation.superseded.push(...(message.supersedes ?? []));
    // A failed request's synthetic "API Error: …" answer is the run's error, which the Outcome carries and
    // the chat shows once; stored as text too, the chat would show it twice.
    if (message.error !== undefined) return;
    for (const block of message.message.content as AssistantBlock[]) {
      if (block.type === "tool_use" && typeof block.id === "string") {
        this.#announceCall(block.id, block.name ?? "tool", block.input, translation);
      } else if (block.type === "text" && typeof block.text === "string") {
        const id = this.segmentId;
        translation.store.push({
          id,
          role: "assistant",
          rich: { kind: "Text", data: { text: block.text } },
          sourceUuid: message.uuid,
        });
        if (this.#options.streaming !== false)
          translation.tokens.push(this.#token("", false, { done: true }));
        translation.events.push(
          this.#event({
            type: "TextSegment",
            agent_id: this.#scope.agentId,
            text: block.text,
            message_id: id,
          }),
        );
        this.#segment += 1;
        this.#partialText = "";
        this.#streamedIntoSegment = false;
      } else if (block.type === "thinking") {
        this.#partialThinking = "";
      }
    }
  }

  #onUser(message: Extract<EngineMessage, { type: "user" }>, translation: Translation): void {
    const content = message.message.content;
    if (typeof content === "string") return;
    for (const block of content as { type: string; tool_use_id?: string; is_error?: boolean }[]) {
      if (block.type !== "tool_result" || block.tool_use_id === undefined) continue;
      const call = this.#calls.get(block.tool_use_id);
      this.#calls.delete(block.tool_use_id);
      const started = this.#options.executionStartOf?.(block.tool_use_id) ?? call?.seenAtMs;
      const failed = block.is_error === true;
      translation.events.push(
        this.#status("working", "done", call?.headline ?? (failed ? "Tool failed" : "Tool finished"), {
          tool_name: call?.name,
          tool_use_id: block.tool_use_id,
          ...(started !== undefined && { duration_ms: Math.max(0, this.#now() - started) }),
          ...(failed && { failed: true }),
        }),
      );
    }
  }

  #onSystem(message: Extract<EngineMessage, { type: "system" }>, translation: Translation): void {
    if (message.subtype === "init") {
      translation.events.push(this.#status("model_loading", "doing", "Model loading..."));
    } else if (message.subtype === "api_retry") {
      const retry = message as {
        attempt: number;
        max_retries: number;
        retry_delay_ms: number;
        error_status: number | null;
      };
      const status = retry.error_status === null ? "a network error" : `HTTP ${retry.error_status}`;
      const seconds = Math.ceil(retry.retry_delay_ms / 1000);
      translation.events.push(
        this.#status(
          "model_loading",
          "doing",
          `Retrying after ${status} in ${seconds}s (attempt ${retry.attempt} of ${retry.max_retries})`,
        ),
      );
    } else if (message.subtype === "model_fallback") {
      const fallback = message as { preferred: string; actual: string; reason: string };
      translation.events.push(
        this.#event({
          type: "ModelFallback",
          agent_id: this.#scope.agentId,
          preferred: fallback.preferred,
          actual: fallback.actual,
          reason: fallback.reason,
        }),
      );
    }
  }

  #onResult(message: Extract<EngineMessage, { type: "result" }>, translation: Translation): void {
    const durationMs = message.duration_ms;
    // What the context holds now: the last request's input and its answer (not the turn's totals).
    const contextTokens = this.#lastInputTokens + this.#lastOutputTokens;
    if (message.subtype === "success") {
      translation.result = message.is_error
        ? { outcome: "error", text: message.result, error: message.result, durationMs, contextTokens }
        : { outcome: "success", text: message.result, durationMs, contextTokens };
    } else {
      const error = message.errors.join("; ") || message.subtype;
      const outcome =
        message.subtype === "error_max_turns"
          ? "max_turns"
          : message.subtype === "error_max_budget_usd"
            ? "max_budget"
            : message.terminal_reason === "aborted_streaming" || message.terminal_reason === "aborted_tools"
              ? "cancelled"
              : "error";
      // A stop the user asked for is not an error worth showing; other failures carry their reason.
      translation.result =
        outcome === "cancelled"
          ? { outcome, text: "", durationMs, contextTokens }
          : { outcome, text: "", error, durationMs, contextTokens };
    }
    translation.events.push(this.#status("idle", "done", undefined, { duration_ms: durationMs }));
  }

  /**
   * A tool call's `calling_tool` activity: announced when its block starts (the headline from the name
   * alone) and again when its input is complete, if that makes the headline more precise.
   */
  #announceCall(id: string, name: string, input: unknown, translation: Translation): void {
    const headline = this.#options.describe?.(name, input) ?? `Calling ${name}`;
    const known = this.#calls.get(id);
    if (known?.headline === headline) return;
    const seenAtMs = known?.seenAtMs ?? this.#now();
    this.#calls.set(id, { name, headline, seenAtMs });
    translation.events.push(
      this.#status("calling_tool", "doing", headline, {
        tool_name: name,
        tool_use_id: id,
        started_at_ms: seenAtMs,
      }),
    );
  }

  #token(text: string, thinking: boolean, extra: { done?: boolean; reset?: boolean } = {}): TokenEvent {
    const token: TokenEvent = {
      type: "Token",
      agent_id: this.#scope.agentId,
      token: text,
      done: extra.done ?? false,
      thinking,
      message_id: this.segmentId,
      run_id: this.#scope.runId,
      session_id: this.#scope.sessionId,
      project_root: this.#scope.projectRoot,
    };
    if (extra.reset) token.reset = true;
    return token;
  }

  #status(
    status: Extract<ServerEvent, { type: "AgentStatus" }>["status"],
    lifecycle: "doing" | "done",
    detail: string | undefined,
    extra: Record<string, unknown> = {},
  ): ServerEvent {
    const event: Record<string, unknown> = {
      type: "AgentStatus",
      agent_id: this.#scope.agentId,
      status,
      lifecycle,
    };
    if (detail !== undefined) event.detail = detail;
    for (const [key, value] of Object.entries(extra)) if (value !== undefined) event[key] = value;
    return this.#event(event as ServerEvent);
  }

  #event<T extends ServerEvent>(event: T): T {
    return {
      ...event,
      run_id: this.#scope.runId,
      session_id: this.#scope.sessionId,
      project_root: this.#scope.projectRoot,
    };
  }
}

/** The fields of Anthropic raw stream events the translator reads. */
interface StreamEvent {
  type: string;
  index?: number;
  message?: { usage?: Record<string, number | null | undefined> };
  usage?: Record<string, number | null | undefined>;
  content_block?: { type?: string; name?: string; id?: string };
  delta?: { type?: string; text?: string; thinking?: string };
}

type AssistantBlock = { type: string; text?: string; id?: string; name?: string; input?: unknown };

function totalInputTokens(usage: Record<string, number | null | undefined> | undefined): number {
  if (usage === undefined) return 0;
  return (
    (usage.input_tokens ?? 0) +
    (usage.cache_read_input_tokens ?? 0) +
    (usage.cache_creation_input_tokens ?? 0)
  );
}
