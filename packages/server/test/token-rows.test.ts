import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import type { EventToAppend } from "../src/store/event-log.ts";
import { migrations } from "../src/store/migrations.ts";
import { Store } from "../src/store/store.ts";
import { streamedDelta as streamed } from "./support/streamed-delta.ts";

/** The schema version before a commit's token deltas shared one row. */
const BEFORE_TOKEN_RUNS = 13;

/** The schema version before a row of deltas could keep what their frames share once. */
const BEFORE_SHARED_PARTS = 17;

const frameOf = (seq: number, kind: string, text: string, session = "ses_1") =>
  JSON.stringify({ seq, rev: 2, ts_ms: 1, kind, text: `${text}\n`, agent_id: "main", session_id: session });

const token = (text: string, runId: string | null = "run_1", sessionId = "ses_1"): EventToAppend => ({
  sessionId,
  runId,
  tsMs: 1,
  isToken: true,
  frame: (seq) => frameOf(seq, "token", text, sessionId),
});

const storedRows = (store: Store) =>
  store.database.prepare("SELECT length(CAST(frame AS BLOB)) AS bytes FROM token_events ORDER BY seq").all();

const status = (text: string): EventToAppend => ({
  sessionId: "ses_1",
  runId: "run_1",
  tsMs: 1,
  isToken: false,
  frame: (seq) => frameOf(seq, "status", text),
});

describe("a commit's token deltas stored as one row", () => {
  const folders: string[] = [];
  afterEach(() => {
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });
  const databaseFile = () => {
    const folder = mkdtempSync(join(tmpdir(), "parley-token-rows-"));
    folders.push(folder);
    return join(folder, "parley.db");
  };
  const openWithRuns = (file: string) => {
    const store = new Store(file);
    store.database.exec(
      `INSERT INTO sessions (id, project_root, title, created_at_ms, updated_at_ms) VALUES ('ses_1', '/p', 'Story', 1, 1);
       INSERT INTO runs (id, session_id, agent_id, status, model, prompt, started_at_ms, ended_at_ms)
       VALUES ('run_1', 'ses_1', 'main', 'completed', 'anthropic:claude', 'story', 1, 10);`,
    );
    return store;
  };

  it("replays every delta with its own seq from any cursor, also inside a row, and after a restart", () => {
    const file = databaseFile();
    let store = openWithRuns(file);
    const appended = store.transaction(() =>
      store.events.append([
        status("thinking"),
        token("Once"),
        token(" upon"),
        token(" a time", "run_1", "ses_2"),
        token(" there"),
        token(" was"),
        status("done"),
      ]),
    );
    expect(appended.map((event) => event.seq)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const frames = appended.map((event) => event.frame);
    // Two deltas of ses_1, one of ses_2, two of ses_1 again: three rows for five deltas.
    expect(store.database.prepare("SELECT COUNT(*) AS rows FROM token_events").get()).toEqual({ rows: 3 });
    const bytes = store.events.bytes;
    store.database.close(); // killed: nothing saved at shutdown

    store = new Store(file);
    try {
      expect(store.events.bytes).toBe(bytes);
      expect(store.events.head).toBe(7);
      expect(store.events.readAfter(0, 100).map((event) => event.frame)).toEqual(frames);
      for (let cursor = 0; cursor <= 7; cursor++) {
        expect(store.events.readAfter(cursor, 100).map((event) => event.seq)).toEqual(
          [1, 2, 3, 4, 5, 6, 7].filter((seq) => seq > cursor),
        );
      }
      // A page stops at its event count even in the middle of a row.
      expect(store.events.readAfter(1, 1).map((event) => event.seq)).toEqual([2]);
      expect(store.events.readAfter(2, 1, "ses_1").map((event) => event.frame)).toEqual([frames[2]]);
      expect(store.events.readAfter(0, 100, "ses_2").map((event) => event.seq)).toEqual([4]);
      expect(store.events.framesOfRun("run_1")).toEqual(frames);
    } finally {
      store.close();
    }
  });

  it("a streamed token's row updates no index: a run's rows are found by seq from where the log stood at its start", () => {
    const store = openWithRuns(databaseFile());
    try {
      const indexes = store.database
        .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'token_events'")
        .all();
      expect(indexes).toEqual([]);
      const plan = store.database
        .prepare("EXPLAIN QUERY PLAN SELECT seq FROM token_events WHERE seq > ? AND run_id = ?")
        .all(0, "run_1")
        .map((row) => (row as { detail: string }).detail);
      expect(plan[0]).toBe("SEARCH token_events USING INTEGER PRIMARY KEY (rowid>?)");
    } finally {
      store.close();
    }
  });

  it("compaction and the byte budget remove whole rows, and the floor is the first delta left", () => {
    const store = openWithRuns(databaseFile());
    try {
      store.transaction(() => store.events.append([token("a"), token("b"), token("c")]));
      store.transaction(() => store.events.append([status("done"), token("d", null), token("e", null)]));
      expect(store.events.floor).toBe(1);
      const limits = {
        maxEvents: 1_000,
        maxAgeMs: Number.MAX_SAFE_INTEGER,
        maxBytes: Number.MAX_SAFE_INTEGER,
        compactTokensAfterMs: 0,
        nowMs: 100,
      };
      // run_1 has ended: its deltas go; the deltas without a run stay.
      store.events.prune(limits);
      expect(store.events.readAfter(0, 100).map((event) => event.seq)).toEqual([4, 5, 6]);
      expect(store.events.floor).toBe(4);
      store.events.prune({ ...limits, maxBytes: 1 });
      // Over budget: the oldest rows go; the newest event's row stays (the head is read back from it).
      expect(store.events.readAfter(0, 100).map((event) => event.seq)).toEqual([5, 6]);
      expect(store.events.floor).toBe(5);
      expect(store.events.bytes).toBe(
        Buffer.byteLength(`${frameOf(5, "token", "d")}\n${frameOf(6, "token", "e")}`),
      );
    } finally {
      store.close();
    }
  });

  it("a run of deltas keeps what their frames share once, and reads back byte for byte what was sent", () => {
    const file = databaseFile();
    let store = openWithRuns(file);
    const texts = ["Once", ' "upon"\n', " a 😀", "\\ time", "\u2028"];
    const deltas = [...texts.map((text) => streamed(text)), streamed("", { done: true })];
    const appended = store.transaction(() => store.events.append(deltas));
    const frames = appended.map((event) => event.frame);
    expect(frames).toEqual(deltas.map((delta, index) => delta.frame(index + 1)));
    const joined = Buffer.byteLength(frames.join("\n"));
    const [row] = storedRows(store) as { bytes: number }[];
    // Six frames of ~150 bytes; their shared head and tail (~120 bytes) once.
    expect(row?.bytes).toBeLessThan(joined / 3);
    expect(store.events.bytes).toBe(row?.bytes);
    store.database.close(); // killed

    store = new Store(file);
    try {
      expect(store.events.readAfter(0, 100).map((event) => event.frame)).toEqual(frames);
      for (let cursor = 0; cursor <= 6; cursor++)
        expect(store.events.readAfter(cursor, 100).map((event) => event.frame)).toEqual(frames.slice(cursor));
      expect(store.events.framesOfRun("run_1")).toEqual(frames);
    } finally {
      store.close();
    }
  });

  it("deltas of one run whose frames differ beyond their text are stored whole, and read back as sent", () => {
    const store = openWithRuns(databaseFile());
    try {
      const deltas = [
        streamed("a"),
        streamed("b", { message_id: "run_1.1" }),
        streamed("c", { thinking: true }),
      ];
      const appended = store.transaction(() => store.events.append(deltas));
      const frames = appended.map((event) => event.frame);
      expect(storedRows(store)).toEqual([{ bytes: Buffer.byteLength(frames.join("\n")) }]);
      expect(store.events.readAfter(0, 100).map((event) => event.frame)).toEqual(frames);
    } finally {
      store.close();
    }
  });

  it("a database written before runs of deltas shared their parts reads its rows as before, beside new ones", () => {
    const file = databaseFile();
    const old = new Database(file);
    for (const migration of migrations.slice(0, BEFORE_SHARED_PARTS)) old.exec(migration);
    old.pragma(`user_version = ${BEFORE_SHARED_PARTS}`);
    const oldFrames = [1, 2, 3].map((seq) => frameOf(seq, "token", `old ${seq}`));
    old
      .prepare(
        "INSERT INTO token_events (seq, ts_ms, session_id, run_id, frame, first_seq) VALUES (3, 1, 'ses_1', 'run_1', ?, 1)",
      )
      .run(oldFrames.join("\n"));
    old.close();

    const store = new Store(file);
    try {
      expect(store.database.pragma("user_version", { simple: true })).toBe(migrations.length);
      const added = store.transaction(() => store.events.append([streamed("new 4"), streamed("new 5")]));
      const frames = [...oldFrames, ...added.map((event) => event.frame)];
      expect(store.events.readAfter(0, 100).map((event) => event.frame)).toEqual(frames);
      expect(store.events.readAfter(1, 100).map((event) => event.seq)).toEqual([2, 3, 4, 5]);
      expect(store.events.framesOfRun("run_1")).toEqual(frames);
    } finally {
      store.close();
    }
  });

  it("a database an older Parley wrote is upgraded in place and reads its deltas as before", () => {
    const file = databaseFile();
    const old = new Database(file);
    for (const migration of migrations.slice(0, BEFORE_TOKEN_RUNS)) old.exec(migration);
    old.pragma(`user_version = ${BEFORE_TOKEN_RUNS}`);
    const insert = old.prepare(
      "INSERT INTO token_events (seq, ts_ms, session_id, run_id, frame) VALUES (?, 1, 'ses_1', 'run_1', ?)",
    );
    const oldFrames = [1, 2, 3].map((seq) => frameOf(seq, "token", `old ${seq}`));
    for (const [index, frame] of oldFrames.entries()) insert.run(index + 1, frame);
    old
      .prepare("UPDATE event_log_totals SET bytes = ?, through_seq = 3")
      .run(oldFrames.reduce((sum, frame) => sum + Buffer.byteLength(frame), 0));
    old.close();

    const store = new Store(file);
    try {
      expect(store.database.pragma("user_version", { simple: true })).toBe(migrations.length);
      expect(store.events.head).toBe(3);
      const added = store.transaction(() => store.events.append([token("new 4"), token("new 5")]));
      const frames = [...oldFrames, ...added.map((event) => event.frame)];
      expect(store.events.readAfter(0, 100).map((event) => event.frame)).toEqual(frames);
      expect(store.events.readAfter(2, 100).map((event) => event.seq)).toEqual([3, 4, 5]);
      expect(store.events.readAfter(4, 100).map((event) => event.seq)).toEqual([5]);
      expect(store.events.framesOfRun("run_1")).toEqual(frames);
      expect(store.events.floor).toBe(1);
      expect(store.events.bytes).toBe(
        oldFrames.reduce((sum, frame) => sum + Buffer.byteLength(frame), 0) +
          Buffer.byteLength(`${frames[3]}\n${frames[4]}`),
      );
    } finally {
      store.close();
    }
  });
});
