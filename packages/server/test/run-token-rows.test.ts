import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { migrations } from "../src/store/migrations.ts";
import { postgresMigrations } from "../src/store/postgres/postgres-migrations.ts";
import { SyncBridge } from "../src/store/postgres/sync-bridge.ts";
import { Store } from "../src/store/store.ts";
import { streamedDelta } from "./support/streamed-delta.ts";
import { postgresMissing, stopTestCluster, testCluster } from "./support/test-database.ts";

const folder = mkdtempSync(join(tmpdir(), "parley-run-token-rows-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const missing = postgresMissing();
if (missing === undefined) {
  beforeAll(() => testCluster(), 60_000);
  afterAll(() => stopTestCluster());
}
if (missing !== undefined) console.warn(`SKIPPING the PostgreSQL cases of a run's token rows: ${missing}`);

const SESSION = { id: "ses_1", title: "Story", project_root: "/project", created_at_ms: 1, updated_at_ms: 1 };

/** A delta of `runId`, in parts as the bus appends it. */
const delta = (text: string, runId: string) => ({ ...streamedDelta(text, { run_id: runId }), runId });

/** A status event of `runId`, stored in `events` (not a token row). */
const status = (text: string, runId: string) => ({
  sessionId: "ses_1",
  runId,
  tsMs: 1,
  isToken: false,
  frame: (seq: number) => JSON.stringify({ seq, kind: "status", text, run_id: runId }),
});

const run = (id: string) => ({
  id,
  session_id: "ses_1",
  agent_id: "main",
  parent_run_id: null,
  model: "anthropic:claude",
  prompt: "story",
  started_at_ms: 1,
});

/**
 * Stores the rows a schema before `tokens_after_seq` held: run_1 ended with its deltas kept (seqs 2–3),
 * run_2 still running with one delta (seq 5), run_3 without any.
 */
const OLDER_ROWS = [
  `INSERT INTO sessions (id, project_root, title, created_at_ms, updated_at_ms) VALUES ('ses_1', '/p', 'Story', 1, 1)`,
  `INSERT INTO runs (id, session_id, agent_id, status, model, prompt, started_at_ms, ended_at_ms)
   VALUES ('run_1', 'ses_1', 'main', 'completed', 'm', 'p', 1, 10), ('run_2', 'ses_1', 'main', 'running', 'm', 'p', 11, NULL),
          ('run_3', 'ses_1', 'main', 'running', 'm', 'p', 12, NULL)`,
  `INSERT INTO events (seq, ts_ms, session_id, run_id, frame, bytes) VALUES (4, 1, 'ses_1', 'run_1', '{"seq":4}', 9)`,
  `INSERT INTO token_events (seq, ts_ms, session_id, run_id, frame, first_seq)
   VALUES (3, 1, 'ses_1', 'run_1', '{"seq":2}' || char(10) || '{"seq":3}', 2), (5, 1, 'ses_1', 'run_2', '{"seq":5}', NULL)`,
];

/** Each store: a new one, and one an older Parley left with `OLDER_ROWS`, migrated when opened. */
const backends = [
  {
    name: "SQLite",
    skip: false,
    open: () => new Store(join(mkdtempSync(join(folder, "db-")), "parley.db")),
    older: () => {
      const file = join(mkdtempSync(join(folder, "db-")), "parley.db");
      const old = new Database(file);
      for (const migration of migrations.slice(0, -1)) old.exec(migration);
      old.pragma(`user_version = ${migrations.length - 1}`);
      for (const statement of OLDER_ROWS) old.exec(statement);
      old.close();
      return new Store(file);
    },
  },
  {
    name: "PostgreSQL",
    skip: missing !== undefined,
    open: async () => new Store((await testCluster()).createDatabase()),
    older: async () => {
      const url = (await testCluster()).createDatabase();
      const bridge = new SyncBridge(url);
      bridge.query({
        sql: "CREATE TABLE parley_schema_version (version INTEGER NOT NULL, migrated_at TIMESTAMPTZ NOT NULL DEFAULT now())",
      });
      for (let version = 0; version < postgresMigrations.length - 1; version++)
        bridge.query({
          sql: `${postgresMigrations[version]}; INSERT INTO parley_schema_version (version) VALUES (${version + 1});`,
        });
      for (const statement of OLDER_ROWS) bridge.query({ sql: statement.replace("char(10)", "chr(10)") });
      bridge.close();
      return new Store(url);
    },
  },
];

describe.each(backends)("a run's token deltas on $name", ({ skip, open, older }) => {
  test.skipIf(skip)(
    "are read from where the log stood when the run started, beside other runs' deltas, and after retention dropped its first ones",
    async () => {
      const store = await open();
      try {
        store.transaction(() => store.sessions.create(SESSION));
        store.transaction(() => store.runs.start(run("run_0")));
        store.transaction(() => store.events.append([delta("zero ", "run_0"), delta("one ", "run_0")]));
        store.transaction(() => store.runs.start(run("run_1")));
        const commits = [
          [delta("Once", "run_1"), status("started", "run_1")],
          [delta("two ", "run_0")],
          [delta(" upon", "run_1"), delta(" a", "run_1")],
          [delta("three", "run_0"), delta(" time", "run_1")],
        ];
        const logged = commits.flatMap((events) => store.transaction(() => store.events.append(events)));
        const framesOf = (runId: string) =>
          logged.filter((event) => event.frame.includes(`"run_id":"${runId}"`)).map((event) => event.frame);
        const first = store.events.readAfter(0, 2).map((event) => event.frame);
        expect(store.events.framesOfRun("run_1")).toEqual(framesOf("run_1"));
        expect(store.events.framesOfRun("run_0")).toEqual([...first, ...framesOf("run_0")]);
        // The run as the API gives it does not carry where its deltas start.
        expect(store.runs.get("run_1")).not.toHaveProperty("tokens_after_seq");

        // Retention keeps the newest events: run_1's status and first delta go, its later ones stay.
        store.events.prune({
          maxEvents: 4,
          maxAgeMs: Number.MAX_SAFE_INTEGER,
          maxBytes: Number.MAX_SAFE_INTEGER,
          compactTokensAfterMs: Number.MAX_SAFE_INTEGER,
          nowMs: 1,
        });
        const kept = store.events.readAfter(0, 100).map((event) => event.frame);
        expect(store.events.framesOfRun("run_1")).toEqual(
          framesOf("run_1").filter((frame) => kept.includes(frame)),
        );
        expect(store.events.framesOfRun("run_1")).toHaveLength(3);
      } finally {
        store.close();
      }
    },
  );

  test.skipIf(skip)(
    "in a database an older Parley wrote are read as before: each run's from its first delta kept, or from the head",
    async () => {
      const store = await older();
      try {
        const frames = (runId: string) => store.events.framesOfRun(runId);
        expect(frames("run_1")).toEqual(['{"seq":2}', '{"seq":3}', '{"seq":4}']);
        expect(frames("run_2")).toEqual(['{"seq":5}']);
        expect(frames("run_3")).toEqual([]);
        // run_3 gets its first delta now: above the head the upgrade found, so it is read.
        const [added] = store.transaction(() => store.events.append([delta("late", "run_3")]));
        expect(frames("run_3")).toEqual([added?.frame]);
        const after = store.database
          .prepare("SELECT id, tokens_after_seq AS tokensAfterSeq FROM runs ORDER BY id")
          .all()
          .map((row) => ({
            ...(row as object),
            tokensAfterSeq: Number((row as { tokensAfterSeq: unknown }).tokensAfterSeq),
          }));
        expect(after).toEqual([
          { id: "run_1", tokensAfterSeq: 1 },
          { id: "run_2", tokensAfterSeq: 4 },
          { id: "run_3", tokensAfterSeq: 5 },
        ]);
      } finally {
        store.close();
      }
    },
  );
});
