/**
 * The clock and timers the SDK schedules with. Everything time-based (reconnect backoff, dead-stream
 * detection, send retries) goes through one of these, so tests drive time explicitly instead of sleeping.
 */
export interface Timers {
  now(): number;
  setTimeout(callback: () => void, delayMs: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The host's real clock and timers (browser or Node). */
export const systemTimers: Timers = {
  now: () => Date.now(),
  setTimeout: (callback, delayMs) => globalThis.setTimeout(callback, delayMs),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as Parameters<typeof clearTimeout>[0]),
};
