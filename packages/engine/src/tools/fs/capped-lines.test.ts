import { describe, expect, it } from "vitest";
import { cappedLines } from "./capped-lines.ts";

async function linesOf(chunks: string[], maxChars: number): Promise<string[]> {
  const lines: string[] = [];
  for await (const { text, cut } of cappedLines(chunks, maxChars)) lines.push(cut ? `${text}+` : text);
  return lines;
}

describe("a file's lines for Read", () => {
  it("end at \\n, \\r\\n (also split between chunks) and a lone \\r, as readline ends them", async () => {
    expect(await linesOf(["a\r", "\nb\rc\n\n", "d"], 10)).toEqual(["a", "b", "c", "", "d"]);
    expect(await linesOf(["a\r", "b\r"], 10)).toEqual(["a", "b"]);
    expect(await linesOf([], 10)).toEqual([]);
  });

  it("keep a long line's first characters, over any number of chunks", async () => {
    expect(await linesOf(["abc", "def", "\nxy"], 4)).toEqual(["abcd+", "xy"]);
    expect(await linesOf(["abcd\nabcde"], 4)).toEqual(["abcd", "abcd+"]);
  });
});
