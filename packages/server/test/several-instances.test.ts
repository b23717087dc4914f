import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { type FakeModelServer, reply, startFakeModelServer } from "@parley/testkit";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { EventStream as Stream } from "./support/event-stream.ts";
import { type ServersOnOneDatabase, startServersOnOneDatabase } from "./support/servers-on-one-database.ts";
import { type ServerProcess, spawnServerProcess } from "./support/spawn-server-process.ts";
import { readLog } from "./support/sse-log.ts";
import { postgresMissing, stopTestCluster, testCluster } from "./support/test-database.ts";
import { makeDirectories, startTestServer, type TestServer } from "./support/test-server.ts";

const missing = postgresMissing();
if (missing === undefined) {
  beforeAll(() => testCluster(), 60_000);
  afterAll(() => stopTestCluster());
}
if (missing !== undefined) console.warn(`SKIPPING the several-instances tests: ${missing}`);

/** All answer text a watcher has received. */
const streamedText = (stream: Stream) =>
  stream.frames
    .filter((frame) => frame.message.kind === "token")
    .map((frame) => frame.message.text ?? "")
    .join("");

const runsEnded = (stream: Stream) =>
  stream.frames.filter((frame) => frame.message.kind === "run" && frame.message.phase === "context_usage")
    .length;

describe.skipIf(missing !== undefined)("two servers on one PostgreSQL database", () => {
  let servers: TestServer[] = [];
  let cluster: ServersOnOneDatabase | undefined;
  let killed: ServerProcess | undefined;
  let fake: FakeModelServer | undefined;
  let root: string | undefined;
  afterEach(async () => {
    killed?.child.kill("SIGKILL");
    killed = undefined;
    for (const server of servers) await server.close();
    servers = [];
    await cluster?.close();
    cluster = undefined;
    await fake?.close();
    fake = undefined;
    if (root !== undefined) rmSync(root, { recursive: true, force: true });
    root = undefined;
  });

  /** Two servers for the same project, each with its own home, sharing one database. */
  async function startTwo(): Promise<[TestServer, TestServer]> {
    cluster = await startServersOnOneDatabase(2);
    return cluster.servers as [TestServer, TestServer];
  }

  it("a run on one server streams to a client of the other, and a client resumes across them with no gap and no duplicate", async () => {
    const [a, b] = await startTwo();
    const tokens = 20;
    const script = reply();
    for (let index = 0; index < tokens; index++) script.gate(`t${index}`).text(`w${index} `);
    cluster?.fake.script(script);
    const onB = await b.events({ after: 0 });
    const onA = await a.events({ after: 0 });
    await a.json("POST", "/api/chat", { text: "Write on A" });
    await cluster?.fake.waitForGate("t0");
    for (let index = 0; index < tokens / 2; index++) {
      cluster?.fake.release(`t${index}`);
      // Each token reaches the client of B while the run goes on on A.
      await onB.waitFor(() => streamedText(onB).includes(`w${index} `));
    }
    await onA.waitFor(() => streamedText(onA).includes(`w${tokens / 2 - 1} `));
    await onA.close();
    const resumed = await b.events({ lastEventId: String(onA.lastSeq) });
    for (let index = tokens / 2; index < tokens; index++) cluster?.fake.release(`t${index}`);
    await onB.waitFor(() => runsEnded(onB) === 1);
    await resumed.waitFor(() => runsEnded(resumed) === 1);

    const log = readLog(b.server);
    expect(log.map((entry) => entry.seq)).toEqual(log.map((_, index) => index + 1));
    expect(onB.frames.map((frame) => ({ seq: Number(frame.id), frame: frame.raw }))).toEqual(log);
    const joined = [...onA.frames, ...resumed.frames].map((frame) => ({
      seq: Number(frame.id),
      frame: frame.raw,
    }));
    expect(joined).toEqual(log);
    expect(streamedText(onB)).toBe(Array.from({ length: tokens }, (_, index) => `w${index} `).join(""));
    await Promise.all([onB.close(), resumed.close()]);
  }, 30_000);

  it("runs on both servers at once reach the clients of both in one seq order, each event once", async () => {
    const [a, b] = await startTwo();
    const answer = () => reply().text("one ").text("two ").text("three ").text("four.");
    cluster?.fake.script(answer(), answer(), answer(), answer());
    const onA = await a.events({ after: 0 });
    const onB = await b.events({ after: 0 });
    await Promise.all([
      a.json("POST", "/api/chat", { text: "First on A" }),
      b.json("POST", "/api/chat", { text: "First on B" }),
      a.json("POST", "/api/chat", { text: "Second on A" }),
      b.json("POST", "/api/chat", { text: "Second on B" }),
    ]);
    await onA.waitFor(() => runsEnded(onA) === 4);
    await onB.waitFor(() => runsEnded(onB) === 4);
    const head = Math.max(a.server.context.store.events.refreshHead(), b.server.context.store.events.head);
    await onA.waitFor(() => onA.lastSeq === head);
    await onB.waitFor(() => onB.lastSeq === head);

    const log = readLog(a.server);
    expect(log.map((entry) => entry.seq)).toEqual(log.map((_, index) => index + 1));
    for (const stream of [onA, onB]) {
      expect(stream.frames.map((frame) => ({ seq: Number(frame.id), frame: frame.raw }))).toEqual(log);
    }
    await Promise.all([onA.close(), onB.close()]);
  }, 30_000);

  it("a run whose server is killed with kill -9 is marked interrupted by the other server, which a start never does to a live run", async () => {
    const url = (await testCluster()).createDatabase();
    fake = await startFakeModelServer();
    const directories = makeDirectories();
    root = join(directories.project, "..");
    const env = {
      PARLEY_MODEL: "anthropic:claude-test-1",
      ANTHROPIC_API_KEY: "test-key",
      ANTHROPIC_BASE_URL: fake.url,
      PARLEY_DATABASE_URL: url,
      PARLEY_RUN_LEASE_MS: "600",
    };
    fake.script(reply().text("Partial ").gate("crash").text("never sent"));
    killed = await spawnServerProcess({ project: directories.project, home: join(root, "home-a"), env });
    const response = await fetch(`${killed.url}/api/chat`, {
      method: "POST",
      headers: { authorization: `Bearer ${killed.token}`, "content-type": "application/json" },
      body: JSON.stringify({ text: "Start on A" }),
    });
    const { run_id: runId } = (await response.json()) as { run_id: string };
    await fake.waitForGate("crash");

    mkdirSync(join(root, "home-b"));
    const b = await startTestServer({
      fake,
      directories: { project: directories.project, home: join(root, "home-b") },
      env,
    });
    servers.push(b);
    // B started while A's run was going: the run is still A's, not interrupted by B's start.
    expect(b.server.context.store.runs.get(runId)?.status).toBe("running");
    const onB = await b.events({ after: 0 });
    await onB.waitFor(() => streamedText(onB).includes("Partial "));

    process.kill(killed.pid, "SIGKILL");
    await killed.exited;
    await onB.waitForKind("run", "outcome");
    const outcome = onB.frames.find((frame) => frame.message.phase === "outcome");
    expect(outcome?.message.data).toMatchObject({ outcome: "interrupted", run_id: runId });
    expect(b.server.context.store.runs.get(runId)?.status).toBe("interrupted");
    await onB.close();
  }, 30_000);
});
