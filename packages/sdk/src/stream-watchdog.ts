import type { Timers } from "./timers.ts";

/**
 * Declares a stream dead when no frame arrived for `deadAfterMs`. Frames only record the time (cheap at
 * token rates); the single timer re-arms itself for the remaining time whenever it fires early.
 */
export class StreamWatchdog {
  readonly #timers: Timers;
  readonly #deadAfterMs: number;
  #lastFrameAtMs = 0;
  #timer: unknown;

  constructor(timers: Timers, deadAfterMs: number) {
    this.#timers = timers;
    this.#deadAfterMs = deadAfterMs;
  }

  /** Starts watching (now counts as a frame); `onDead` runs once if the stream then stays silent. */
  arm(onDead: () => void): void {
    this.disarm();
    this.#lastFrameAtMs = this.#timers.now();
    const check = () => {
      const silentMs = this.#timers.now() - this.#lastFrameAtMs;
      if (silentMs >= this.#deadAfterMs) {
        this.#timer = undefined;
        onDead();
      } else {
        this.#timer = this.#timers.setTimeout(check, this.#deadAfterMs - silentMs);
      }
    };
    this.#timer = this.#timers.setTimeout(check, this.#deadAfterMs);
  }

  /** A frame arrived. */
  frame(): void {
    this.#lastFrameAtMs = this.#timers.now();
  }

  disarm(): void {
    if (this.#timer === undefined) return;
    this.#timers.clearTimeout(this.#timer);
    this.#timer = undefined;
  }
}
