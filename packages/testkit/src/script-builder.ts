import type {
  ScriptedHttpError,
  ScriptedReply,
  ScriptedResponse,
  ScriptedUsage,
  ScriptStep,
  StopReason,
} from "./script-schema.ts";

/** Chainable builder for one scripted model turn; pass it to `server.script(...)` or `JSON.stringify` it. */
export class ReplyBuilder {
  private readonly steps: ScriptStep[] = [];
  private usageValue: ScriptedUsage | undefined;
  private stopReasonValue: StopReason | undefined;
  private modelValue: string | undefined;
  private cutAfterValue: number | undefined;

  /** Streams `text` as one text delta; consecutive calls extend the same text block. */
  text(text: string): this {
    this.steps.push({ type: "text", text });
    return this;
  }

  /** Streams one reasoning delta; consecutive calls extend one thinking block, signed at its end. */
  thinking(thinking: string, options: { signature?: string } = {}): this {
    this.steps.push({ type: "thinking", thinking, ...options });
    return this;
  }

  /** Streams a tool call whose JSON input arrives in `chunks` fragments (default 3). */
  toolCall(
    name: string,
    input: Record<string, unknown>,
    options: { id?: string; chunks?: number } = {},
  ): this {
    this.steps.push({ type: "tool_call", name, input, ...options });
    return this;
  }

  /** Pauses the stream here until the test calls `server.release(name)`. */
  gate(name: string): this {
    this.steps.push({ type: "gate", name });
    return this;
  }

  /** Stops writing here (headers and earlier frames are already sent) until `release(name)` or a client abort. */
  hang(name = "hang"): this {
    return this.gate(name);
  }

  /** Reports an error inside the stream and ends it (Anthropic `event: error`). */
  streamError(errorType = "overloaded_error", message = defaultStreamErrorMessage(errorType)): this {
    this.steps.push({ type: "stream_error", errorType, message });
    return this;
  }

  /** Sets the token counts reported at the end of the turn. */
  usage(usage: ScriptedUsage): this {
    this.usageValue = usage;
    return this;
  }

  /** Sets the stop reason; without it a turn with a tool call stops with `tool_use`, else `end_turn`. */
  stop(reason: StopReason): this {
    this.stopReasonValue = reason;
    return this;
  }

  /** Reports this model name instead of echoing the requested one. */
  model(name: string): this {
    this.modelValue = name;
    return this;
  }

  /** Destroys the socket after `frames` frames have been written: the client sees a broken stream. */
  cutAfter(frames: number): this {
    this.cutAfterValue = frames;
    return this;
  }

  /** The plain-JSON script this builder describes. */
  build(): ScriptedReply {
    return {
      kind: "reply",
      steps: [...this.steps],
      ...(this.usageValue && { usage: this.usageValue }),
      ...(this.stopReasonValue && { stopReason: this.stopReasonValue }),
      ...(this.modelValue && { model: this.modelValue }),
      ...(this.cutAfterValue !== undefined && { cutAfter: this.cutAfterValue }),
    };
  }

  /** Lets `JSON.stringify(reply()...)` produce the script, e.g. for the control endpoint. */
  toJSON(): ScriptedReply {
    return this.build();
  }
}

/** Anything `server.script(...)` accepts: a builder or its plain-JSON form. */
export type ScriptInput = ScriptedResponse | ReplyBuilder;

/** Starts a scripted model turn: `reply().thinking("…").text("hello").usage({ input: 12, output: 5 })`. */
export function reply(): ReplyBuilder {
  return new ReplyBuilder();
}

/** A turn that sends headers and the opening frames, then nothing until released or aborted. */
export function hang(name = "hang"): ReplyBuilder {
  return reply().hang(name);
}

/** Options for a scripted HTTP error; the body and headers otherwise follow the provider's defaults. */
export interface HttpErrorOptions {
  /** Provider error type in Anthropic's vocabulary (`rate_limit_error`, …); derived from the status if absent. */
  errorType?: string;
  message?: string;
  /** Sets `retry-after` (429 defaults to 0 so client retries stay instant in tests). */
  retryAfterSeconds?: number;
  headers?: Record<string, string>;
}

/** Answers the request with an HTTP error in the provider's real error format (e.g. 429 with `retry-after`). */
export function httpError(status: number, options: HttpErrorOptions = {}): ScriptedHttpError {
  return { kind: "http_error", status, ...options };
}

/** Answers with a 5xx error: 500 `api_error` by default, 529 `overloaded_error`, 504 `timeout_error`. */
export function serverError(status = 500, options: HttpErrorOptions = {}): ScriptedHttpError {
  if (status < 500 || status > 599) throw new RangeError(`serverError needs a 5xx status, got ${status}`);
  return httpError(status, options);
}

/** Turns a builder into its plain-JSON script; plain scripts pass through. */
export function toScriptedResponse(input: ScriptInput): ScriptedResponse {
  return input instanceof ReplyBuilder ? input.build() : input;
}

function defaultStreamErrorMessage(errorType: string): string {
  return errorType === "overloaded_error" ? "Overloaded" : `fake ${errorType}`;
}
