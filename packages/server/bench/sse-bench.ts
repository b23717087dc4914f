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
 *   engine, bus, one commit per token, SSE. Raw: each model delta appended to its file and written out. Its
 *   rounds alternate between the two servers, as the fan-out's do.
 * - Delivered events per second with 1, 100 and 1,000 SSE clients, batched the same way on both sides: the
 *   server publishes token events 50 per event-loop turn (Parley: one transaction per batch through the real
 *   bus and log; raw: one file append per batch) and each client gets a batch in one write; clients run in a
 *   separate process per server and count. Both servers stay up and the rounds alternate between them.
 * - Idle RSS, and RSS per connected client (1,000 idle connections).
 *
 * Each server runs in its own process (bench-server.ts), the clients in another (sse-clients.ts).
 */
import { cpus } from "node:os";
import { type FakeModelServer, median, roundsFrom, startFakeModelServer } from "@parley/testkit";
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
/**
 * Fan-out rounds per client count, Parley's and the raw server's alternating with both servers up and their
 * clients connected: a minute of the other helpers' load then falls on both sides, not on whichever ran
 * second. The table prints each side's median and the median of the rounds' ratios.
 */
const ROUNDS = roundsFrom("FAN_OUT_ROUNDS", 5);
/** Token relay rounds, alternating the same way on the same two servers (each round ~3 s per side). */
const RELAY_ROUNDS = roundsFrom("SSE_RELAY_ROUNDS", 3);

/** The relay's figures, read from a round's measurements. */
const RELAY_FIGURES = {
  p50: (run: RelayMeasurements) => run.latency.p50,
  p99: (run: RelayMeasurements) => run.latency.p99,
  gated: (run: RelayMeasurements) => run.cpuMsPerGatedToken,
  answer: (run: RelayMeasurements) => run.cpuMsPerAnswer,
};
type RelayRatios = Record<keyof typeof RELAY_FIGURES, number>;

type ServerChild = Child<BenchServerCommand, BenchServerReply>;
type ClientsChild = Child<ClientsCommand, ClientsReply>;
type Ready = Extract<BenchServerReply, { type: "ready" }>;
type Kind = "parley" | "raw";

interface FanOutRun {
  clients: number;
  eventsPerSecond: number;
  deliveriesPerCpuSecond: number;
}

interface Measurements extends RelayMeasurements {
  fanOut: FanOutRun[];
  idleRss: number;
  rssPerClient: number;
}

/** A bench server with its own clients process, up for the whole fan-out. */
interface Side {
  server: ServerChild;
  ready: Ready;
  clients: ClientsChild;
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

const headersOf = (ready: Ready): Record<string, string> =>
  ready.token ? { authorization: `Bearer ${ready.token}` } : {};

async function stats(server: ServerChild, gc = true) {
  server.send({ type: "stats", gc });
  return server.next("stats");
}

async function connect(side: Side, count: number): Promise<void> {
  const endpoint = { url: side.ready.url, path: side.ready.eventsPath, headers: headersOf(side.ready) };
  side.clients.send({ type: "connect", servers: [endpoint], count });
  await side.clients.next("connected");
}

async function disconnect(side: Side): Promise<void> {
  side.clients.send({ type: "close" });
  await side.clients.next("closed");
}

/** One round: `events` published in batches, timed until every connected client has them all. */
async function publishRound(side: Side, events: number, clients: number) {
  const before = await stats(side.server, false);
  side.clients.send({ type: "expect", events });
  const started = performance.now();
  side.server.send({ type: "publish", count: events, batch: BATCH });
  await side.clients.next("received");
  const seconds = (performance.now() - started) / 1000;
  await side.server.next("published");
  const after = await stats(side.server, false);
  return {
    eventsPerSecond: events / seconds,
    deliveriesPerCpuSecond: (events * clients) / ((after.cpuMs - before.cpuMs) / 1000),
  };
}

/**
 * Fan-out of both sides, round by round alternating (which side goes first alternates too). Returns each
 * side's medians and, per client count, the median of the rounds' Parley ÷ raw ratios.
 */
async function measureFanOut(sides: Record<Kind, Side>) {
  const runs: Record<Kind, FanOutRun[]> = { parley: [], raw: [] };
  const ratios: { eventsPerSecond: number; deliveriesPerCpuSecond: number }[] = [];
  const rssPerClient: Record<Kind, number> = { parley: 0, raw: 0 };
  for (const { clients: count, events } of FAN_OUT) {
    for (const kind of ["raw", "parley"] as const) {
      const unconnected = await stats(sides[kind].server);
      await connect(sides[kind], count);
      const connected = await stats(sides[kind].server);
      if (count === 1_000) rssPerClient[kind] = (connected.rss - unconnected.rss) / count;
    }
    const rounds: Record<Kind, { eventsPerSecond: number; deliveriesPerCpuSecond: number }[]> = {
      parley: [],
      raw: [],
    };
    for (let round = 0; round < ROUNDS; round++) {
      const order: Kind[] = round % 2 === 0 ? ["raw", "parley"] : ["parley", "raw"];
      for (const kind of order) rounds[kind].push(await publishRound(sides[kind], events, count));
    }
    for (const kind of ["raw", "parley"] as const) {
      runs[kind].push({
        clients: count,
        eventsPerSecond: median(rounds[kind].map((round) => round.eventsPerSecond)),
        deliveriesPerCpuSecond: median(rounds[kind].map((round) => round.deliveriesPerCpuSecond)),
      });
      await disconnect(sides[kind]);
    }
    const ratioOf = (figure: "eventsPerSecond" | "deliveriesPerCpuSecond") =>
      median(rounds.parley.map((round, index) => round[figure] / (rounds.raw[index]?.[figure] ?? 1)));
    ratios.push({
      eventsPerSecond: ratioOf("eventsPerSecond"),
      deliveriesPerCpuSecond: ratioOf("deliveriesPerCpuSecond"),
    });
  }
  return { runs, ratios, rssPerClient };
}

/** Starts a side and warms it up; its idle RSS is read first. */
async function startSide(kind: Kind, fake: FakeModelServer): Promise<Side & { idleRss: number }> {
  const { child: server, ready } = await startServer(kind, fake);
  const idleRss = (await stats(server)).rss;
  const clients: ClientsChild = new Child("sse-clients.ts", []);
  // Warm the path up (JIT, SQLite pages) before measuring.
  await connect({ server, ready, clients }, 10);
  clients.send({ type: "expect", events: 5_000 });
  server.send({ type: "publish", count: 5_000, batch: BATCH });
  await clients.next("received");
  await server.next("published");
  await disconnect({ server, ready, clients });
  return { server, ready, clients, idleRss };
}

async function stopSide(side: Side): Promise<void> {
  await side.clients.stop();
  await side.server.stop();
}

/**
 * The token relay of both sides, round by round alternating: each side's median figures, and per figure the
 * median of the rounds' Parley ÷ raw ratios.
 */
async function measureRelays(sides: Record<Kind, Side>, fake: FakeModelServer) {
  const runs: Record<Kind, RelayMeasurements[]> = { parley: [], raw: [] };
  for (let round = 0; round < RELAY_ROUNDS; round++) {
    const order: Kind[] = round % 2 === 0 ? ["raw", "parley"] : ["parley", "raw"];
    for (const kind of order) {
      runs[kind].push(await measureRelay(fake, sides[kind].server, sides[kind].ready));
      fake.reset();
    }
  }
  const medianOf = (kind: Kind): RelayMeasurements => {
    const of = (figure: (run: RelayMeasurements) => number) => median(runs[kind].map(figure));
    return {
      latency: { p50: of(RELAY_FIGURES.p50), p99: of(RELAY_FIGURES.p99) },
      cpuMsPerGatedToken: of(RELAY_FIGURES.gated),
      cpuMsPerAnswer: of(RELAY_FIGURES.answer),
    };
  };
  const ratios = {} as RelayRatios;
  for (const [name, figure] of Object.entries(RELAY_FIGURES) as [
    keyof RelayRatios,
    typeof RELAY_FIGURES.p50,
  ][])
    ratios[name] = median(runs.parley.map((run, index) => figure(run) / figure(runs.raw[index] ?? run)));
  return { medians: { parley: medianOf("parley"), raw: medianOf("raw") }, ratios };
}

/** Both sides measured: idle RSS, the interleaved fan-out, then the interleaved token relay. */
async function measure(fake: FakeModelServer) {
  const sides = {} as Record<Kind, Side>;
  const idleRss = { parley: 0, raw: 0 };
  try {
    for (const kind of ["raw", "parley"] as const) {
      const side = await startSide(kind, fake);
      sides[kind] = side;
      idleRss[kind] = side.idleRss;
    }
    const fanOut = await measureFanOut(sides);
    const relay = await measureRelays(sides, fake);
    const result = {} as Record<Kind, Measurements>;
    for (const kind of ["raw", "parley"] as const) {
      result[kind] = {
        ...relay.medians[kind],
        idleRss: idleRss[kind],
        fanOut: fanOut.runs[kind],
        rssPerClient: fanOut.rssPerClient[kind],
      };
    }
    return { ...result, ratios: fanOut.ratios, relayRatios: relay.ratios };
  } finally {
    for (const side of Object.values(sides)) await stopSide(side);
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

function printTable(
  parley: Measurements,
  raw: Measurements,
  ratios: { eventsPerSecond: number; deliveriesPerCpuSecond: number }[],
  relayRatios: RelayRatios,
  baseline: number,
): void {
  const rows: [string, string, string, string][] = [
    [
      "token latency p50",
      `${fixed(parley.latency.p50)} ms`,
      `${fixed(raw.latency.p50)} ms`,
      `${fixed(relayRatios.p50)}×`,
    ],
    [
      "token latency p99",
      `${fixed(parley.latency.p99)} ms`,
      `${fixed(raw.latency.p99)} ms`,
      `${fixed(relayRatios.p99)}×`,
    ],
    [
      "server CPU per gated token",
      `${fixed(parley.cpuMsPerGatedToken, 3)} ms`,
      `${fixed(raw.cpuMsPerGatedToken, 3)} ms`,
      `${fixed(relayRatios.gated)}×`,
    ],
    [
      `server CPU per ${ANSWER_TOKENS}-token answer`,
      `${fixed(parley.cpuMsPerAnswer, 1)} ms`,
      `${fixed(raw.cpuMsPerAnswer, 1)} ms`,
      `${fixed(relayRatios.answer)}×`,
    ],
  ];
  for (const [index, result] of parley.fanOut.entries()) {
    const baseline = raw.fanOut[index];
    const ratio = ratios[index];
    if (!baseline || !ratio) continue;
    rows.push([
      `events/s, ${thousands(result.clients)} client${result.clients === 1 ? "" : "s"}`,
      thousands(result.eventsPerSecond),
      thousands(baseline.eventsPerSecond),
      `${fixed(ratio.eventsPerSecond)}×`,
    ]);
    rows.push([
      `  deliveries per server CPU-second`,
      thousands(result.deliveriesPerCpuSecond),
      thousands(baseline.deliveriesPerCpuSecond),
      `${fixed(ratio.deliveriesPerCpuSecond)}×`,
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
      `token relay: one event per commit and per write on both sides; ${LATENCY_SAMPLES} gated tokens, then ${ANSWER_TOKENS}-token answers;`,
      `  ${RELAY_ROUNDS} rounds, alternating like the fan-out's`,
      `fan-out: ${FAN_OUT.map((run) => `${run.clients} clients × ${run.events} events`).join(", ")}; both sides batch ${BATCH} events per commit / append and per client write;`,
      `  ${ROUNDS} rounds per client count, Parley's and raw's alternating; medians, and Parley ÷ raw is the median of the rounds' ratios\n`,
    ].join("\n"),
  );
  const baseline = await baselineRss(fake);
  const { parley, raw, ratios, relayRatios } = await measure(fake);
  printTable(parley, raw, ratios, relayRatios, baseline);
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
