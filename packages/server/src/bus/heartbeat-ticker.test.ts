import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { joinHeartbeats, leaveHeartbeats } from "./heartbeat-ticker.ts";

/** A stream that counts its heartbeats. */
const stream = () => {
  const target = { beats: 0, heartbeat: () => target.beats++ };
  return target;
};

describe("the shared heartbeat ticker", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("beats every stream of a period on one timer, stops beating one that left, and stops when none is left", () => {
    const first = stream();
    const second = stream();
    const other = stream();
    joinHeartbeats(1_000, first);
    joinHeartbeats(1_000, second);
    joinHeartbeats(250, other);
    expect(vi.getTimerCount()).toBe(2);

    vi.advanceTimersByTime(1_000);
    expect([first.beats, second.beats, other.beats]).toEqual([1, 1, 4]);

    leaveHeartbeats(1_000, first);
    vi.advanceTimersByTime(1_000);
    expect([first.beats, second.beats]).toEqual([1, 2]);

    leaveHeartbeats(1_000, second);
    leaveHeartbeats(1_000, second);
    leaveHeartbeats(250, other);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("beats every other stream when one throws, and the tick still fails", () => {
    const broken = {
      heartbeat: () => {
        throw new Error("the stream is gone");
      },
    };
    const fine = stream();
    joinHeartbeats(500, broken);
    joinHeartbeats(500, fine);
    expect(() => vi.advanceTimersByTime(500)).toThrow("the stream is gone");
    expect(fine.beats).toBe(1);
    leaveHeartbeats(500, broken);
    leaveHeartbeats(500, fine);
    expect(vi.getTimerCount()).toBe(0);
  });
});
