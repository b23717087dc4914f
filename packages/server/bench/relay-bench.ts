/**
 * The token relay alone (the first rows of the SSE bench, without its fan-out runs, which take minutes): Parley
 * and the raw node:http relay, one token per commit / append and per write, in the same run, RELAY_ROUNDS
 * times (default 3) alternating, medians of each round's ratio. Run: npm run bench:relay -w @parley/server
 */
import { readFileSync } from "node:fs";
import { startFakeModelServer } from "@parley/testkit";
import type { BenchServerCommand, BenchServerReply } from "./bench-server.ts";
import { Child } from "./child.ts";
import { ANSWER_TOKENS, measureRelay, type RelayMeasurements } from "./token-relay.ts";

type ServerChild = Child<BenchServerCommand, BenchServerReply>;
const rounds = Number(process.env.RELAY_ROUNDS ?? 3);
const fake = await startFakeModelServer();

async function relay(kind: "parley" | "raw"): Promise<RelayMeasurements> {
  const child: ServerChild = new Child("bench-server.ts", [kind], {
    ...process.env,
    PARLEY_MODEL: "anthropic:claude-bench",
    ANTHROPIC_API_KEY: "bench",
    ANTHROPIC_BASE_URL: fake.url,
  });
  try {
    return await measureRelay(fake, child, await child.next("ready"));
  } finally {
    await child.stop();
    fake.reset();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
try {
  const runs: { parley: RelayMeasurements; raw: RelayMeasurements }[] = [];
  for (let round = 0; round < rounds; round++)
    runs.push({ raw: await relay("raw"), parley: await relay("parley") });
  const rows: [string, (run: RelayMeasurements) => number, string][] = [
    ["token latency p50", (run) => run.latency.p50, "ms"],
    ["token latency p99", (run) => run.latency.p99, "ms"],
    ["server CPU per gated token", (run) => run.cpuMsPerGatedToken, "ms"],
    [`server CPU per ${ANSWER_TOKENS}-token answer`, (run) => run.cpuMsPerAnswer, "ms"],
  ];
  const load = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
  console.log(`Token relay: medians of ${rounds} rounds; load average ${load}\n`);
  console.log(`${"".padEnd(34)}${"Parley".padStart(12)}${"raw".padStart(12)}${"Parley ÷ raw".padStart(15)}`);
  for (const [label, figure, unit] of rows) {
    const parley = median(runs.map((run) => figure(run.parley)));
    const raw = median(runs.map((run) => figure(run.raw)));
    const ratio = median(runs.map((run) => figure(run.parley) / figure(run.raw)));
    console.log(
      `${label.padEnd(34)}${`${parley.toFixed(2)} ${unit}`.padStart(12)}${`${raw.toFixed(2)} ${unit}`.padStart(12)}${`${ratio.toFixed(2)}×`.padStart(15)}`,
    );
  }
} finally {
  await fake.close();
}
