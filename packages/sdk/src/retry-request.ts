import { ApiRequestError } from "./api-request-error.ts";
import { type BackoffOptions, backoffDelay } from "./backoff.ts";
import type { Timers } from "./timers.ts";

/** How often and how patiently a request is retried. */
export interface RetryOptions {
  /** Retries after the first attempt. */
  retries: number;
  backoff: BackoffOptions;
  timers: Timers;
  random: () => number;
}

/** Default for sending a chat message: three retries, 0.5 s, 1 s, 2 s apart (each up to half shorter). */
export const defaultSendRetry: Pick<RetryOptions, "retries" | "backoff"> = {
  retries: 3,
  backoff: { initialMs: 500, maxMs: 4_000, factor: 2, jitter: 0.5 },
};

/**
 * Runs `request` until it succeeds, retrying only failures that may pass on a second try (no response,
 * 5xx, 429); the caller makes retries safe (e.g. the same `client_message_id`). Rejects with the last error.
 */
export async function retryRequest<T>(request: () => Promise<T>, options: RetryOptions): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await request();
    } catch (error) {
      const retryable = error instanceof ApiRequestError && error.retryable;
      if (!retryable || attempt >= options.retries) throw error;
      const delay = backoffDelay(attempt, options.backoff, options.random);
      await new Promise<void>((resolve) => options.timers.setTimeout(resolve, delay));
    }
  }
}
