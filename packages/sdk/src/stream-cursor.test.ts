import { describe, expect, it } from "vitest";
import { StreamCursor } from "./stream-cursor.ts";

const deliveredOf = (cursor: StreamCursor, seqs: number[]) => seqs.filter((seq) => cursor.accept(seq));

describe("StreamCursor", () => {
  it("delivers each seq once and drops what it has passed", () => {
    const cursor = new StreamCursor(3);
    expect(deliveredOf(cursor, [2, 3, 4, 5, 5, 4, 6])).toEqual([4, 5, 6]);
    expect(cursor.seq).toBe(6);
  });

  it("takes its place from the first heartbeat of a live stream, and ignores later heartbeats", () => {
    const cursor = new StreamCursor();
    cursor.startLive(10);
    cursor.startLive(2);
    expect(cursor.seq).toBe(10);
    expect(deliveredOf(cursor, [9, 10, 11])).toEqual([11]);
  });

  it("follows a resync to a lower head after a server reset", () => {
    const cursor = new StreamCursor(500);
    cursor.resync(3);
    expect(deliveredOf(cursor, [4, 5])).toEqual([4, 5]);
  });

  it("goes back to an earlier snapshot's head and delivers only the gap the live start skipped", () => {
    const cursor = new StreamCursor();
    cursor.startLive(10);
    deliveredOf(cursor, [11, 12]);
    expect(cursor.coverFrom(12)).toBe("ok");
    expect(cursor.coverFrom(8)).toBe("rewound");
    expect(cursor.seq).toBe(8);
    expect(deliveredOf(cursor, [9, 10, 11, 12, 13])).toEqual([9, 10, 13]);
    // Nothing at or below 8 was ever delivered: an even older snapshot needs that gap too.
    expect(cursor.coverFrom(5)).toBe("rewound");
    expect(deliveredOf(cursor, [6, 7, 8, 9, 13, 14])).toEqual([6, 7, 8, 14]);
  });

  it("starts from a snapshot's head when it has no place yet", () => {
    const cursor = new StreamCursor();
    expect(cursor.coverFrom(7)).toBe("set");
    expect(deliveredOf(cursor, [7, 8])).toEqual([8]);
  });
});
