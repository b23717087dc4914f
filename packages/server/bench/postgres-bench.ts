/**
 * `npm run bench:postgres -w @parley/server`: the same Parley server on its embedded SQLite file, on a
 * PostgreSQL database with one server instance, and on one PostgreSQL database shared by three instances
 * (a throwaway local cluster), measured the same way in the same run; each PostgreSQL figure is printed as a
 * ratio to SQLite's.
 *
 * - Token relay: one gated token at a time from the fake model to an SSE client (p50/p99 latency). With
 *   three instances the turn runs on the first and the client listens on the second: the token crosses
 *   servers through the database (LISTEN/NOTIFY, then a read of the log).
 * - Delivered events per second with 100 SSE clients: the first server publishes token events 50 per commit
 *   through the real bus and log; the clients (spread over the instances in turn) run in another process
 *   and count until every one has every event.
 */
import { median, startFakeModelServer, startPostgresCluster } from "@parley/testkit";
import type { BenchServerCommand, BenchServerReply } from "./bench-server.ts";
import { Child } from "./child.ts";
import type { ClientsCommand, ClientsReply, SseEndpoint } from "./sse-clients.ts";
import { measureRelay } from "./token-relay.ts";

const CLIENTS = 100;
const EVENTS = 5_000;
const BATCH = 50;
const REPEATS = 3;

type ServerChild = Child<BenchServerCommand, BenchServerReply>;
type Ready = Extract<BenchServerReply, { type: "ready" }>;
interface Figures {
  p50: number;
  p99: number;
  eventsPerSecond: number;
}

const headersOf = (ready: Ready): Record<string, string> =>
  ready.token ? { authorization: `Bearer ${ready.token}` } : {};
const endpointOf = (ready: Ready): SseEndpoint => ({
  url: ready.url,
  path: ready.eventsPath,
  headers: headersOf(ready),
});

const fake = await startFakeModelServer();
const cluster = await startPostgresCluster();

function startServer(databaseUrl: string | undefined): ServerChild {
  return new Child("bench-server.ts", ["parley"], {
    ...process.env,
    PARLEY_MODEL: "anthropic:claude-bench",
    ANTHROPIC_API_KEY: "bench",
    ANTHROPIC_BASE_URL: fake.url,
    ...(databaseUrl !== undefined && { PARLEY_DATABASE_URL: databaseUrl }),
  });
}

/** Delivered events per second: the first server publishes, every client (on any server) counts. */
async function measureFanOut(publisher: ServerChild, servers: Ready[]): Promise<number> {
  const clients = new Child<ClientsCommand, ClientsReply>("sse-clients.ts", []);
  try {
    clients.send({ type: "connect", servers: servers.map(endpointOf), count: CLIENTS });
    await clients.next("connected");
    const eventsPerSecond: number[] = [];
    // The first round warms up (JIT, caches) and is not kept.
    for (let repeat = 0; repeat <= REPEATS; repeat++) {
      clients.send({ type: "expect", events: EVENTS });
      const started = performance.now();
      publisher.send({ type: "publish", count: EVENTS, batch: BATCH });
      await clients.next("received");
      if (repeat > 0) eventsPerSecond.push(EVENTS / ((performance.now() - started) / 1000));
      await publisher.next("published");
    }
    clients.send({ type: "close" });
    await clients.next("closed");
    return median(eventsPerSecond);
  } finally {
    await clients.stop();
  }
}

/** Measures `instances` servers on one database (SQLite: one server on its own file). */
async function measure(databaseUrl: string | undefined, instances = 1): Promise<Figures> {
  const children = Array.from({ length: instances }, () => startServer(databaseUrl));
  try {
    const servers = await Promise.all(children.map((child) => child.next("ready")));
    const [publisher, listener] = [children[0] as ServerChild, servers.at(-1) as Ready];
    const eventsPerSecond = await measureFanOut(publisher, servers);
    // The turn runs on the first server; the timed client listens on the last (another, when there are several).
    const relay = await measureRelay(fake, publisher, servers[0] as Ready, listener);
    return { ...relay.latency, eventsPerSecond };
  } finally {
    await Promise.all(children.map((child) => child.stop()));
    fake.reset();
  }
}

function print(sqlite: Figures, columns: [string, Figures][]): void {
  const cell = (text: string) => text.padStart(16);
  console.log(
    `${"".padEnd(24)} ${cell("SQLite")}${columns.map(([name]) => cell(name) + cell("ratio")).join("")}`,
  );
  const row = (name: string, key: keyof Figures, unit: string, digits: number) =>
    console.log(
      `${name.padEnd(24)} ${cell(`${sqlite[key].toFixed(digits)}${unit}`)}${columns
        .map(
          ([, figures]) =>
            cell(`${figures[key].toFixed(digits)}${unit}`) +
            cell(`${(figures[key] / sqlite[key]).toFixed(2)}×`),
        )
        .join("")}`,
    );
  row("token latency p50", "p50", " ms", 2);
  row("token latency p99", "p99", " ms", 2);
  row(`events/s, ${CLIENTS} clients`, "eventsPerSecond", "", 0);
}

try {
  const sqlite = await measure(undefined);
  const postgres = await measure(cluster.createDatabase());
  const threeInstances = await measure(cluster.createDatabase(), 3);
  print(sqlite, [
    ["PostgreSQL", postgres],
    ["PostgreSQL ×3", threeInstances],
  ]);
} finally {
  cluster.stop();
  await fake.close();
}
