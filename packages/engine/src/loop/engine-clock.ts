import { newUuid, type Uuid } from "@parley/protocol";

/** Time as the loop sees it: `now` for durations and timestamps, `setTimer` for the stall watchdog. */
export interface EngineClock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Calls `callback` after `ms` milliseconds unless the returned function cancels it first. */
  setTimer(ms: number, callback: () => void): () => void;
  /** A watchdog cheaper than a timer per wait; clocks without one get `setTimer` per wait (`watchdogOf`). */
  watchdog?(ms: number, onStall: () => void): Watchdog;
}

/** Watches waits: `arm` as one starts, `disarm` as it ends; `onStall` runs when a single wait lasts `ms`. */
export interface Watchdog {
  arm(): void;
  disarm(): void;
  dispose(): void;
}

/** The clock's watchdog, or one made of a `setTimer` per wait. */
export function watchdogOf(clock: EngineClock, ms: number, onStall: () => void): Watchdog {
  if (clock.watchdog) return clock.watchdog(ms, onStall);
  let cancel = () => {};
  return {
    arm: () => {
      cancel = clock.setTimer(ms, onStall);
    },
    disarm: () => cancel(),
    dispose: () => cancel(),
  };
}

/**
 * The real clock. Its watchdog keeps at most one timer per stream and does not touch it per wait: `arm`
 * notes the time, and the timer, when it runs out, checks how long the current wait has lasted and sleeps
 * for the rest. A streamed answer waits once per part; a timer per wait (a new timer, its cancellation and
 * a race) cost ~4% of the server's CPU while streaming, and restarting one timer (`refresh`, which moves it
 * in Node's timer lists) still ~1%.
 */
export const systemClock: EngineClock = {
  now: () => Date.now(),
  setTimer(ms, callback) {
    const timer = setTimeout(callback, ms);
    return () => clearTimeout(timer);
  },
  watchdog(ms, onStall) {
    let armed = false;
    let since = 0;
    let timer: NodeJS.Timeout | undefined;
    // A disarmed watchdog's timer ends when it runs out; the next `arm` starts another. Waits are measured
    // on the monotonic clock timers use (`performance.now`, which fake timers move too): a system clock set
    // back or forward mid-stream must neither hide a stall nor report one.
    const check = () => {
      timer = undefined;
      if (!armed) return;
      const left = since + ms - performance.now();
      if (left > 0) {
        timer = setTimeout(check, left);
        return;
      }
      armed = false;
      onStall();
    };
    return {
      arm() {
        armed = true;
        since = performance.now();
        timer ??= setTimeout(check, ms);
      },
      disarm() {
        armed = false;
      },
      dispose() {
        armed = false;
        clearTimeout(timer);
        timer = undefined;
      },
    };
  },
};

/** Makes the ids the loop stamps on messages; inject a sequence for deterministic tests. */
export interface IdGenerator {
  uuid(): Uuid;
}

/** Random v4 UUIDs. */
export const randomIds: IdGenerator = { uuid: newUuid };
