/**
 * `npm run bench:postgres -w @parley/server`: the same Parley server on its embedded SQLite file and on a
 * PostgreSQL database (a throwaway local cluster, one server instance), measured the same way in the same
 * run; each PostgreSQL figure is printed as a ratio to SQLite's.
 *
 * - Token relay: one gated token at a time from the fake model to an SSE client (p50/p99 latency).
 * - Delivered events per second with 100 SSE clients: the server publishes token events 50 per commit
 *   through the real bus and log; the clients run in another process and count.
 */
import { startFakeModelServer, startPostgresCluster } from "@parley/testkit";
import type { BenchServerCommand, BenchServerReply } from "./bench-server.ts";
import { Child } from "./child.ts";
import type { ClientsCommand, ClientsReply } from "./sse-clients.ts";
import { measureRelay } from "./token-relay.ts";

const CLIENTS = 100;
const EVENTS = 5_000;
const BATCH = 50;
const REPEATS = 3;

type ServerChild = Child<BenchServerCommand, BenchServerReply>;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const fake = await startFakeModelServer();
const cluster = await startPostgresCluster();

async function measure(databaseUrl: string | undefined) {
  const child: ServerChild = new Child("bench-server.ts", ["parley"], {
    ...process.env,
    PARLEY_MODEL: "anthropic:claude-bench",
    ANTHROPIC_API_KEY: "bench",
    ANTHROPIC_BASE_URL: fake.url,
    ...(databaseUrl !== undefined && { PARLEY_DATABASE_URL: databaseUrl }),
  });
  const clients = new Child<ClientsCommand, ClientsReply>("sse-clients.ts", []);
  try {
    const ready = await child.next("ready");
    const headers: Record<string, string> = ready.token ? { authorization: `Bearer ${ready.token}` } : {};
    clients.send({ type: "connect", url: ready.url, path: ready.eventsPath, headers, count: CLIENTS });
    await clients.next("connected");
    const eventsPerSecond: number[] = [];
    // The first round warms up (JIT, caches) and is not kept.
    for (let repeat = 0; repeat <= REPEATS; repeat++) {
      clients.send({ type: "expect", events: EVENTS });
      const started = performance.now();
      child.send({ type: "publish", count: EVENTS, batch: BATCH });
      await clients.next("received");
      if (repeat > 0) eventsPerSecond.push(EVENTS / ((performance.now() - started) / 1000));
      await child.next("published");
    }
    clients.send({ type: "close" });
    await clients.next("closed");
    const relay = await measureRelay(fake, child, ready);
    return { ...relay.latency, eventsPerSecond: median(eventsPerSecond) };
  } finally {
    await clients.stop();
    await child.stop();
    fake.reset();
  }
}

try {
  const sqlite = await measure(undefined);
  const postgres = await measure(cluster.createDatabase());
  const row = (name: string, a: number, b: number, unit: string, digits: number) =>
    `${name.padEnd(30)} ${`${a.toFixed(digits)}${unit}`.padStart(14)} ${`${b.toFixed(digits)}${unit}`.padStart(14)} ${`${(b / a).toFixed(2)}×`.padStart(8)}`;
  console.log(
    `${"".padEnd(30)} ${"SQLite".padStart(14)} ${"PostgreSQL".padStart(14)} ${"ratio".padStart(8)}`,
  );
  console.log(row("token latency p50", sqlite.p50, postgres.p50, " ms", 2));
  console.log(row("token latency p99", sqlite.p99, postgres.p99, " ms", 2));
  console.log(row(`events/s, ${CLIENTS} clients`, sqlite.eventsPerSecond, postgres.eventsPerSecond, "", 0));
} finally {
  cluster.stop();
  await fake.close();
}
