import type { RetentionLimits } from "../limits/server-limits.ts";
import type { EventLog } from "./event-log.ts";

/** How often retention looks at the log; a pass that finds work keeps going a batch per tick until done. */
const RETENTION_INTERVAL_MS = 5 * 60 * 1000;

/**
 * Keeps the event log within its limits in the background: each pass deletes a bounded batch per
 * event-loop turn, so trimming a large log never stalls requests or live streams.
 */
export class EventRetention {
  readonly #log: EventLog;
  readonly #limits: RetentionLimits;
  readonly #now: () => number;
  #timer: NodeJS.Timeout | undefined;
  #running = false;
  #stopped = false;

  constructor(log: EventLog, limits: RetentionLimits, now: () => number) {
    this.#log = log;
    this.#limits = limits;
    this.#now = now;
  }

  /**
   * Trims the log to its limits now (before the server takes requests, so no client is served what is
   * about to go), then a pass every few minutes.
   */
  start(): void {
    this.#log.prune({ ...this.#limits, nowMs: this.#now() });
    this.#timer = setInterval(() => void this.pass(), RETENTION_INTERVAL_MS);
    this.#timer.unref();
  }

  /** One retention pass, a batch per event-loop turn; resolves with the number of events removed. */
  async pass(): Promise<number> {
    if (this.#running || this.#stopped) return 0;
    this.#running = true;
    let removed = 0;
    try {
      while (!this.#stopped) {
        const step = this.#log.pruneStep({ ...this.#limits, nowMs: this.#now() });
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

  stop(): void {
    this.#stopped = true;
    clearInterval(this.#timer);
  }
}
