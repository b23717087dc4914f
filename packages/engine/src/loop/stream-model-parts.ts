import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3StreamPart,
} from "@ai-sdk/provider";
import { ModelStallError } from "../providers/model-call-failure.ts";
import { abortError, whenAborted } from "../util/abort.ts";
import type { EngineClock } from "./engine-clock.ts";

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
 * sends (pings included) counts as life. The stall timer runs only while waiting on the network, not
 * while the consumer handles a part. Leaving the loop early cancels the request.
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
  const aborted = whenAborted(request.signal);
  let stalled = false;
  let cancelTimer = () => {};
  const waitFor = async <T>(work: PromiseLike<T>): Promise<T> => {
    cancelTimer = watch.clock.setTimer(watch.stallTimeoutMs, () => {
      stalled = true;
      request.abort(new ModelStallError(watch.stallTimeoutMs));
    });
    try {
      return await Promise.race([work, aborted.promise]);
    } finally {
      cancelTimer();
    }
  };

  let reader: ReadableStreamDefaultReader<LanguageModelV3StreamPart> | undefined;
  let finished = false;
  try {
    const { stream } = await waitFor(
      model.doStream({ ...callOptions, includeRawChunks: true, abortSignal: request.signal }),
    );
    reader = stream.getReader();
    for (;;) {
      const next = await waitFor(reader.read());
      if (next.done) break;
      if (next.value.type === "raw") continue;
      yield next.value;
    }
    finished = true;
  } catch (error) {
    if (stalled) throw new ModelStallError(watch.stallTimeoutMs);
    if (watch.signal.aborted) throw abortError(watch.signal);
    throw error;
  } finally {
    watch.signal.removeEventListener("abort", forwardAbort);
    aborted.dispose();
    if (!finished) {
      request.abort();
      reader?.cancel().catch(() => {});
    }
  }
}
