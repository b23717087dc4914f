/** An `AbortError` like the one `fetch` throws, carrying the signal's reason as its cause. */
export function abortError(signal?: AbortSignal): Error {
  const error = new Error("The operation was aborted", { cause: signal?.reason });
  error.name = "AbortError";
  return error;
}

/** Resolves after `ms` milliseconds; rejects with an `AbortError` as soon as `signal` aborts. */
export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.reject(abortError(signal));
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError(signal));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/**
 * A promise that rejects with an `AbortError` when `signal` aborts (never settles otherwise), to race
 * against work that does not watch the signal itself. `dispose` removes the listener.
 */
export function whenAborted(signal: AbortSignal): { promise: Promise<never>; dispose: () => void } {
  let onAbort = () => {};
  const promise = new Promise<never>((_, reject) => {
    onAbort = () => reject(abortError(signal));
    if (signal.aborted) onAbort();
    else signal.addEventListener("abort", onAbort, { once: true });
  });
  promise.catch(() => {});
  return { promise, dispose: () => signal.removeEventListener("abort", onAbort) };
}
