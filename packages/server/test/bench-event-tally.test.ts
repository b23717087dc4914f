import { describe, expect, it } from "vitest";
import { EventTally } from "../bench/event-tally.ts";

/** A commit's frames as a Parley stream sends them, seqs `from` to `to`. */
const frames = (from: number, to: number) =>
  Buffer.from(
    Array.from({ length: to - from + 1 }, (_, index) => `id: ${from + index}\ndata: {}\n\n`).join(""),
  );
const heartbeat = Buffer.from('data: {"id":"heartbeat"}\n\n');

describe("the bench's SSE clients counting events", () => {
  it("counts a round's first commit that arrives before the round is announced", () => {
    const tally = new EventTally();
    const [first, second] = [tally.add(), tally.add()];
    expect(tally.expect(4)).toBe(false);
    expect(tally.receive(first, frames(1, 4))).toBe(false);
    expect(tally.receive(second, frames(1, 4))).toBe(true);
    // The publisher's next commit reached the clients before the bench's "expect" did (two pipes, no order).
    tally.receive(first, frames(5, 6));
    expect(tally.expect(4)).toBe(false);
    expect(tally.receive(first, frames(7, 8))).toBe(false);
    expect(tally.receive(second, frames(5, 8))).toBe(true);
  });

  it("ends a round once, not again on each heartbeat of a client that has all its events", () => {
    const tally = new EventTally();
    const [first, second] = [tally.add(), tally.add()];
    tally.expect(2);
    expect(tally.receive(first, frames(1, 2))).toBe(false);
    expect(tally.receive(first, heartbeat)).toBe(false);
    expect(tally.receive(second, frames(1, 1))).toBe(false);
    expect(tally.receive(second, frames(2, 2))).toBe(true);
  });

  it("counts a frame whose id line is split across two reads", () => {
    const tally = new EventTally();
    const only = tally.add();
    tally.expect(2);
    const bytes = frames(1, 2);
    const split = bytes.indexOf("\nid: 2") + 3;
    expect(tally.receive(only, bytes.subarray(0, split))).toBe(false);
    expect(tally.receive(only, bytes.subarray(split))).toBe(true);
  });
});
