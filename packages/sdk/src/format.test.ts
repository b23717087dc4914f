import { describe, expect, it } from "vitest";
import { formatElapsed } from "./format.ts";

describe("a workflow step's elapsed time", () => {
  it("reads in tenths of a second, then seconds, minutes and hours", () => {
    expect([400, 12_300, 185_000, 3_720_000].map(formatElapsed)).toEqual([
      "0.4 s",
      "12 s",
      "3 min 05 s",
      "1 h 02 min",
    ]);
  });
});
