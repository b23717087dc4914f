/**
 * Decode throughput (a measurement, not a test): decodes and validates a mixed corpus of protocol messages
 * and prints messages per second next to plain `JSON.parse` of the same lines, as a ratio.
 * Run: npm run bench -w @parley/protocol   (env BENCH_MESSAGES to change the corpus size)
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
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
const rounds = 7;

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

/** CPU time of one pass, in seconds: on a shared machine, wall time also counts the time other processes ran. */
function cpuSeconds(run: () => number): { seconds: number; count: number } {
  const start = process.cpuUsage();
  const count = run();
  const used = process.cpuUsage(start);
  return { seconds: (used.user + used.system) / 1e6, count };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

function printRate(label: string, rate: number): void {
  console.log(`${label.padEnd(38)} ${Math.round(rate).toLocaleString("en-US").padStart(12)} messages/s`);
}

/**
 * Runs both sides in alternating rounds (so load from other processes falls on both alike) and returns the
 * median rate of each and the median of the per-round ratios.
 */
function compareRounds(baseline: () => number, measured: () => number) {
  baseline();
  measured(); // warm-up
  const baselineRates: number[] = [];
  const measuredRates: number[] = [];
  const ratios: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const base = cpuSeconds(baseline);
    const run = cpuSeconds(measured);
    baselineRates.push(base.count / base.seconds);
    measuredRates.push(run.count / run.seconds);
    ratios.push(run.count / run.seconds / (base.count / base.seconds));
  }
  return { baseline: median(baselineRates), measured: median(measuredRates), ratio: median(ratios) };
}

const corpus = buildCorpus();
const bytes = corpus.reduce((sum, entry) => sum + entry.line.length, 0);
const counts = new Map<Family, number>();
for (const entry of corpus) counts.set(entry.family, (counts.get(entry.family) ?? 0) + 1);
const mix = [...counts].map(([family, count]) => `${family} ${count}`);
console.log(
  `corpus: ${corpus.length.toLocaleString("en-US")} messages, ${(bytes / 1e6).toFixed(1)} MB (${mix.join(", ")})`,
);
console.log(`node ${process.version}, CPU time, ${rounds} alternating rounds, medians\n`);

const result = compareRounds(
  () => {
    let parsed = 0;
    for (const entry of corpus) if (JSON.parse(entry.line) !== null) parsed++;
    return parsed;
  },
  () => {
    let valid = 0;
    for (const entry of corpus) if (decode(entry)) valid++;
    if (valid !== corpus.length) throw new Error(`${corpus.length - valid} corpus lines failed to decode`);
    return valid;
  },
);
printRate("JSON.parse (baseline)", result.baseline);
printRate("decode + validate (@parley/protocol)", result.measured);
console.log(
  `\nratio: decode + validate runs at ${result.ratio.toFixed(3)}× the speed of JSON.parse ` +
    `(${(1 / result.ratio).toFixed(2)}× its time; median of per-round ratios)`,
);
