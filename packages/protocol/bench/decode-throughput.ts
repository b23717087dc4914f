/**
 * Decode throughput (a measurement, not a test): decodes and validates a mixed corpus of protocol messages
 * and prints messages per second next to plain `JSON.parse` of the same lines, as a ratio.
 * Run: npm run bench -w @parley/protocol   (env BENCH_MESSAGES to change the corpus size)
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import {
  ChatHistoryMessageSchema,
  decodeRichMessage,
  decodeSdkMessage,
  decodeUiSseMessage,
  decodeWith,
  toUiSseMessage,
  UI_SSE_WIRE_REVISION,
} from "../src/index.ts";
import { fullEvents } from "../test/events/sample-events.ts";

type Family = "rich" | "sdk" | "events" | "api";
interface CorpusLine {
  family: Family;
  line: string;
}

const testDirectory = join(import.meta.dirname, "..", "test");
const corpusSize = Number(process.env.BENCH_MESSAGES ?? 100_000);
const rounds = 5;

function seedLines(): CorpusLine[] {
  const richDirectory = join(testDirectory, "rich", "fixtures", "messages");
  const rich = readdirSync(richDirectory).map((name) => ({
    family: "rich" as const,
    line: JSON.stringify(JSON.parse(readFileSync(join(richDirectory, name), "utf8"))),
  }));

  const samplesDirectory = join(testDirectory, "fixtures", "sdk", "samples");
  const sdk = ["claude-print-hello.jsonl", "claude-print-bash-tool.jsonl", "claude-print-api-retry-500.jsonl"]
    .flatMap((name) => readFileSync(join(samplesDirectory, name), "utf8").split("\n"))
    .filter((line) => line.trim() !== "")
    .map((line) => ({ family: "sdk" as const, line }));

  const events = Object.values(fullEvents).map((event, index) => ({
    family: "events" as const,
    line: JSON.stringify(
      // Frames as the server writes them now (slim revision 2).
      toUiSseMessage(event, { seq: index + 1, rev: UI_SSE_WIRE_REVISION, ts_ms: 1_790_000_000_000 }),
    ),
  }));

  const api = [
    {
      family: "api" as const,
      line: JSON.stringify({ role: "assistant", type: "text", content: "Done.", timestamp: null }),
    },
  ];
  return [...rich, ...sdk, ...events, ...api];
}

/** A corpus shaped like a real event log: mostly token frames and SDK stream lines, some of everything else. */
function buildCorpus(): CorpusLine[] {
  const seeds = seedLines();
  const tokenFrame = seeds.find((seed) => seed.family === "events" && seed.line.includes('"kind":"token"'));
  const weighted = tokenFrame ? [...seeds, ...Array(seeds.length).fill(tokenFrame)] : seeds;
  return Array.from({ length: corpusSize }, (_, index) => weighted[index % weighted.length] as CorpusLine);
}

function decode(entry: CorpusLine): boolean {
  switch (entry.family) {
    case "rich":
      return decodeRichMessage(entry.line).success;
    case "sdk":
      return decodeSdkMessage(entry.line).kind !== "invalid";
    case "events":
      return decodeUiSseMessage(entry.line).success;
    case "api":
      return decodeWith(ChatHistoryMessageSchema, JSON.parse(entry.line)).success;
  }
}

function timeRounds(label: string, run: () => number): number {
  run(); // warm-up
  const rates: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const start = performance.now();
    const count = run();
    rates.push(count / ((performance.now() - start) / 1000));
  }
  rates.sort((a, b) => a - b);
  const median = rates[Math.floor(rates.length / 2)] as number;
  console.log(`${label.padEnd(34)} ${Math.round(median).toLocaleString("en-US").padStart(12)} messages/s`);
  return median;
}

const corpus = buildCorpus();
const bytes = corpus.reduce((sum, entry) => sum + entry.line.length, 0);
const counts = new Map<Family, number>();
for (const entry of corpus) counts.set(entry.family, (counts.get(entry.family) ?? 0) + 1);
const mix = [...counts].map(([family, count]) => `${family} ${count}`);
console.log(
  `corpus: ${corpus.length.toLocaleString("en-US")} messages, ${(bytes / 1e6).toFixed(1)} MB (${mix.join(", ")})`,
);
console.log(`node ${process.version}, median of ${rounds} rounds\n`);

const baseline = timeRounds("JSON.parse (baseline)", () => {
  let parsed = 0;
  for (const entry of corpus) if (JSON.parse(entry.line) !== null) parsed++;
  return parsed;
});
const decoded = timeRounds("decode + validate (@parley/protocol)", () => {
  let valid = 0;
  for (const entry of corpus) if (decode(entry)) valid++;
  if (valid !== corpus.length) throw new Error(`${corpus.length - valid} corpus lines failed to decode`);
  return valid;
});
console.log(`\nratio: decode + validate runs at ${(decoded / baseline).toFixed(3)}× the speed of JSON.parse`);
