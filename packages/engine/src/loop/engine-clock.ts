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
 * The real clock. Its watchdog keeps one timer per stream and restarts it (`refresh`) at each wait: a
 * streamed answer waits once per part, and a new timer, its cancellation and a race per part cost ~4% of
 * the server's CPU while streaming.
 */
export const systemClock: EngineClock = {
  now: () => Date.now(),
  setTimer(ms, callback) {
    const timer = setTimeout(callback, ms);
    return () => clearTimeout(timer);
  },
  watchdog(ms, onStall) {
    let armed = false;
    let timer: NodeJS.Timeout | undefined;
    // A disarmed timer may still run out: it then does nothing, and the next `refresh` starts it again.
    const fire = () => {
      if (!armed) return;
      armed = false;
      onStall();
    };
    return {
      arm() {
        armed = true;
        if (timer === undefined) timer = setTimeout(fire, ms);
        else timer.refresh();
      },
      disarm() {
        armed = false;
      },
      dispose() {
        armed = false;
        clearTimeout(timer);
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
