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
 * Every 30 s it prints the server's RSS and heap (after a full GC), event-loop delay p99, database size
 * and the work done. It fails (exit 1) when RSS at the end is more than 5% above RSS after the warm-up
 * (the first fifth of the run, at least a minute).
 */
import { type FakeModelServer, reply, startFakeModelServer } from "@parley/testkit";
import { Child } from "./child.ts";
import type { LoadServerCommand, LoadServerReply } from "./load-server.ts";

const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const FOLLOWERS = 100;
const CHAT_LOOPS = 4;
const SAMPLE_MS = 30_000;
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

  const warmUpMs = Math.max(60_000, (MINUTES * 60_000) / 5);
  const started = Date.now();
  const samples: { minute: number; stats: Stats }[] = [];
  console.log(
    "minute   RSS MB  heap MB  loop p99 ms  db MB    events   chats  queued  approvals  reconnects  errors",
  );
  while (running()) {
    await new Promise((resolve) =>
      setTimeout(resolve, Math.min(SAMPLE_MS, Math.max(0, deadline - Date.now()))),
    );
    if (process.env.SOAK_HEAP_SNAPSHOTS) {
      server.send({
        type: "heap-snapshot",
        path: `${process.env.SOAK_HEAP_SNAPSHOTS}/soak-${samples.length}.heapsnapshot`,
      });
    }
    scriptModel(fake); // drops the fake's record of requests, so the driver's memory stays flat too
    const sample = await stats();
    const minute = (Date.now() - started) / 60_000;
    samples.push({ minute, stats: sample });
    console.log(
      [
        minute.toFixed(1).padStart(6),
        (sample.rss / MB).toFixed(1).padStart(8),
        (sample.heap / MB).toFixed(1).padStart(8),
        sample.eventLoopP99Ms.toFixed(1).padStart(12),
        (sample.dbBytes / MB).toFixed(1).padStart(6),
        String(sample.head).padStart(9),
        String(counts.chats).padStart(7),
        String(counts.queued).padStart(7),
        String(counts.approvals).padStart(10),
        String(counts.reconnects).padStart(11),
        String(counts.errors).padStart(7),
      ].join(" "),
    );
  }
  clearInterval(reconnects);
  await Promise.all([approver, ...loops]);
  for (const follower of followers) follower.stop();
  await server.stop();
  await fake.close();

  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const afterWarmUp = samples.filter((sample) => sample.minute * 60_000 >= warmUpMs);
  const baseline = median(afterWarmUp.slice(0, 3).map((sample) => sample.stats.rss));
  const final = median(samples.slice(-3).map((sample) => sample.stats.rss));
  const growth = baseline > 0 ? (final - baseline) / baseline : 0;
  console.log(
    `\nRSS after warm-up ${(baseline / MB).toFixed(1)} MB, at the end ${(final / MB).toFixed(1)} MB: ${(growth * 100).toFixed(1)}% (limit 5%)`,
  );
  if (afterWarmUp.length < 4) {
    console.log("too short to judge growth after warm-up (run SOAK_MINUTES=5 or more)");
  } else if (growth > 0.05) {
    console.error("soak: RSS grew more than 5% after warm-up");
    process.exitCode = 1;
  }
}

await main();
