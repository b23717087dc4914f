import { describe, expect, it } from "vitest";
import { arrayToReadableStream, collect, waitFor } from "./stream-helpers.ts";

async function* count(to: number): AsyncGenerator<number> {
  for (let value = 1; value <= to; value++) yield value;
}

describe("stream helpers", () => {
  it("round-trips an array through a ReadableStream", async () => {
    expect(await collect(arrayToReadableStream(["a", "b", "c"]))).toEqual(["a", "b", "c"]);
    expect(await collect(arrayToReadableStream([]))).toEqual([]);
  });

  it("collects an async iterable", async () => {
    expect(await collect(count(3))).toEqual([1, 2, 3]);
  });

  it("rejects when the stream errors", async () => {
    const failing = new ReadableStream({
      start(controller) {
        controller.enqueue(1);
        controller.error(new Error("broken"));
      },
    });

    await expect(collect(failing)).rejects.toThrow("broken");
  });

  it("waits for the first matching item and leaves the rest to read", async () => {
    const iterator = count(5);

    const found = await waitFor(iterator, (value) => value % 2 === 0);

    expect(found).toBe(2);
    expect(await collect({ [Symbol.asyncIterator]: () => iterator })).toEqual([3, 4, 5]);
  });

  it("rejects a wait when the stream ends without a match", async () => {
    await expect(waitFor(count(2), (value) => value > 10)).rejects.toThrow("ended before an item matched");
  });
});
