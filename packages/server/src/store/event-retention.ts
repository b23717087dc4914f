import type { RetentionLimits } from "../limits/server-limits.ts";
import type { Store } from "./store.ts";

/** How often retention looks at the log; a pass that finds work keeps going a batch per tick until done. */
const RETENTION_INTERVAL_MS = 5 * 60 * 1000;

/**
 * How long a delivered or removed queue item, and the first response to a client_message_id, are kept:
 * long enough for a client's retry (idempotent submit) or a late look at the item, not for ever.
 */
export const FINISHED_REQUESTS_KEPT_MS = 24 * 60 * 60 * 1000;

/** Rows of finished requests deleted per statement. */
const REQUEST_BATCH = 500;

/** Free pages handed back to the file system per step (databases created with incremental auto-vacuum). */
const VACUUM_PAGES = 256;

/**
 * Keeps the event log within its limits in the background, and forgets finished queue items and chat
 * request records after a day: each pass deletes a bounded batch per event-loop turn, so trimming a large
 * log never stalls requests or live streams.
 */
export class EventRetention {
  readonly #store: Pick<Store, "database" | "events" | "queue" | "chatRequests">;
  readonly #limits: RetentionLimits;
  readonly #now: () => number;
  #timer: NodeJS.Timeout | undefined;
  #running = false;
  #stopped = false;

  constructor(
    store: Pick<Store, "database" | "events" | "queue" | "chatRequests">,
    limits: RetentionLimits,
    now: () => number,
  ) {
    this.#store = store;
    this.#limits = limits;
    this.#now = now;
  }

  /**
   * Trims the log to its limits now (before the server takes requests, so no client is served what is
   * about to go), then a pass every few minutes.
   */
  start(): void {
    this.#store.events.prune({ ...this.#limits, nowMs: this.#now() });
    while (this.#pruneRequests() > 0);
    while (this.#vacuumStep() > 0);
    this.#timer = setInterval(() => void this.pass(), RETENTION_INTERVAL_MS);
    this.#timer.unref();
  }

  /** One retention pass, a batch per event-loop turn; resolves with the number of rows and pages removed. */
  async pass(): Promise<number> {
    if (this.#running || this.#stopped) return 0;
    this.#running = true;
    let removed = 0;
    try {
      while (!this.#stopped) {
        const step =
          this.#store.events.pruneStep({ ...this.#limits, nowMs: this.#now() }) ||
          this.#pruneRequests() ||
          this.#vacuumStep();
        removed += step;
        if (step === 0 || this.#stopped) return removed;
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
      return removed;
    } catch (error) {
      // A full or locked disk must not take the server down; the next pass tries again.
      console.error("parley: event log retention failed:", (error as Error).message);
      return removed;
    } finally {
      this.#running = false;
    }
  }

  /** One batch of finished queue items, then of chat request records, older than a day. */
  #pruneRequests(): number {
    const before = this.#now() - FINISHED_REQUESTS_KEPT_MS;
    return (
      this.#store.queue.pruneFinished(before, REQUEST_BATCH) ||
      this.#store.chatRequests.pruneBefore(before, REQUEST_BATCH)
    );
  }

  /** Returns a batch of free pages to the file system; how many it returned (0: nothing to do). */
  #vacuumStep(): number {
    const { database } = this.#store;
    const freePages = () => database.pragma("freelist_count", { simple: true }) as number;
    const before = freePages();
    if (before === 0 || database.pragma("auto_vacuum", { simple: true }) !== 2) return 0;
    database.pragma(`incremental_vacuum(${VACUUM_PAGES})`);
    return before - freePages();
  }

  stop(): void {
    this.#stopped = true;
    clearInterval(this.#timer);
  }
}
