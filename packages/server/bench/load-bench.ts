/**
 * `npm run bench:load -w @parley/server`: how Parley holds up when clients replay a large history or stop
 * reading, each figure next to a baseline measured in the same run on the same server.
 *
 * 1. Replay under load: a log of BENCH_LOG_MB (default 500) MB; 50 clients follow live traffic while a
 *    probe asks `/api/health` every 20 ms. Baseline: that alone. Load: 10 more clients replay the whole
 *    log from seq 0 as fast as they can. Figures: the server's event-loop delay and health latency (p50,
 *    p99), and the replay's throughput. Targets (issue 14): event-loop p99 ≤ 50 ms, health p99 ≤ 100 ms.
 * 2. Stalled clients: 100 clients that stop reading right after connecting while BENCH_STALL_MB (default
 *    50) MB of events are published. Baseline: 100 clients that read. Figure: server RSS over idle.
 */
import { Child } from "./child.ts";
import type { LoadClientsCommand, LoadClientsReply } from "./load-clients.ts";
import type { LoadServerCommand, LoadServerReply } from "./load-server.ts";

type ServerChild = Child<LoadServerCommand, LoadServerReply>;
type Stats = Extract<LoadServerReply, { type: "stats" }>;

const LOG_MB = Number(process.env.BENCH_LOG_MB ?? 500);
const STALL_MB = Number(process.env.BENCH_STALL_MB ?? 50);
const MB = 1024 * 1024;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

/** Pings `/api/health` every 20 ms until stopped; returns the latencies. */
function probeHealth(url: string): { stop(): Promise<number[]> } {
  const samples: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      await (await fetch(`${url}/api/health`)).text();
      samples.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return samples;
    },
  };
}

async function stats(server: ServerChild): Promise<Stats> {
  server.send({ type: "stats" });
  return server.next("stats");
}

async function startPair() {
  const server: ServerChild = new Child("load-server.ts", []);
  const ready = await server.next("ready");
  const clients = new Child<LoadClientsCommand, LoadClientsReply>("load-clients.ts", []);
  return { server, clients, ready };
}

async function replayUnderLoad() {
  const { server, clients, ready } = await startPair();
  const { url, token } = ready;
  try {
    server.send({ type: "fill", megabytes: LOG_MB, eventBytes: 8 * 1024 });
    const { head } = await server.next("filled");
    clients.send({ type: "follow", url, token, count: 50 });
    await clients.next("following");
    server.send({ type: "live", perTick: 5, tickMs: 10 });

    await stats(server); // resets the event-loop histogram
    let probe = probeHealth(url);
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const baselineHealth = await probe.stop();
    const baseline = await stats(server);

    probe = probeHealth(url);
    clients.send({ type: "replay", url, token, count: 10, head });
    const replayed = await clients.next("replayed");
    const loadHealth = await probe.stop();
    const load = await stats(server);
    server.send({ type: "quiet" });
    return { head, baselineHealth, baseline, loadHealth, load, replayed };
  } finally {
    clients.send({ type: "close", url, token });
    await clients.next("closed");
    await clients.stop();
    await server.stop();
  }
}

async function stalledClients(stall: boolean) {
  const { server, clients, ready } = await startPair();
  const { url, token } = ready;
  try {
    const idle = await stats(server);
    clients.send(
      stall ? { type: "stall", url, token, count: 100 } : { type: "follow", url, token, count: 100 },
    );
    await clients.next(stall ? "stalled" : "following");
    server.send({ type: "publish", megabytes: STALL_MB });
    await server.next("published");
    const after = await stats(server);
    return { idle, after };
  } finally {
    clients.send({ type: "close", url, token });
    await clients.next("closed");
    await clients.stop();
    await server.stop();
  }
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const replay = await replayUnderLoad();
const reading = await stalledClients(false);
const stalled = await stalledClients(true);
const over = (run: { idle: Stats; after: Stats }) => (run.after.rss - run.idle.rss) / MB;

console.log(`\nParley under load (log of ${LOG_MB} MB, ${replay.head} events; 50 live followers)\n`);
console.log("                          baseline (live only)   + 10 clients replaying from 0   ratio");
const row = (name: string, base: number, load: number) =>
  console.log(
    `${name.padEnd(26)}${ms(base).padEnd(23)}${ms(load).padEnd(32)}${(load / Math.max(base, 0.001)).toFixed(2)}×`,
  );
row("event-loop delay p50", replay.baseline.eventLoopP50Ms, replay.load.eventLoopP50Ms);
row("event-loop delay p99", replay.baseline.eventLoopP99Ms, replay.load.eventLoopP99Ms);
row("/api/health p50", percentile(replay.baselineHealth, 50), percentile(replay.loadHealth, 50));
row("/api/health p99", percentile(replay.baselineHealth, 99), percentile(replay.loadHealth, 99));
console.log(
  `replay: 10 × ${LOG_MB} MB in ${replay.replayed.seconds.toFixed(1)} s (${(replay.replayed.bytes / MB / replay.replayed.seconds).toFixed(0)} MB/s sent); server RSS ${(replay.load.rss / MB).toFixed(0)} MB`,
);
console.log(`targets: event-loop p99 ≤ 50 ms, health p99 ≤ 100 ms\n`);
console.log(`100 clients while ${STALL_MB} MB of events are published        RSS over idle`);
console.log(`reading (baseline)                                         ${over(reading).toFixed(1)} MB`);
console.log(`stalled (never read after connecting)                      ${over(stalled).toFixed(1)} MB`);
console.log(
  `ratio                                                      ${(over(stalled) / Math.max(over(reading), 0.1)).toFixed(2)}×\n`,
);
