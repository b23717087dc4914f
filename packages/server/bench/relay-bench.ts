/**
 * The token relay alone (the first rows of the SSE bench, without its fan-out runs, which take minutes): Parley
 * and the raw node:http relay, one token per commit / append and per write, in the same run, RELAY_ROUNDS
 * times (default 3) alternating, medians of each round's ratio. A third side, the raw relay reading the model
 * through the AI SDK provider Parley uses, shows what of Parley's cost is the provider library's: "Parley ÷
 * provider" is what Parley itself adds. Run: npm run bench:relay -w @parley/server
 */
import { readFileSync } from "node:fs";
import { median, roundsFrom, startFakeModelServer } from "@parley/testkit";
import type { BenchServerCommand, BenchServerReply } from "./bench-server.ts";
import { Child } from "./child.ts";
import { ANSWER_TOKENS, measureRelay, type RelayMeasurements } from "./token-relay.ts";

type ServerChild = Child<BenchServerCommand, BenchServerReply>;
const rounds = roundsFrom("RELAY_ROUNDS", 3);
const fake = await startFakeModelServer();

async function relay(kind: "parley" | "raw" | "provider"): Promise<RelayMeasurements> {
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

try {
  const runs: { parley: RelayMeasurements; raw: RelayMeasurements; provider: RelayMeasurements }[] = [];
  for (let round = 0; round < rounds; round++)
    runs.push({ raw: await relay("raw"), provider: await relay("provider"), parley: await relay("parley") });
  const rows: [string, (run: RelayMeasurements) => number, string][] = [
    ["token latency p50", (run) => run.latency.p50, "ms"],
    ["token latency p99", (run) => run.latency.p99, "ms"],
    ["server CPU per gated token", (run) => run.cpuMsPerGatedToken, "ms"],
    [`server CPU per ${ANSWER_TOKENS}-token answer`, (run) => run.cpuMsPerAnswer, "ms"],
  ];
  const load = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
  console.log(`Token relay: medians of ${rounds} rounds; load average ${load}\n`);
  const columns = ["Parley", "raw", "provider", "Parley ÷ raw", "Parley ÷ provider"];
  console.log(
    `${"".padEnd(34)}${columns.map((column, index) => column.padStart(index < 3 ? 12 : 19)).join("")}`,
  );
  for (const [label, figure, unit] of rows) {
    const value = (side: keyof (typeof runs)[number]) =>
      `${median(runs.map((run) => figure(run[side]))).toFixed(2)} ${unit}`.padStart(12);
    const ratio = (side: "raw" | "provider") =>
      `${median(runs.map((run) => figure(run.parley) / figure(run[side]))).toFixed(2)}×`.padStart(19);
    console.log(
      `${label.padEnd(34)}${value("parley")}${value("raw")}${value("provider")}${ratio("raw")}${ratio("provider")}`,
    );
  }
  console.log(
    "\nprovider: the raw relay reading the model through the AI SDK provider Parley uses (its stream parsing and\n" +
      "checks), so Parley ÷ provider is what Parley adds beyond the provider library.",
  );
} finally {
  await fake.close();
}
