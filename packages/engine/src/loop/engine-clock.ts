import { newUuid, type Uuid } from "@parley/protocol";

/** Time as the loop sees it: `now` for durations and timestamps, `setTimer` for the stall watchdog. */
export interface EngineClock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Calls `callback` after `ms` milliseconds unless the returned function cancels it first. */
  setTimer(ms: number, callback: () => void): () => void;
}

/** The real clock. */
export const systemClock: EngineClock = {
  now: () => Date.now(),
  setTimer(ms, callback) {
    const timer = setTimeout(callback, ms);
    return () => clearTimeout(timer);
  },
};

/** Makes the ids the loop stamps on messages; inject a sequence for deterministic tests. */
export interface IdGenerator {
  uuid(): Uuid;
}

/** Random v4 UUIDs. */
export const randomIds: IdGenerator = { uuid: newUuid };
