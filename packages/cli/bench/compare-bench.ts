/**
 * Parley beside the peer a person would pick instead, in the same run against the same fake model: OpenCode's
 * `opencode serve` (the real binary in interop/; skipped with a note when it is not installed). Each round
 * starts every server fresh, in turn, and measures
 *
 *   start → healthy:   spawn to the first 200 from its health check (a bare node:http server is the floor)
 *   idle RSS:          two seconds after healthy
 *   token relay:       gate-released tokens timed to their arrival at an SSE client (p50, p99), and the
 *                      server's CPU per gated token and per 400-token answer
 *
 * Prints medians and the median of each round's Parley ÷ OpenCode ratio. COMPARE_ROUNDS sets the rounds
 * (default 3). Run: npm run bench:compare
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  DEFAULT_RELAY_PLAN,
  type FakeModelServer,
  measureTokenRelay,
  type RelayMeasurements,
  roundsFrom,
  startFakeModelServer,
} from "@parley/testkit";
import { ensureBundle } from "../build/build-bundle.mjs";
import { bareNode, openCode, openCodeInstalled, type Peer, parley } from "./peer-servers.ts";

const rounds = roundsFrom("COMPARE_ROUNDS", 3);
// OpenCode relays a gated token in tens of milliseconds: fewer samples keep a round under a minute.
const plan = { ...DEFAULT_RELAY_PLAN, samples: 150, answerRepeats: 3 };

interface Figures extends Partial<RelayMeasurements> {
  msToHealthy: number;
  idleRssMb: number;
}

const peers: Peer[] = [bareNode, parley];
if (openCodeInstalled()) peers.push(openCode);
else console.log("OpenCode is not installed in interop/opencode (npm test installs it): Parley alone.");
const scratch = mkdtempSync(join(tmpdir(), "parley-compare-"));
let starts = 0;

/** A start of `peer` in a new project, with the home it keeps for the whole bench. */
async function start(peer: Peer, fake: FakeModelServer) {
  const folders = {
    home: join(scratch, `home-${peers.indexOf(peer)}`),
    project: join(scratch, `project-${starts++}`),
  };
  mkdirSync(folders.home, { recursive: true });
  mkdirSync(folders.project);
  return peer.start(folders, fake);
}

async function measure(peer: Peer, fake: FakeModelServer): Promise<Figures> {
  const started = await start(peer, fake);
  try {
    const idleRssMb = await started.idleRssMb();
    const relay = started.relay === undefined ? {} : await measureTokenRelay(fake, started.relay, plan);
    return { msToHealthy: started.msToHealthy, idleRssMb, ...relay };
  } finally {
    await started.stop();
    fake.reset();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

function report(peers: Peer[], samples: Figures[][]): void {
  const rows: [string, (figures: Figures) => number | undefined, string][] = [
    ["start → healthy", (figures) => figures.msToHealthy, "ms"],
    ["idle RSS", (figures) => figures.idleRssMb, "MB"],
    ["token relay p50", (figures) => figures.latency?.p50, "ms"],
    ["token relay p99", (figures) => figures.latency?.p99, "ms"],
    ["server CPU per gated token", (figures) => figures.cpuMsPerGatedToken, "ms"],
    [`server CPU per ${plan.answerTokens}-token answer`, (figures) => figures.cpuMsPerAnswer, "ms"],
  ];
  const parleyIndex = peers.indexOf(parley);
  const openCodeIndex = peers.indexOf(openCode);
  const load = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
  console.log(`\nParley beside its peers: medians of ${rounds} rounds; load average ${load}\n`);
  const ratioHeader = openCodeIndex === -1 ? "" : "Parley ÷ OpenCode".padStart(20);
  console.log(`${"".padEnd(34)}${peers.map((peer) => peer.name.padStart(18)).join("")}${ratioHeader}`);
  for (const [label, figure, unit] of rows) {
    const cells = peers.map((_, index) => {
      const values = (samples[index] ?? []).flatMap((sample) => figure(sample) ?? []);
      return values.length === 0 ? "—" : `${median(values).toFixed(unit === "MB" ? 1 : 2)} ${unit}`;
    });
    let ratio = "";
    if (openCodeIndex !== -1) {
      const ratios = (samples[parleyIndex] ?? []).flatMap((sample, round) => {
        const ours = figure(sample);
        const theirs = samples[openCodeIndex]?.[round] && figure(samples[openCodeIndex][round]);
        return ours === undefined || !theirs ? [] : [ours / theirs];
      });
      ratio = `${median(ratios).toFixed(2)}×`.padStart(20);
    }
    console.log(`${label.padEnd(34)}${cells.map((cell) => cell.padStart(18)).join("")}${ratio}`);
  }
  console.log(
    `\nrelay: ${plan.samples} gated tokens after ${plan.warmup} of warm-up, then ${plan.answerRepeats} answers of ${plan.answerTokens} tokens; CPU from /proc (10 ms ticks), the server process only`,
  );
}

await ensureBundle();
const fake = await startFakeModelServer();
try {
  // Not measured: warms the file cache and each home (the web UI built, OpenCode's provider installed).
  for (const peer of peers) await (await start(peer, fake)).stop();
  fake.reset();
  const samples = peers.map(() => [] as Figures[]);
  for (let round = 0; round < rounds; round++) {
    for (const [index, peer] of peers.entries()) {
      process.stderr.write(`round ${round + 1}: ${peer.name}…\n`);
      samples[index]?.push(await measure(peer, fake));
    }
  }
  report(peers, samples);
} finally {
  await fake.close();
  rmSync(scratch, { recursive: true, force: true });
}
