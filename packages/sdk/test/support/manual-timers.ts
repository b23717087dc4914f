import type { Timers } from "../../src/timers.ts";

interface Pending {
  handle: number;
  at: number;
  callback: () => void;
}

/** A clock that moves only when the test says so: timers fire in order of their due time during `advance`. */
export class ManualTimers implements Timers {
  #now = 1_800_000_000_000;
  #next = 1;
  #pending: Pending[] = [];
  #scheduleWaiters: ((delayMs: number) => void)[] = [];

  now(): number {
    return this.#now;
  }

  setTimeout(callback: () => void, delayMs: number): unknown {
    const handle = this.#next++;
    this.#pending.push({ handle, at: this.#now + Math.max(0, delayMs), callback });
    for (const waiter of this.#scheduleWaiters.splice(0)) waiter(delayMs);
    return handle;
  }

  /** Resolves with the delay of the next timer anyone sets. */
  nextScheduled(): Promise<number> {
    return new Promise((resolve) => this.#scheduleWaiters.push(resolve));
  }

  clearTimeout(handle: unknown): void {
    this.#pending = this.#pending.filter((timer) => timer.handle !== handle);
  }

  /** Delays of the timers waiting now, from now, soonest first. */
  get pendingDelays(): number[] {
    return this.#pending.map((timer) => timer.at - this.#now).sort((a, b) => a - b);
  }

  /** Moves the clock forward, firing every timer that falls due (including ones those set). */
  advance(ms: number): void {
    const end = this.#now + ms;
    for (;;) {
      const due = this.#pending
        .filter((timer) => timer.at <= end)
        .sort((a, b) => a.at - b.at || a.handle - b.handle)[0];
      if (due === undefined) break;
      this.#pending = this.#pending.filter((timer) => timer !== due);
      this.#now = due.at;
      due.callback();
    }
    this.#now = end;
  }

  /** Fires the soonest timer (moving the clock to it); false when none is waiting. */
  runNext(): boolean {
    const due = [...this.#pending].sort((a, b) => a.at - b.at || a.handle - b.handle)[0];
    if (due === undefined) return false;
    this.advance(due.at - this.#now);
    return true;
  }
}
