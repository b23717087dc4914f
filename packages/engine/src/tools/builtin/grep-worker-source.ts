/**
 * What `Grep`'s worker thread runs, as source text: an `eval` worker needs no file of its own in the CLI's
 * bundle, and text (not a function's `toString()`) is what tsx, Vitest and esbuild leave alone. It answers each
 * batch of files with their matches, and writes the index of the file it is on into the shared `progress`
 * slot, so that a batch stopped past its deadline can name the file. Lines are split and cut as
 * `splitLines` and `matchingLines` in grep-output.ts do (the grep tests compare both paths' answers).
 *
 * A batch: `{ id, pattern, flags, mode, maxMatchedChars, data: Uint8Array, spans: number[] }`, where the
 * spans are each file's start and length in `data`. The answer: `{ id, found }`, one entry a file: the
 * ascending indexes of its matching lines in "content" mode, else its count of matching lines ("files_with_matches"
 * stops at the first, so counts 0 or 1); or `{ id, error }`.
 */
export const GREP_WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const progress = new Int32Array(workerData.progress);
let compiled;
parentPort.on("message", (batch) => {
  try {
    const key = batch.flags + "/" + batch.pattern;
    if (compiled === undefined || compiled.key !== key) {
      compiled = { key, regex: new RegExp(batch.pattern, batch.flags) };
    }
    const regex = compiled.regex;
    const max = batch.maxMatchedChars;
    const bytes = Buffer.from(batch.data.buffer, batch.data.byteOffset, batch.data.byteLength);
    const found = [];
    for (let file = 0; file * 2 < batch.spans.length; file++) {
      Atomics.store(progress, 0, file);
      const start = batch.spans[file * 2];
      const lines = bytes.toString("utf8", start, start + batch.spans[file * 2 + 1]).split(/\\r?\\n/);
      if (lines.at(-1) === "") lines.pop();
      const matches = (line) => regex.test(line.length > max ? line.slice(0, max) : line);
      if (batch.mode === "files_with_matches") found.push(lines.some(matches) ? 1 : 0);
      else {
        const matched = [];
        for (let index = 0; index < lines.length; index++) if (matches(lines[index])) matched.push(index);
        found.push(batch.mode === "count" ? matched.length : matched);
      }
    }
    parentPort.postMessage({ id: batch.id, found });
  } catch (error) {
    parentPort.postMessage({ id: batch.id, error: String(error && error.message ? error.message : error) });
  }
});
`;
