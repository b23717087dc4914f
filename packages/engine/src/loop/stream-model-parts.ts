import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3StreamPart,
} from "@ai-sdk/provider";
import { ModelStallError } from "../providers/model-call-failure.ts";
import { abortError, whenAborted } from "../util/abort.ts";
import { type EngineClock, type Watchdog, watchdogOf } from "./engine-clock.ts";

/** How one streamed model call is watched. */
export interface StreamWatch {
  /** Aborting it stops the request at once. */
  signal: AbortSignal;
  /** The call fails with `ModelStallError` when no data arrives for this long while waiting. */
  stallTimeoutMs: number;
  clock: EngineClock;
}

/**
 * One streamed `model.doStream` call, read a part at a time with `next`. Raw chunks are requested too, so
 * every byte the server sends (pings included) counts as life; `next` skips them. The stall watchdog runs
 * only while waiting on the network, not while the caller handles a part. `close` (always call it, also
 * after an error or when leaving early) cancels a request that has not finished.
 *
 * A plain object rather than an async generator: a generator between the provider's stream and the turn
 * is one more suspension and several promise jobs for every part of every answer.
 */
export class ModelPartStream {
  readonly #watch: StreamWatch;
  readonly #request = new AbortController();
  readonly #forwardAbort: () => void;
  readonly #cancelRead: () => void;
  readonly #aborted: ReturnType<typeof whenAborted>;
  readonly #watchdog: Watchdog;
  readonly #opening: Promise<ReadableStreamDefaultReader<LanguageModelV3StreamPart>>;
  #reader: ReadableStreamDefaultReader<LanguageModelV3StreamPart> | undefined;
  #stalled = false;
  #finished = false;
  #closed = false;

  constructor(
    model: LanguageModelV3,
    callOptions: Omit<LanguageModelV3CallOptions, "abortSignal" | "includeRawChunks">,
    watch: StreamWatch,
  ) {
    this.#watch = watch;
    const request = this.#request;
    this.#forwardAbort = () => request.abort(watch.signal.reason);
    // A model that does not watch its signal still stops: cancelling the reader ends a pending read.
    this.#cancelRead = () => this.#reader?.cancel(request.signal.reason).catch(() => {});
    this.#watchdog = watchdogOf(watch.clock, watch.stallTimeoutMs, () => {
      this.#stalled = true;
      request.abort(new ModelStallError(watch.stallTimeoutMs));
    });
    if (watch.signal.aborted) request.abort(watch.signal.reason);
    else watch.signal.addEventListener("abort", this.#forwardAbort, { once: true });
    request.signal.addEventListener("abort", this.#cancelRead, { once: true });
    this.#aborted = whenAborted(request.signal);
    this.#opening = this.#open(model, callOptions);
    this.#opening.catch(() => {});
  }

  /** The next part of the response, undefined once it ended; throws what the call failed with. */
  async next(): Promise<LanguageModelV3StreamPart | undefined> {
    try {
      const reader = this.#reader ?? (await this.#opening);
      const { signal } = this.#request;
      for (;;) {
        if (signal.aborted) throw abortError(signal);
        this.#watchdog.arm();
        let next: Awaited<ReturnType<typeof reader.read>>;
        try {
          next = await reader.read();
        } finally {
          this.#watchdog.disarm();
        }
        if (next.done) {
          if (signal.aborted) throw abortError(signal);
          this.#finished = true;
          return undefined;
        }
        if (next.value.type !== "raw") return next.value;
      }
    } catch (error) {
      if (this.#stalled) throw new ModelStallError(this.#watch.stallTimeoutMs);
      if (this.#watch.signal.aborted) throw abortError(this.#watch.signal);
      throw error;
    }
  }

  /** Stops watching; a response that did not end is cancelled. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#watchdog.dispose();
    this.#watch.signal.removeEventListener("abort", this.#forwardAbort);
    this.#request.signal.removeEventListener("abort", this.#cancelRead);
    this.#aborted.dispose();
    if (!this.#finished) {
      this.#request.abort();
      this.#reader?.cancel().catch(() => {});
    }
  }

  async #open(
    model: LanguageModelV3,
    callOptions: Omit<LanguageModelV3CallOptions, "abortSignal" | "includeRawChunks">,
  ): Promise<ReadableStreamDefaultReader<LanguageModelV3StreamPart>> {
    const { signal } = this.#request;
    if (signal.aborted) throw abortError(signal);
    this.#watchdog.arm();
    const call = model.doStream({ ...callOptions, includeRawChunks: true, abortSignal: signal });
    let stream: ReadableStream<LanguageModelV3StreamPart>;
    try {
      ({ stream } = await Promise.race([call, this.#aborted.promise]));
    } catch (error) {
      // Given up before the response came (aborted or stalled): a response that still comes is cancelled.
      call.then(
        (late) => late.stream.cancel().catch(() => {}),
        () => {},
      );
      throw error;
    } finally {
      this.#watchdog.disarm();
    }
    this.#reader = stream.getReader();
    // Closed while the call was being made: the response is not wanted.
    if (this.#closed) this.#reader.cancel().catch(() => {});
    return this.#reader;
  }
}
