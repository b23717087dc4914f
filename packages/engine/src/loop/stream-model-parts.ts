import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3StreamPart,
} from "@ai-sdk/provider";
import { ModelStallError } from "../providers/model-call-failure.ts";
import { abortError, whenAborted } from "../util/abort.ts";
import { type EngineClock, watchdogOf } from "./engine-clock.ts";

/** How one streamed model call is watched. */
export interface StreamWatch {
  /** Aborting it stops the request at once. */
  signal: AbortSignal;
  /** The call fails with `ModelStallError` when no data arrives for this long while waiting. */
  stallTimeoutMs: number;
  clock: EngineClock;
}

/**
 * Calls `model.doStream` and yields its parts. Raw chunks are requested too, so every byte the server
 * sends (pings included) counts as life. The stall watchdog runs only while waiting on the network, not
 * while the consumer handles a part; it is one timer per stream, restarted at each wait. Leaving the loop
 * early cancels the request.
 */
export async function* streamModelParts(
  model: LanguageModelV3,
  callOptions: Omit<LanguageModelV3CallOptions, "abortSignal" | "includeRawChunks">,
  watch: StreamWatch,
): AsyncGenerator<LanguageModelV3StreamPart> {
  const request = new AbortController();
  const forwardAbort = () => request.abort(watch.signal.reason);
  if (watch.signal.aborted) throw abortError(watch.signal);
  watch.signal.addEventListener("abort", forwardAbort, { once: true });
  let stalled = false;
  const watchdog = watchdogOf(watch.clock, watch.stallTimeoutMs, () => {
    stalled = true;
    request.abort(new ModelStallError(watch.stallTimeoutMs));
  });
  let reader: ReadableStreamDefaultReader<LanguageModelV3StreamPart> | undefined;
  // A model that does not watch its signal still stops: cancelling the reader ends a pending read.
  const cancelRead = () => reader?.cancel(request.signal.reason).catch(() => {});
  request.signal.addEventListener("abort", cancelRead, { once: true });
  const aborted = whenAborted(request.signal);
  let finished = false;
  try {
    watchdog.arm();
    const { stream } = await Promise.race([
      model.doStream({ ...callOptions, includeRawChunks: true, abortSignal: request.signal }),
      aborted.promise,
    ]).finally(() => watchdog.disarm());
    reader = stream.getReader();
    for (;;) {
      if (request.signal.aborted) throw abortError(request.signal);
      watchdog.arm();
      let next: Awaited<ReturnType<typeof reader.read>>;
      try {
        next = await reader.read();
      } finally {
        watchdog.disarm();
      }
      if (next.done) break;
      if (next.value.type === "raw") continue;
      yield next.value;
    }
    if (request.signal.aborted) throw abortError(request.signal);
    finished = true;
  } catch (error) {
    if (stalled) throw new ModelStallError(watch.stallTimeoutMs);
    if (watch.signal.aborted) throw abortError(watch.signal);
    throw error;
  } finally {
    watchdog.dispose();
    watch.signal.removeEventListener("abort", forwardAbort);
    request.signal.removeEventListener("abort", cancelRead);
    aborted.dispose();
    if (!finished) {
      request.abort();
      reader?.cancel().catch(() => {});
    }
  }
}
