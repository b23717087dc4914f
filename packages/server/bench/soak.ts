/**
 * `npm run soak`: Parley under a steady, mixed load for SOAK_MINUTES (default 10; the documented run is
 * 60), to tell a leak from data. The server runs in its own process (load-server.ts) against the testkit
 * fake model; this process drives it:
 *
 * - 100 SSE clients follow the event stream; every 2 s one of them drops its connection and resumes by
 *   cursor (`?after=` its last seq);
 * - 4 chat loops send messages: plain ones, bursts of three (the later two wait in the queue), and
 *   requests that make the model call Write, which waits for an approval that a poller grants;
 *   sessions are rotated every 20 messages so no conversation grows without end.
 *
 * Every 15 s it samples the server's RSS and heap (after a full GC), event-loop delay p99, database size
 * and the work done, and prints one line a minute with that minute's floors (the lowest sample: what
 * stays once garbage is gone, which a leak raises and a passing burst does not). It fails (exit 1) when
 * the RSS floor of the last minute is more than 5% above the floor of minute 5 (the warm-up: caches,
 * SQLite's page cache and V8's heap reach their working size in the first minutes).
 *
 * SOAK_HEAP_SNAPSHOTS=dir writes the server's heap snapshots at minute 2 and at the end, to compare
 * retained sizes by constructor (Chrome DevTools › Memory › Comparison).
 */
import { type FakeModelServer, reply, startFakeModelServer } from "@parley/testkit";
import { Child } from "./child.ts";
import type { LoadServerCommand, LoadServerReply } from "./load-server.ts";

const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const FOLLOWERS = 100;
const CHAT_LOOPS = 4;
const SAMPLE_MS = 15_000;
const WARM_UP_MINUTES = 5;
const RSS_GROWTH_LIMIT = 0.05;
const MB = 1024 * 1024;

type Stats = Extract<LoadServerReply, { type: "stats" }>;
const counts = { chats: 0, queued: 0, approvals: 0, reconnects: 0, errors: 0 };

function scriptModel(fake: FakeModelServer): void {
  fake.reset();
  fake.when(
    { lastUserTextIncludes: "SOAK_WRITE" },
    reply().toolCall("Write", { file_path: "soak.txt", content: "soak\n" }),
  );
  fake.when({}, reply().text("Noted. ".repeat(40)));
}

/** A follower reading the stream; it remembers the last seq so a reconnect resumes exactly there. */
class Follower {
  #controller = new AbortController();
  #lastSeq = 0;
  constructor(
    private readonly url: string,
    private readonly token: string,
  ) {}

  start(after?: number): void {
    this.#controller = new AbortController();
    const query = after === undefined ? "" : `?after=${after}`;
    void fetch(`${this.url}/api/events${query}`, {
      headers: { authorization: `Bearer ${this.token}` },
      signal: this.#controller.signal,
    })
      .then(async (response) => {
        const decoder = new TextDecoder();
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
          const text = decoder.decode(chunk, { stream: true });
          const ids = text.match(/^id: (\d+)$/gm);
          if (ids) this.#lastSeq = Number(ids.at(-1)?.slice(4));
        }
      })
      .catch(() => {});
  }

  reconnect(): void {
    this.#controller.abort();
    counts.reconnects++;
    this.start(this.#lastSeq);
  }

  stop(): void {
    this.#controller.abort();
  }
}

async function main(): Promise<void> {
  const fake = await startFakeModelServer();
  scriptModel(fake);
  const server = new Child<LoadServerCommand, LoadServerReply>("load-server.ts", [], {
    ...process.env,
    PARLEY_MODEL: "anthropic:claude-soak",
    ANTHROPIC_API_KEY: "soak",
    ANTHROPIC_BASE_URL: fake.url,
  });
  const { url, token } = await server.next("ready");
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  /** A request of the load; a failure is counted (and shown), never fatal to the run. */
  const call = async (method: string, path: string, body?: unknown): Promise<Record<string, unknown>> => {
    try {
      const response = await fetch(`${url}${path}`, {
        method,
        headers,
        ...(body !== undefined && { body: JSON.stringify(body) }),
      });
      if (!response.ok && response.status !== 409) counts.errors++;
      return (await response.json()) as Record<string, unknown>;
    } catch {
      counts.errors++;
      return {};
    }
  };
  const post = (path: string, body: unknown) => call("POST", path, body);
  const stats = async (): Promise<Stats> => {
    server.send({ type: "stats" });
    return server.next("stats");
  };

  const followers = Array.from({ length: FOLLOWERS }, () => new Follower(url, token));
  for (const follower of followers) follower.start();
  const deadline = Date.now() + MINUTES * 60_000;
  const running = () => Date.now() < deadline;

  const reconnects = setInterval(() => followers[Math.floor(Math.random() * FOLLOWERS)]?.reconnect(), 2_000);
  const approver = (async () => {
    while (running()) {
      const list = (await call("GET", "/api/approvals?state=pending")) as { approvals?: { id: string }[] };
      for (const approval of list.approvals ?? []) {
        await post(`/api/approvals/${approval.id}`, { decision: "approve" });
        counts.approvals++;
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  })();
  const chatLoop = async (loop: number) => {
    let sessionId: string | undefined;
    for (let turn = 0; running(); turn++) {
      if (turn % 20 === 0) sessionId = undefined;
      const kind = turn % 5;
      const text = kind === 3 ? `SOAK_WRITE ${loop}.${turn}` : `Message ${loop}.${turn} ${"y".repeat(500)}`;
      const sent = await post("/api/chat", { text, ...(sessionId && { session_id: sessionId }) });
      sessionId = (sent.session_id as string | undefined) ?? sessionId;
      counts.chats++;
      if (kind === 1) {
        for (const extra of [1, 2]) {
          await post("/api/chat", { text: `Queued ${extra} ${"z".repeat(2_000)}`, session_id: sessionId });
          counts.queued++;
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  };
  const loops = Array.from({ length: CHAT_LOOPS }, (_, loop) => chatLoop(loop));

  const started = Date.now();
  const minuteOf = () => (Date.now() - started) / 60_000;
  const snapshots = process.env.SOAK_HEAP_SNAPSHOTS;
  const snapshot = (name: string) =>
    snapshots && server.send({ type: "heap-snapshot", path: `${snapshots}/soak-${name}.heapsnapshot` });
  const floors: MinuteFloor[] = [];
  let current: MinuteFloor | undefined;
  console.log(
    "minute  RSS floor MB  heap floor MB  heap total MB  external MB  loop p99 ms  db MB    events   chats  queued  approvals  reconnects  errors",
  );
  while (running()) {
    await new Promise((resolve) =>
      setTimeout(resolve, Math.min(SAMPLE_MS, Math.max(0, deadline - Date.now()))),
    );
    scriptModel(fake); // drops the fake's record of requests, so the driver's memory stays flat too
    const sample = await stats();
    const minute = Math.floor(minuteOf());
    if (current !== undefined && current.minute !== minute) {
      floors.push(current);
      printFloor(current);
    }
    if (minute === 2 && current?.minute !== 2) snapshot("minute-2");
    if (current === undefined || current.minute !== minute) {
      current = { minute, rss: sample.rss, heap: sample.heap, loopP99: 0, sample };
    }
    current.rss = Math.min(current.rss, sample.rss);
    current.heap = Math.min(current.heap, sample.heap);
    current.loopP99 = Math.max(current.loopP99, sample.eventLoopP99Ms);
    current.sample = sample;
  }
  if (current !== undefined) {
    floors.push(current);
    printFloor(current);
  }
  snapshot("end");
  if (snapshots) await stats(); // the snapshot is written before the next command is answered
  clearInterval(reconnects);
  await Promise.all([approver, ...loops]);
  for (const follower of followers) follower.stop();
  await server.stop();
  await fake.close();

  const baseline = floors.find((floor) => floor.minute === WARM_UP_MINUTES);
  const last = floors.filter((floor) => floor.minute < MINUTES).at(-1); // the last whole minute
  if (baseline === undefined || last === undefined || last.minute < WARM_UP_MINUTES + 3) {
    console.log(
      `too short to judge growth after the ${WARM_UP_MINUTES}-minute warm-up (run SOAK_MINUTES=10 or more)`,
    );
    return;
  }
  const growth = (last.rss - baseline.rss) / baseline.rss;
  console.log(
    `\nRSS floor at minute ${WARM_UP_MINUTES} ${mb(baseline.rss)} MB, at minute ${last.minute} ${mb(last.rss)} MB: ` +
      `${(growth * 100).toFixed(1)}% (limit ${RSS_GROWTH_LIMIT * 100}%); heap floor ${mb(baseline.heap)} → ${mb(last.heap)} MB`,
  );
  if (growth > RSS_GROWTH_LIMIT) {
    console.error(`soak: the RSS floor grew more than ${RSS_GROWTH_LIMIT * 100}% after the warm-up`);
    process.exitCode = 1;
  }
}

/** One minute of the run: its lowest RSS and heap, its worst event-loop delay, its last sample. */
interface MinuteFloor {
  minute: number;
  rss: number;
  heap: number;
  loopP99: number;
  sample: Stats;
}

const mb = (bytes: number) => (bytes / MB).toFixed(1);

function printFloor(floor: MinuteFloor): void {
  console.log(
    [
      String(floor.minute).padStart(6),
      mb(floor.rss).padStart(13),
      mb(floor.heap).padStart(14),
      mb(floor.sample.heapTotal).padStart(14),
      mb(floor.sample.external).padStart(12),
      floor.loopP99.toFixed(1).padStart(12),
      mb(floor.sample.dbBytes).padStart(6),
      String(floor.sample.head).padStart(9),
      String(counts.chats).padStart(7),
      String(counts.queued).padStart(7),
      String(counts.approvals).padStart(10),
      String(counts.reconnects).padStart(11),
      String(counts.errors).padStart(7),
    ].join(" "),
  );
}

await main();
