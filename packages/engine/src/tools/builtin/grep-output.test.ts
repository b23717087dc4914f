import { describe, expect, it } from "vitest";
import { formatGrepResults, matchingLines } from "./grep-output.ts";

const lines = ["one", "two match", "three", "four", "five", "six", "seven match", "eight match", "nine"];

describe("grep output", () => {
  it("merges overlapping context windows and separates distant groups with --", () => {
    const { count, shown } = matchingLines(lines, /match/, { before: 1, after: 1, maxMatchedChars: 100 });

    expect(count).toBe(3);
    expect(
      formatGrepResults([{ path: "a.txt", count, lines: shown }], {
        mode: "content",
        lineNumbers: true,
        headLimit: 100,
        withContext: true,
      }).text,
    ).toBe(
      [
        "a.txt-1-one",
        "a.txt:2:two match",
        "a.txt-3-three",
        "--",
        "a.txt-6-six",
        "a.txt:7:seven match",
        "a.txt:8:eight match",
        "a.txt-9-nine",
      ].join("\n"),
    );
  });

  it("cuts the output at head_limit lines and says how much is left", () => {
    const { count, shown } = matchingLines(lines, /e/, { before: 0, after: 0, maxMatchedChars: 100 });

    expect(
      formatGrepResults([{ path: "a.txt", count, lines: shown }], {
        mode: "content",
        lineNumbers: false,
        headLimit: 2,
        withContext: false,
      }),
    ).toEqual({
      text: "a.txt:one\na.txt:three\n[4 more lines not shown; raise head_limit or narrow the search.]",
      truncated: true,
    });
  });
});
