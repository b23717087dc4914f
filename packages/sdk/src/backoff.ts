/** Capped exponential backoff with jitter, for reconnects and retried requests. */
export interface BackoffOptions {
  /** Delay before the first retry. */
  initialMs: number;
  /** No delay exceeds this. */
  maxMs: number;
  /** Growth per attempt. */
  factor: number;
  /** Fraction of the delay that is randomised (0 = none, 1 = anywhere from 0 to the full delay). */
  jitter: number;
}

/** Defaults for reconnecting the event stream: 0.5 s, 1 s, 2 s … up to 30 s, each up to half shorter. */
export const defaultReconnectBackoff: BackoffOptions = {
  initialMs: 500,
  maxMs: 30_000,
  factor: 2,
  jitter: 0.5,
};

/**
 * The delay before retry number `attempt` (0-based). The random part only ever shortens the delay, so many
 * clients cut off at once spread out instead of reconnecting in lockstep, and the cap still holds.
 */
export function backoffDelay(attempt: number, options: BackoffOptions, random: () => number): number {
  const exponential = options.initialMs * options.factor ** Math.max(0, attempt);
  const capped = Math.min(options.maxMs, exponential);
  return Math.round(capped * (1 - options.jitter * random()));
}
