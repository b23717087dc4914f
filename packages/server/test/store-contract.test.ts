import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { WorkflowDefinition } from "@parley/protocol";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { EventBus } from "../src/bus/event-bus.ts";
import { Store } from "../src/store/store.ts";
import { runWrite } from "../src/store/store-database.ts";
import { streamedDelta } from "./support/streamed-delta.ts";
import { postgresMissing, stopTestCluster, testCluster } from "./support/test-database.ts";

const here = dirname(fileURLToPath(import.meta.url));
const folder = mkdtempSync(join(tmpdir(), "parley-store-contract-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const missing = postgresMissing();
if (missing === undefined) {
  beforeAll(() => testCluster(), 60_000);
  afterAll(() => stopTestCluster());
}
if (missing !== undefined) console.warn(`SKIPPING the PostgreSQL store contract: ${missing}`);

/** Each backend: how to get the location of an empty store. */
const backends = [
  { name: "SQLite", skip: false, location: async () => join(mkdtempSync(join(folder, "db-")), "parley.db") },
  {
    name: "PostgreSQL",
    skip: missing !== undefined,
    location: async () => (await testCluster()).createDatabase(),
  },
];

const SESSION = { id: "ses_1", title: "First", project_root: "/project", created_at_ms: 1, updated_at_ms: 1 };

function event(sessionId: string | null, text: string, isToken = false) {
  return {
    sessionId,
    runId: null,
    tsMs: 5,
    isToken,
    frame: (seq: number) => JSON.stringify({ seq, kind: isToken ? "token" : "event", text }),
  };
}

describe.each(backends)("the store on $name", ({ skip, location }) => {
  const open = async () => new Store(await location());

  test.skipIf(skip)(
    "reads a run of token deltas stored together back as the frames that were sent",
    async () => {
      const where = await location();
      let store = new Store(where);
      const deltas = ["Once", ' "upon"\n', " a 😀", "\u0003 time"].map((text) => streamedDelta(text));
      const sent = store.transaction(() => store.events.append(deltas)).map((logged) => logged.frame);
      expect(sent).toEqual(deltas.map((appended, index) => appended.frame(index + 1)));
      store.close();
      store = new Store(where);
      expect(store.events.readAfter(0, 100).map((logged) => logged.frame)).toEqual(sent);
      expect(store.events.readAfter(2, 100).map((logged) => logged.seq)).toEqual([3, 4]);
      expect(store.events.framesOfRun("run_1")).toEqual(sent);
      store.close();
    },
  );

  test.skipIf(skip)("keeps sessions, renames them, and deletes one with its messages", async () => {
    const store = await open();
    store.transaction(() => store.sessions.create(SESSION));
    store.transaction(() => store.sessions.create({ ...SESSION, id: "ses_2", updated_at_ms: 9 }));
    expect(store.sessions.rename("ses_1", "Renamed", 10)).toBe(true);
    expect(store.sessions.list("/project").map((session) => [session.id, session.title])).toEqual([
      ["ses_1", "Renamed"],
      ["ses_2", "First"],
    ]);
    store.transaction(() =>
      store.messages.append({
        id: "msg_1",
        session_id: "ses_1",
        agent_id: "main",
        role: "user",
        rich: { kind: "Text", data: { text: "hello" } },
        run_id: null,
        created_at_ms: 2,
      }),
    );
    expect(store.transaction(() => store.deleteSession("ses_1"))).toBe(true);
    expect(store.sessions.get("ses_1")).toBeUndefined();
    expect(store.messages.get("msg_1")).toBeUndefined();
    store.close();
  });

  test.skipIf(skip)(
    "records the model an agent CLI reports once, and again only when it changes",
    async () => {
      const store = await open();
      store.transaction(() => store.sessions.create(SESSION));
      expect(store.sessions.setReportedModel("ses_1", "gemini-2.5-flash")).toBe(true);
      expect(store.sessions.setReportedModel("ses_1", "gemini-2.5-flash")).toBe(false);
      expect(store.sessions.setReportedModel("ses_1", "gemini-2.5-pro")).toBe(true);
      expect(store.sessions.get("ses_1")?.backend_reported_model).toBe("gemini-2.5-pro");
      store.close();
    },
  );

  test.skipIf(skip)("gives messages their places in order and reads long texts back whole", async () => {
    const store = await open();
    store.transaction(() => store.sessions.create(SESSION));
    const long = `${"a long message that is kept once with its session's texts ".repeat(40)}end`;
    const texts = ["short", long, long, "ünïcödé \u0001 and \u0002 marks"];
    store.transaction(() => {
      for (const [index, text] of texts.entries()) {
        store.messages.append(
          {
            id: `msg_${index}`,
            session_id: "ses_1",
            agent_id: "main",
            role: "user",
            rich: { kind: "Text", data: { text } },
            run_id: null,
            created_at_ms: index,
          },
          `client_${index}`,
        );
      }
    });
    const stored = store.messages.all("ses_1");
    expect(stored.map((message) => message.position)).toEqual([0, 1, 2, 3]);
    expect(stored.map((message) => (message.rich.data as { text: string }).text)).toEqual(texts);
    store.close();
  });

  test.skipIf(skip)(
    "rolls back a whole unit of work whose write fails when it is sent, and takes the next one",
    async () => {
      const store = await open();
      store.transaction(() => store.sessions.create(SESSION));
      const insertSession = store.database.prepare(
        "INSERT INTO sessions (id, title, project_root, created_at_ms, updated_at_ms) VALUES (?, ?, ?, ?, ?)",
      );
      // On PostgreSQL the failing insert waits for the commit's round trip; the error comes from there.
      expect(() =>
        store.transaction(() => {
          store.events.append([event("ses_1", "lost with its unit of work")]);
          runWrite(insertSession, "ses_1", "Duplicate", "/project", 3, 3);
        }),
      ).toThrow(/UNIQUE|unique|duplicate/);
      store.events.resyncHead();
      store.transaction(() => store.events.append([event("ses_1", "next")]));
      expect(store.events.readAfter(0, 10).map((logged) => JSON.parse(logged.frame).text)).toEqual(["next"]);
      expect(store.sessions.get("ses_1")?.title).toBe("First");
      store.close();
    },
  );

  test.skipIf(skip)(
    "numbers events without gaps, also after a rolled-back append, and replays them by seq",
    async () => {
      const where = await location();
      let store = new Store(where);
      store.transaction(() => store.sessions.create(SESSION));
      store.transaction(() => store.events.append([event("ses_1", "one"), event(null, "global")]));
      expect(() =>
        store.transaction(() => {
          store.events.append([event("ses_1", "rolled back")]);
          throw new Error("the unit of work fails");
        }),
      ).toThrow("the unit of work fails");
      store.events.resyncHead();
      store.transaction(() => store.events.append([event("ses_2", "other"), event("ses_1", "token", true)]));
      store.close();
      store = new Store(where);
      const all = store.events.readAfter(0, 100);
      expect(all.map((logged) => [logged.seq, JSON.parse(logged.frame).text])).toEqual([
        [1, "one"],
        [2, "global"],
        [3, "other"],
        [4, "token"],
      ]);
      expect(store.events.readAfter(1, 100, "ses_1").map((logged) => logged.seq)).toEqual([2, 4]);
      expect(store.events.readAfter(0, 2).map((logged) => logged.seq)).toEqual([1, 2]);
      expect(store.events.head).toBe(4);
      store.transaction(() => store.events.append([event("ses_1", "after restart")]));
      expect(store.events.readAfter(4, 10).map((logged) => logged.seq)).toEqual([5]);
      store.close();
    },
  );

  test.skipIf(skip)(
    "answers an approval exactly once when two programs answer it at the same moment",
    { timeout: 30_000 },
    async () => {
      const where = await location();
      const store = new Store(where);
      store.transaction(() => {
        store.sessions.create(SESSION);
        store.approvals.create({
          id: "apr_1",
          session_id: "ses_1",
          agent_id: "main",
          run_id: "run_1",
          message_id: "msg_1",
          tool_use_id: "tool_1",
          parent_tool_use_id: null,
          tool_name: "Bash",
          input: { command: "ls" },
          headline: "Run ls",
          reason: "asks first",
          suggested_rule: null,
          blocked_path: null,
          created_at_ms: 3,
        });
      });
      const answerers = [answerer(where), answerer(where)];
      await Promise.all(answerers.map((program) => program.ready));
      for (const program of answerers) program.child.stdin?.write("go\n");
      const results = await Promise.all(answerers.map((program) => program.result));
      expect(results.filter((result) => result.won)).toHaveLength(1);
      const approval = store.approvals.get("apr_1");
      expect(approval?.state).toBe("approved");
      const winner = answerers[results.findIndex((result) => result.won)]?.child.pid;
      expect(approval?.feedback).toBe(`from ${winner}`);
      store.close();
    },
  );

  test.skipIf(skip)(
    "keeps a run's file checkpoints after it ended, across a restart, until its session is deleted",
    async () => {
      const where = await location();
      let store = new Store(where);
      store.transaction(() => {
        store.sessions.create(SESSION);
        store.runs.start({
          id: "run_1",
          session_id: "ses_1",
          agent_id: "main",
          parent_run_id: null,
          model: "test",
          prompt: "Change files",
          started_at_ms: 2,
        });
        store.changeBaselines.record("run_1", { path: "a.ts", before: { kind: "text", text: "old 😀\n" } });
      });
      expect(store.changeBaselines.list("run_1")).toEqual([
        { path: "a.ts", before: { kind: "text", text: "old 😀\n" } },
      ]);
      store.transaction(() =>
        store.changeBaselines.finish("run_1", [
          { path: "a.ts", before: { kind: "text", text: "ignored" }, after: { kind: "text", text: "new\n" } },
          { path: "big.bin", before: { kind: "opaque" }, after: { kind: "absent" } },
        ]),
      );
      store.close();
      store = new Store(where);
      expect(store.changeBaselines.list("run_1")).toEqual([
        { path: "a.ts", before: { kind: "text", text: "old 😀\n" }, after: { kind: "text", text: "new\n" } },
        { path: "big.bin", before: { kind: "opaque" }, after: { kind: "absent" } },
      ]);
      store.transaction(() => store.deleteSession("ses_1"));
      expect(store.changeBaselines.list("run_1")).toEqual([]);
      store.close();
    },
  );

  test.skipIf(skip)("queues messages in order and delivers each once", async () => {
    const store = await open();
    store.transaction(() => store.sessions.create(SESSION));
    for (const id of ["q_1", "q_2"]) {
      store.transaction(() =>
        store.queue.add({
          id,
          session_id: "ses_1",
          agent_id: "main",
          text: `text of ${id}`,
          client_message_id: null,
          queued_at_ms: 7,
        }),
      );
    }
    expect(store.queue.waiting("ses_1", "main").map((item) => item.id)).toEqual(["q_1", "q_2"]);
    expect(store.queue.waitingCount("ses_1", "main")).toBe(2);
    expect(store.queue.markDelivered("q_1", "run_1")).toBe(true);
    expect(store.queue.markDelivered("q_1", "run_2")).toBe(false);
    expect(store.queue.get("q_1")?.run_id).toBe("run_1");
    expect(store.queue.waiting("ses_1", "main").map((item) => item.id)).toEqual(["q_2"]);
    store.close();
  });

  test.skipIf(skip)("remembers the first response to a client message id, for a retried submit", async () => {
    const store = await open();
    store.transaction(() => store.chatRequests.put("client_1", { message_id: "msg_1", queued: false }, 1));
    expect(() =>
      store.transaction(() => store.chatRequests.put("client_1", { message_id: "msg_2", queued: false }, 2)),
    ).toThrow();
    expect(store.chatRequests.get("client_1")).toEqual({ message_id: "msg_1", queued: false });
    expect(store.chatRequests.get("client_2")).toBeUndefined();
    store.close();
  });

  test.skipIf(skip)("saves a workflow execution whole and finds it by status after a restart", async () => {
    const where = await location();
    let store = new Store(where);
    store.transaction(() => store.sessions.create(SESSION));
    const definition = {
      name: "ship",
      steps: [{ id: "build", prompt: "build it" }],
    } as unknown as WorkflowDefinition;
    const record = {
      id: "wf_1",
      session_id: "ses_1",
      agent_id: "main",
      message_id: "msg_wf",
      workflow_name: "ship",
      definition,
      inputs: { target: "prod" },
      step_index: 0,
      outputs: {},
      state: {
        workflow_name: "ship",
        execution_id: "wf_1",
        status: "Running" as const,
        total_steps: 1,
        completed_steps: 0,
        started_at: "2026-11-26T00:00:00.000Z",
        updated_at: "2026-11-26T00:00:00.000Z",
      },
      pause_requested: false,
      created_at_ms: 1,
      updated_at_ms: 1,
    };
    store.transaction(() => store.workflows.save(record));
    store.transaction(() => store.workflows.save({ ...record, step_index: 1, outputs: { build: "done" } }));
    store.close();
    store = new Store(where);
    expect(store.workflows.withStatus("Running")).toEqual([
      { ...record, step_index: 1, outputs: { build: "done" } },
    ]);
    expect(store.workflows.withStatus("Paused")).toEqual([]);
    store.close();
  });
});

test("a PostgreSQL database that cannot be reached fails the start with its address, never its password", () => {
  expect(() => new Store("postgres://parley:secret-password@127.0.0.1:1/parley")).toThrow(
    "cannot use the PostgreSQL database at postgres://parley:***@127.0.0.1:1/parley:",
  );
});

describe.skipIf(missing !== undefined)("one PostgreSQL database shared by two servers", () => {
  test("a sign-in link's code minted by one server signs a browser in on the other, once, and both share the cookie secret", async () => {
    const where = (await testCluster()).createDatabase();
    const first = new Store(where);
    const second = new Store(where);
    first.signIn.addCode("digest-1", 1_000);
    expect(second.signIn.redeemCode("digest-1", 10)).toBe("signed-in");
    expect(first.signIn.redeemCode("digest-1", 11)).toBe("used");
    expect(second.signIn.redeemCode("digest-2", 11)).toBe("unknown");
    // One secret for both, whichever asked first.
    expect(second.signIn.sharedSecret()).toEqual(first.signIn.sharedSecret());
    expect(first.signIn.sharedSecret()).toHaveLength(32);
    first.close();
    second.close();
  });

  test("appends from both get one gap-free seq order, each seeing the other's events", async () => {
    const where = (await testCluster()).createDatabase();
    const first = new Store(where);
    const second = new Store(where);
    first.transaction(() => first.events.append([event(null, "a1")]));
    second.transaction(() => second.events.append([event(null, "b1"), event(null, "b2")]));
    first.transaction(() => first.events.append([event(null, "a2")]));
    expect(
      second.events.readAfter(0, 10).map((logged) => [logged.seq, JSON.parse(logged.frame).text]),
    ).toEqual([
      [1, "a1"],
      [2, "b1"],
      [3, "b2"],
      [4, "a2"],
    ]);
    first.close();
    second.close();
  });

  test("a server whose head is behind stores its commit after the other server's, with the seqs it hands on", async () => {
    const where = (await testCluster()).createDatabase();
    const first = new Store(where);
    const second = new Store(where);
    first.transaction(() => first.events.append([event(null, "a1")]));
    second.transaction(() => second.events.append([event(null, "b1")]));
    // The first server has not heard of b1: its commit (two appends, a write, a read) goes again after it.
    const sent = first.transaction(() => {
      const tokens = first.events.append([event(null, "a2", true), event(null, "a3", true)]);
      first.sessions.create(SESSION);
      const appended = [...tokens, ...first.events.append([event(null, "a4")])];
      return { appended, sessions: first.sessions.list("/project").length };
    });
    expect(sent.sessions).toBe(1);
    expect(sent.appended.map((logged) => [logged.seq, JSON.parse(logged.frame).seq])).toEqual([
      [3, 3],
      [4, 4],
      [5, 5],
    ]);
    second.transaction(() => second.events.append([event(null, "b2")]));
    expect(first.events.readAfter(0, 10).map((logged) => JSON.parse(logged.frame))).toEqual(
      [
        ["a1", 1],
        ["b1", 2],
        ["a2", 3],
        ["a3", 4],
        ["a4", 5],
        ["b2", 6],
      ].map(([text, seq]) => expect.objectContaining({ seq, text })),
    );
    first.close();
    second.close();
  });

  test("a server reading the other's commits without blocking delivers each once, in seq order, around its own", async () => {
    const where = (await testCluster()).createDatabase();
    const first = new Store(where);
    const second = new Store(where);
    const bus = new EventBus(second.events, second.transactor);
    const delivered: number[] = [];
    let sawLast: () => void = () => {};
    const last = new Promise<void>((resolve) => {
      sawLast = resolve;
    });
    bus.subscribeFrames((events) => {
      delivered.push(...events.map((logged) => logged.seq));
      if (delivered.includes(5)) sawLast();
    });
    first.transaction(() => first.events.append([event(null, "a1"), event(null, "a2")]));
    // The notification of a1–a2: the read goes out at the next turn and is still out after it.
    bus.catchUpForeignSoon();
    await new Promise((resolve) => setImmediate(resolve));
    first.transaction(() => first.events.append([event(null, "a3")]));
    // The second server commits meanwhile: it delivers a1–a3 first (read at once), then its own event.
    second.transactor.run(() => bus.publish({ type: "StateUpdated", reason: "own" }));
    expect(delivered).toEqual([1, 2, 3, 4]);
    // The read that was out arrives with events already delivered; a later commit still arrives after them.
    first.transaction(() => first.events.append([event(null, "a5")]));
    bus.catchUpForeignSoon();
    await last;
    expect(delivered).toEqual([1, 2, 3, 4, 5]);
    first.close();
    second.close();
  });
});

/** A separate program that answers approval `apr_1` when told to. */
function answerer(where: string): {
  child: ChildProcess;
  ready: Promise<void>;
  result: Promise<{ won: boolean }>;
} {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", join(here, "support", "answer-approval-process.ts"), where, "apr_1"],
    { cwd: join(here, ".."), stdio: ["pipe", "pipe", "inherit"] },
  );
  let output = "";
  let onReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    onReady = resolve;
  });
  const result = new Promise<{ won: boolean }>((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
      if (output.includes("ready\n")) onReady();
      const line = output.split("\n").find((candidate) => candidate.startsWith("{"));
      if (line !== undefined) resolve(JSON.parse(line) as { won: boolean });
    });
    child.once("exit", (code) => reject(new Error(`the answering program exited (${code}): ${output}`)));
  });
  return { child, ready, result };
}
