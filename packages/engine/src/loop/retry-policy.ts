/** How often and how patiently the loop retries a failed model request. */
export interface RetryPolicy {
  /** Retries per model before giving up (or switching to the fallback model); the CLI uses 10. */
  maxRetries: number;
  /** The first backoff delay; each retry doubles it. */
  baseDelayMs: number;
  /** The longest computed backoff (before jitter). */
  maxDelayMs: number;
  /** The longest `retry-after` the loop honours; a server asking for longer gets this. */
  maxRetryAfterMs: number;
}

/** Claude Code's numbers: 10 retries from 500 ms, doubling, capped at 32 s. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxRetries: 10,
  baseDelayMs: 500,
  maxDelayMs: 32_000,
  maxRetryAfterMs: 300_000,
};

/**
 * The delay before retry number `attempt` (1-based): the server's `retry-after` when it sent one,
 * else exponential backoff plus up to 25% jitter (`random` returns [0, 1)).
 */
export function retryDelayMs(
  policy: RetryPolicy,
  attempt: number,
  retryAfterMs: number | undefined,
  random: () => number = Math.random,
): number {
  if (retryAfterMs !== undefined) return Math.min(Math.max(0, retryAfterMs), policy.maxRetryAfterMs);
  const backoff = Math.min(policy.baseDelayMs * 2 ** (attempt - 1), policy.maxDelayMs);
  return Math.round(backoff * (1 + 0.25 * random()));
}
