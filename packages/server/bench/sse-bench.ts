/**
 * `npm run bench` for the server: how Parley's durable SSE path compares with a minimal raw-Node SSE server
 * measured the same way in the same run, so the numbers are ratios on this machine, not absolutes.
 *
 * Both sides are in the same durability class: an event is stored before it is sent, so it survives a killed
 * process (Parley: SQLite WAL, synchronous=NORMAL; raw: an append-only file), neither fsyncs per event.
 *
 * - Token relay, one event at a time on both sides: a fake model server (this process) releases one token at
 *   a time through a gate; the time until an SSE client (this process) has the token frame, and the server's
 *   CPU time per token. Then the CPU time of a 400-token answer streamed without pauses. Parley's path:
 *   engine, bus, one commit per token, SSE. Raw: each model delta appended to its file and written out.
 * - Delivered events per second with 1, 100 and 1,000 SSE clients, batched the same way on both sides: the
 *   server publishes token events 50 per event-loop turn (Parley: one transaction per batch through the real
 *   bus and log; raw: one file append per batch) and each client gets a batch in one write; clients run in a
 *   separate process and count.
 * - Idle RSS, and RSS per connected client (1,000 idle connections).
 *
 * Each server runs in its own process (bench-server.ts), the clients in another (sse-clients.ts).
 */
import { cpus } from "node:os";
import { type FakeModelServer, startFakeModelServer } from "@parley/testkit";
import type { BenchServerCommand, BenchServerReply } from "./bench-server.ts";
import { Child } from "./child.ts";
import type { ClientsCommand, ClientsReply } from "./sse-clients.ts";
import { ANSWER_TOKENS, LATENCY_SAMPLES, measureRelay, type RelayMeasurements } from "./token-relay.ts";

const FAN_OUT = [
  { clients: 1, events: 20_000 },
  { clients: 100, events: 5_000 },
  { clients: 1_000, events: 1_000 },
];
const BATCH = 50;
/** Each fan-out run is repeated and the median kept: fsync and scheduling make single runs noisy. */
const REPEATS = 3;

type ServerChild = Child<BenchServerCommand, BenchServerReply>;
type Ready = Extract<BenchServerReply, { type: "ready" }>;

interface Measurements extends RelayMeasurements {
  fanOut: { clients: number; eventsPerSecond: number; deliveriesPerCpuSecond: number }[];
  idleRss: number;
  rssPerClient: number;
}

async function startServer(
  kind: "parley" | "raw" | "provider" | "nothing",
  fake: FakeModelServer,
): Promise<{ child: ServerChild; ready: Ready }> {
  const child: ServerChild = new Child("bench-server.ts", [kind], {
    ...process.env,
    PARLEY_MODEL: "anthropic:claude-bench",
    ANTHROPIC_API_KEY: "bench",
    ANTHROPIC_BASE_URL: fake.url,
  });
  return { child, ready: await child.next("ready") };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function measureFanOut(
  server: ServerChild,
  ready: Ready,
  clients: Child<ClientsCommand, ClientsReply>,
) {
  const results: Measurements["fanOut"] = [];
  const headers: Record<string, string> = ready.token ? { authorization: `Bearer ${ready.token}` } : {};
  let rssPerClient = 0;
  for (const { clients: count, events } of FAN_OUT) {
    server.send({ type: "stats" });
    const unconnected = await server.next("stats");
    clients.send({ type: "connect", servers: [{ url: ready.url, path: ready.eventsPath, headers }], count });
    await clients.next("connected");
    server.send({ type: "stats" });
    const connected = await server.next("stats");
    if (count === 1_000) rssPerClient = (connected.rss - unconnected.rss) / count;
    const eventsPerSecond: number[] = [];
    const deliveriesPerCpuSecond: number[] = [];
    for (let repeat = 0; repeat < REPEATS; repeat++) {
      server.send({ type: "stats" });
      const before = await server.next("stats");
      clients.send({ type: "expect", events });
      const started = performance.now();
      server.send({ type: "publish", count: events, batch: BATCH });
      await clients.next("received");
      const seconds = (performance.now() - started) / 1000;
      await server.next("published");
      server.send({ type: "stats" });
      const after = await server.next("stats");
      eventsPerSecond.push(events / seconds);
      deliveriesPerCpuSecond.push((events * count) / ((after.cpuMs - before.cpuMs) / 1000));
    }
    results.push({
      clients: count,
      eventsPerSecond: median(eventsPerSecond),
      deliveriesPerCpuSecond: median(deliveriesPerCpuSecond),
    });
    clients.send({ type: "close" });
    await clients.next("closed");
  }
  return { fanOut: results, rssPerClient };
}

async function measure(kind: "parley" | "raw", fake: FakeModelServer): Promise<Measurements> {
  const { child, ready } = await startServer(kind, fake);
  const clients = new Child<ClientsCommand, ClientsReply>("sse-clients.ts", []);
  try {
    child.send({ type: "stats" });
    const idleRss = (await child.next("stats")).rss;
    // Warm both paths up (JIT, SQLite pages) before measuring.
    clients.send({
      type: "connect",
      servers: [
        {
          url: ready.url,
          path: ready.eventsPath,
          headers: ready.token ? { authorization: `Bearer ${ready.token}` } : {},
        },
      ],
      count: 10,
    });
    await clients.next("connected");
    clients.send({ type: "expect", events: 5_000 });
    child.send({ type: "publish", count: 5_000, batch: BATCH });
    await clients.next("received");
    await child.next("published");
    clients.send({ type: "close" });
    await clients.next("closed");

    const fanOut = await measureFanOut(child, ready, clients);
    const relay = await measureRelay(fake, child, ready);
    return { ...relay, idleRss, ...fanOut };
  } finally {
    await clients.stop();
    await child.stop();
    fake.reset();
  }
}

const fixed = (value: number, digits = 2) => value.toFixed(digits);
const thousands = (value: number) => Math.round(value).toLocaleString("en-US");
const megabytes = (bytes: number) => `${fixed(bytes / 1024 / 1024, 1)} MB`;
const kilobytes = (bytes: number) => `${fixed(bytes / 1024, 1)} KB`;

/** RSS of a process running nothing but Node (its script bundled, as the servers are). */
async function baselineRss(fake: FakeModelServer): Promise<number> {
  const { child } = await startServer("nothing", fake);
  child.send({ type: "stats" });
  const { rss } = await child.next("stats");
  await child.stop();
  return rss;
}

function printTable(parley: Measurements, raw: Measurements, baseline: number): void {
  const rows: [string, string, string, string][] = [
    [
      "token latency p50",
      `${fixed(parley.latency.p50)} ms`,
      `${fixed(raw.latency.p50)} ms`,
      `${fixed(parley.latency.p50 / raw.latency.p50)}×`,
    ],
    [
      "token latency p99",
      `${fixed(parley.latency.p99)} ms`,
      `${fixed(raw.latency.p99)} ms`,
      `${fixed(parley.latency.p99 / raw.latency.p99)}×`,
    ],
    [
      "server CPU per gated token",
      `${fixed(parley.cpuMsPerGatedToken, 3)} ms`,
      `${fixed(raw.cpuMsPerGatedToken, 3)} ms`,
      `${fixed(parley.cpuMsPerGatedToken / raw.cpuMsPerGatedToken)}×`,
    ],
    [
      `server CPU per ${ANSWER_TOKENS}-token answer`,
      `${fixed(parley.cpuMsPerAnswer, 1)} ms`,
      `${fixed(raw.cpuMsPerAnswer, 1)} ms`,
      `${fixed(parley.cpuMsPerAnswer / raw.cpuMsPerAnswer)}×`,
    ],
  ];
  for (const [index, result] of parley.fanOut.entries()) {
    const baseline = raw.fanOut[index];
    if (!baseline) continue;
    rows.push([
      `events/s, ${thousands(result.clients)} client${result.clients === 1 ? "" : "s"}`,
      thousands(result.eventsPerSecond),
      thousands(baseline.eventsPerSecond),
      `${fixed(result.eventsPerSecond / baseline.eventsPerSecond)}×`,
    ]);
    rows.push([
      `  deliveries per server CPU-second`,
      thousands(result.deliveriesPerCpuSecond),
      thousands(baseline.deliveriesPerCpuSecond),
      `${fixed(result.deliveriesPerCpuSecond / baseline.deliveriesPerCpuSecond)}×`,
    ]);
  }
  rows.push([
    "idle RSS",
    megabytes(parley.idleRss),
    megabytes(raw.idleRss),
    `${fixed(parley.idleRss / raw.idleRss)}×`,
  ]);
  const rawOwn = raw.idleRss - baseline;
  rows.push([
    `  above Node alone (${megabytes(baseline)})`,
    megabytes(parley.idleRss - baseline),
    megabytes(rawOwn),
    // Within GC noise of nothing, a ratio would be meaningless.
    rawOwn > 1024 * 1024 ? `${fixed((parley.idleRss - baseline) / rawOwn)}×` : "—",
  ]);
  rows.push([
    "RSS per connected client",
    kilobytes(parley.rssPerClient),
    kilobytes(raw.rssPerClient),
    `${fixed(parley.rssPerClient / raw.rssPerClient)}×`,
  ]);
  const header: [string, string, string, string] = ["", "Parley", "raw node:http", "Parley ÷ raw"];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)),
  );
  const line = (row: string[]) =>
    row
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join("  ");
  console.log(line(header));
  for (const row of rows) console.log(line(row));
}

/**
 * The token relay once more with the raw server reading the model through the AI SDK provider Parley uses:
 * what of Parley's CPU per token is the provider library's, and what Parley adds to it.
 */
async function printProviderFloor(parley: Measurements, fake: FakeModelServer): Promise<void> {
  const { child, ready } = await startServer("provider", fake);
  try {
    const provider = await measureRelay(fake, child, ready);
    console.log(
      "\nraw relay reading the model through the AI SDK provider (the floor of any relay using it):",
    );
    for (const [label, of] of [
      ["server CPU per gated token", (run: RelayMeasurements) => run.cpuMsPerGatedToken],
      [`server CPU per ${ANSWER_TOKENS}-token answer`, (run: RelayMeasurements) => run.cpuMsPerAnswer],
    ] as const)
      console.log(
        `  ${label}: ${fixed(of(provider), 2)} ms, Parley ÷ provider relay ${fixed(of(parley) / of(provider))}×`,
      );
  } finally {
    await child.stop();
    fake.reset();
  }
}

const fake = await startFakeModelServer();
try {
  console.log(`SSE bench: Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? "CPU"}`);
  console.log(
    [
      "both sides store each event before sending it (Parley: SQLite WAL synchronous=NORMAL; raw: append to a file, no fsync)",
      `token relay: one event per commit and per write on both sides; ${LATENCY_SAMPLES} gated tokens, then ${ANSWER_TOKENS}-token answers`,
      `fan-out: ${FAN_OUT.map((run) => `${run.clients} clients × ${run.events} events`).join(", ")}; both sides batch ${BATCH} events per commit / append and per client write; median of ${REPEATS}\n`,
    ].join("\n"),
  );
  const baseline = await baselineRss(fake);
  const raw = await measure("raw", fake);
  const parley = await measure("parley", fake);
  printTable(parley, raw, baseline);
  await printProviderFloor(parley, fake);
  console.log(
    [
      "",
      "Latency: gate released at the fake model → token frame parsed by an SSE client (same process, one clock).",
      "Fan-out: time until every client (another process) has every event; CPU is the server process's own.",
      "RSS after a full GC; per-client RSS is (1,000 connected − none connected) / 1,000, noisy to a few KB.",
    ].join("\n"),
  );
} finally {
  await fake.close();
}
