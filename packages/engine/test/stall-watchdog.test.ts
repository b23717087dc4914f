import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { systemClock } from "../src/index.ts";

describe("the system clock's stall watchdog", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const watch = () => {
    const stalls: number[] = [];
    const watchdog = systemClock.watchdog?.(1_000, () => stalls.push(Date.now()));
    if (!watchdog) throw new Error("the system clock has a watchdog");
    return { watchdog, stalls };
  };

  it("reports a stall only when one wait lasts the whole timeout, however many waits came before", () => {
    const { watchdog, stalls } = watch();
    const start = Date.now();
    for (let part = 0; part < 50; part++) {
      watchdog.arm();
      vi.advanceTimersByTime(900); // a part arrives just in time
      watchdog.disarm();
      vi.advanceTimersByTime(5_000); // the consumer is slow: not the network's fault
    }
    expect(stalls).toEqual([]);
    watchdog.arm();
    vi.advanceTimersByTime(999);
    expect(stalls).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(stalls).toEqual([start + 50 * 5_900 + 1_000]);
    watchdog.dispose();
  });

  it("times a wait from its own start when an earlier wait started the timer", () => {
    const { watchdog, stalls } = watch();
    const start = Date.now();
    watchdog.arm();
    vi.advanceTimersByTime(900);
    watchdog.disarm();
    vi.advanceTimersByTime(50);
    watchdog.arm(); // the timer the first wait started runs out 50 ms into this one
    vi.advanceTimersByTime(999);
    expect(stalls).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(stalls).toEqual([start + 1_950]);
    watchdog.dispose();
  });

  it("times waits on the monotonic clock: the system clock set back or forward moves no stall", () => {
    const back = watch();
    back.watchdog.arm();
    vi.setSystemTime(Date.now() - 60_000); // a time sync steps the clock back a minute
    vi.advanceTimersByTime(1_000);
    expect(back.stalls).toHaveLength(1);
    back.watchdog.dispose();

    const forward = watch();
    forward.watchdog.arm();
    vi.advanceTimersByTime(10);
    forward.watchdog.disarm();
    vi.advanceTimersByTime(890);
    forward.watchdog.arm(); // a new wait, 100 ms before the first wait's timer runs out
    vi.setSystemTime(Date.now() + 5_000); // a laptop waking up
    vi.advanceTimersByTime(100);
    expect(forward.stalls).toEqual([]);
    forward.watchdog.dispose();
  });

  it("never fires once disposed, and keeps no timer pending", () => {
    const { watchdog, stalls } = watch();
    watchdog.arm();
    watchdog.dispose();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(10_000);
    expect(stalls).toEqual([]);
  });
});
