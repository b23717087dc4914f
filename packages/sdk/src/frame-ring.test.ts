import { describe, expect, it } from "vitest";
import { fixtureFrames } from "../test/support/server-fixture.ts";
import { FrameRing } from "./frame-ring.ts";

const frame = (seq: number) => {
  const found = fixtureFrames.find((candidate) => candidate.seq === seq);
  if (found === undefined) throw new Error(`no fixture frame ${seq}`);
  return found.message;
};
const seqs = (ring: FrameRing, after: number) => ring.after(after).map((held) => held.seq);

describe("FrameRing", () => {
  it("replays everything after a seq it covers, in order and once, however the frames arrived", () => {
    const ring = new FrameRing(10);
    ring.position(3);
    for (const seq of [4, 6, 5, 6, 7, 2]) ring.add(frame(seq));

    expect(seqs(ring, 4)).toEqual([5, 6, 7]);
    expect(ring.covers(3)).toBe(true);
    expect(ring.covers(2)).toBe(false);
    expect(ring.top).toBe(7);
  });

  it("starts just below the first frame it holds when nobody said where the stream was", () => {
    const ring = new FrameRing(10);
    ring.add(frame(8));
    ring.add(frame(9));

    expect(ring.floor).toBe(7);
    expect(seqs(ring, 7)).toEqual([8, 9]);
  });

  it("no longer covers the seqs of frames it dropped to stay within its size", () => {
    const ring = new FrameRing(3);
    ring.position(0);
    for (const seq of [1, 2, 3, 4, 5]) ring.add(frame(seq));

    expect(ring.covers(1)).toBe(false);
    expect(ring.covers(2)).toBe(true);
    expect(seqs(ring, 2)).toEqual([3, 4, 5]);
  });
});
