import type { SchedulerClock } from "../../src/missions/scheduler-clock.ts";

/** A clock that moves only when the test says so, running the timers that fall due. */
export class ManualClock implements SchedulerClock {
  #now = 1_000_000;
  #next = 0;
  readonly #timers = new Map<number, { at: number; callback: () => void }>();
  now = () => this.#now;
  setTimeout = (callback: () => void, delayMs: number): unknown => {
    const id = ++this.#next;
    this.#timers.set(id, { at: this.#now + delayMs, callback });
    return id;
  };
  clearTimeout = (handle: unknown): void => {
    this.#timers.delete(handle as number);
  };
  /** How many timers are waiting. */
  get pending(): number {
    return this.#timers.size;
  }
  advance(ms: number): void {
    this.#now += ms;
    for (const [id, timer] of [...this.#timers].sort((left, right) => left[1].at - right[1].at)) {
      if (timer.at > this.#now) continue;
      this.#timers.delete(id);
      timer.callback();
    }
  }
}
