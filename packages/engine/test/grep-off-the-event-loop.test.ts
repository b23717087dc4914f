import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { EngineTool } from "../src/index.ts";
import { GrepMatcher } from "../src/tools/builtin/grep-matcher.ts";
import { formatGrepResults, matchingLines, splitLines } from "../src/tools/builtin/grep-output.ts";
import { createGrepTool } from "../src/tools/builtin/grep-tool.ts";
import { createProject, type ProjectFixture, toolContext } from "./project-fixture.ts";

/** Long enough for any honest batch of these tests on a loaded machine; a runaway pattern never finishes. */
const DEADLINE_MS = 1_500;
/** `(a+)+$` backtracks exponentially on a run of `a`s that does not end the line: 40 of them take days. */
const RUNAWAY = "(a+)+$";
const HOSTILE_LINE = `${"a".repeat(40)}!`;

let project: ProjectFixture;
let matcher: GrepMatcher;
beforeEach(async () => {
  project = await createProject();
  matcher = new GrepMatcher({ deadlineMs: DEADLINE_MS });
});
afterEach(async () => {
  matcher.close();
  await project.remove();
});

/** Runs a `Grep` call with the test's matcher and returns its text (or rejects with its error). */
async function grep(input: Record<string, unknown>, signal?: AbortSignal): Promise<string> {
  const tool: EngineTool = createGrepTool({ matcher }) as EngineTool;
  const output = await tool.execute(input, toolContext(project.root, signal ? { signal } : {}));
  return typeof output === "string" ? output : String(output.content);
}

/** Files enough for several batches (the first is 32 KB), each naming its number. */
function manyFiles(count: number): Record<string, string> {
  const files: Record<string, string> = {};
  for (let index = 0; index < count; index++) {
    const lines = Array.from(
      { length: 40 },
      (_, line) => `file ${index} line ${line} ${line % 7 === 0 ? "Needle" : "hay"}`,
    );
    files[`src/part-${index % 5}/file-${String(index).padStart(3, "0")}.txt`] = `${lines.join("\n")}\n`;
  }
  return files;
}

describe("Grep off the event loop", () => {
  it("stops a pattern that backtracks for ever at the deadline, naming the file, while the event loop keeps turning; the next search works", async () => {
    await project.write({ "notes/hostile.txt": `first line\n${HOSTILE_LINE}\n`, "ok.txt": "aaa fine\n" });
    let turns = 0;
    const ticker = setInterval(() => turns++, 1);

    const failed = await grep({ pattern: RUNAWAY, path: "notes" }).then(
      () => "answered",
      (error: Error) => error.message,
    );
    clearInterval(ticker);

    expect(failed).toBe(
      `Grep stopped: the pattern ran for more than ${DEADLINE_MS / 1000} s on notes/hostile.txt without finishing ` +
        "(nested quantifiers such as (a+)+ can take exponential time); simplify the pattern.",
    );
    expect(turns).toBeGreaterThan(0);
    expect(await grep({ pattern: "fine", output_mode: "content" })).toBe("ok.txt:1:aaa fine");
  });

  it("gives searches running at once their own answers, and a runaway among them fails alone", async () => {
    await project.write({ ...manyFiles(150), "hostile.txt": `${HOSTILE_LINE}\n` });
    const inputs = [
      { pattern: "Needle", output_mode: "count", glob: "*.txt" },
      { pattern: "file 1[0-9] line 3\\b", output_mode: "content", "-C": 1 },
      { pattern: "needle", "-i": true, path: "src/part-3" },
      { pattern: "line 39 hay", output_mode: "content", head_limit: 1000 },
    ];
    const alone: string[] = [];
    for (const input of inputs) alone.push(await grep(input));

    const [runaway, ...together] = await Promise.allSettled([
      grep({ pattern: RUNAWAY, path: "hostile.txt" }),
      ...inputs.map((input) => grep(input)),
    ]);

    expect(runaway).toMatchObject({
      status: "rejected",
      reason: { message: expect.stringContaining("hostile.txt") },
    });
    expect(
      together.map((outcome) => (outcome.status === "fulfilled" ? outcome.value : outcome.reason)),
    ).toEqual(alone);
    expect(alone[0]?.split("\n")).toHaveLength(150);
  });

  it("answers as matching each file's lines on this thread would, in every output mode", async () => {
    const files: Record<string, string> = {
      ...manyFiles(60),
      "windows.txt": "Alpha one\r\nbeta Two\r\n\r\nalpha three",
      "long.txt": `${"x".repeat(10_000)}alpha past the cut\nalpha within\n`,
      "unicode.txt": "ünïcödé Alpha 🙂\nnothing\nALPHA again\n",
      "empty.txt": "",
    };
    await project.write(files);
    const cases: { input: Record<string, unknown>; regex: RegExp; before: number; after: number }[] = [
      { input: { pattern: "alpha|Needle" }, regex: /alpha|Needle/, before: 0, after: 0 },
      { input: { pattern: "alpha", "-i": true, output_mode: "count" }, regex: /alpha/i, before: 0, after: 0 },
      {
        input: { pattern: "alpha|line 3 ", "-i": true, output_mode: "content", "-C": 1, head_limit: 100_000 },
        regex: /alpha|line 3 /i,
        before: 1,
        after: 1,
      },
      {
        input: {
          pattern: "Two|Needle",
          output_mode: "content",
          "-A": 2,
          "-B": 1,
          "-n": false,
          head_limit: 100_000,
        },
        regex: /Two|Needle/,
        before: 1,
        after: 2,
      },
    ];
    const paths = Object.keys(files).sort();
    for (const { input, regex, before, after } of cases) {
      const mode = (input.output_mode ?? "files_with_matches") as "files_with_matches" | "count" | "content";
      const expected = paths
        .map((path) => {
          const { count, shown } = matchingLines(splitLines(files[path] as string), regex, {
            before,
            after,
            maxMatchedChars: 10_000,
          });
          return { path, count, lines: mode === "content" ? shown : [] };
        })
        .filter((file) => file.count > 0);
      const text = formatGrepResults(expected, {
        mode,
        lineNumbers: input["-n"] !== false,
        headLimit: (input.head_limit as number | undefined) ?? 250,
        withContext: before + after > 0,
      }).text;

      expect(await grep(input)).toBe(text);
    }
  });

  it("stops the worker of a search that is interrupted, and the next search works", async () => {
    await project.write({ "hostile.txt": `${HOSTILE_LINE}\n`, "ok.txt": "fine\n" });
    // No deadline would end this runaway within the test: only the interruption can.
    matcher = new GrepMatcher({ deadlineMs: 3_600_000 });
    const controller = new AbortController();
    const search = grep({ pattern: RUNAWAY }, controller.signal).then(
      () => "answered",
      (error: Error) => error.name,
    );
    // Interrupted once the worker runs the pattern: the turn's signal, as when a person stops a turn.
    const abortWhenBusy = () => (matcher.busy ? controller.abort() : setImmediate(abortWhenBusy));
    abortWhenBusy();

    expect(await search).toBe("AbortError");
    expect(await grep({ pattern: "fine" })).toBe("ok.txt");
  });
});
