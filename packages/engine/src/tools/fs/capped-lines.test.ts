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

  it("stop reading at the next chunk once the turn is interrupted, inside a line that never ends", async () => {
    const controller = new AbortController();
    let read = 0;
    function* endlessLine(): Generator<string> {
      for (; read < 1_000; read++) {
        if (read === 3) controller.abort();
        yield "x".repeat(64);
      }
    }

    const lines = linesOfUntilAborted(cappedLines(endlessLine(), 4, controller.signal));

    await expect(lines).rejects.toThrow("The operation was aborted");
    expect(read).toBe(3);
  });
});

async function linesOfUntilAborted(lines: AsyncIterable<unknown>): Promise<number> {
  let count = 0;
  for await (const _ of lines) count++;
  return count;
}
