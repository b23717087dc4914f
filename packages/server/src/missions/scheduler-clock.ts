/** The time source and timers the idle scheduler uses; tests pass a clock they advance by hand. */
export interface SchedulerClock {
  now(): number;
  setTimeout(callback: () => void, delayMs: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The real clock: `Date.now` and Node's timers (unref'd, so a waiting idle prompt never keeps a process alive). */
export const systemClock: SchedulerClock = {
  now: () => Date.now(),
  setTimeout: (callback, delayMs) => setTimeout(callback, delayMs).unref(),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};
