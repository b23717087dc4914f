import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { migrations } from "../src/store/migrations.ts";
import { packText } from "../src/store/packed-text.ts";
import { Store } from "../src/store/store.ts";

/** The schema version before token deltas got a table of their own. */
const BEFORE_TOKEN_TABLE = 12;

const frameOf = (seq: number, kind: string, text: string) =>
  JSON.stringify({ seq, rev: 2, ts_ms: seq, kind, text, agent_id: "main", session_id: "ses_1" });

describe("the event log's upgrade to a table of token deltas", () => {
  const folders: string[] = [];
  afterEach(() => {
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });
  const databaseFile = () => {
    const folder = mkdtempSync(join(tmpdir(), "parley-log-migration-"));
    folders.push(folder);
    return join(folder, "parley.db");
  };

  it("a log an older Parley wrote replays the same frames in the same order, counts the same bytes, and compacts", () => {
    const file = databaseFile();
    const frames = [
      frameOf(1, "message", "Tell me a story"),
      frameOf(2, "token", "Once "),
      frameOf(3, "token", `upon a time ${"and then ".repeat(80)}`), // long: stored deflated
      frameOf(4, "text_segment", "Once upon a time…"),
      frameOf(5, "token", "A second run, still going"),
    ];
    const old = new Database(file);
    for (const migration of migrations.slice(0, BEFORE_TOKEN_TABLE)) old.exec(migration);
    old.pragma(`user_version = ${BEFORE_TOKEN_TABLE}`);
    old.exec(
      `INSERT INTO sessions (id, project_root, title, created_at_ms, updated_at_ms) VALUES ('ses_1', '/p', 'Story', 1, 1);
       INSERT INTO runs (id, session_id, agent_id, status, model, prompt, started_at_ms, ended_at_ms)
       VALUES ('run_1', 'ses_1', 'main', 'completed', 'anthropic:claude', 'story', 1, 10),
              ('run_2', 'ses_1', 'main', 'running', 'anthropic:claude', 'more', 11, NULL);`,
    );
    const insert = old.prepare(
      `INSERT INTO events (seq, ts_ms, session_id, run_id, frame, bytes, is_token)
       VALUES (?, ?, 'ses_1', ?, ?, ?, ?)`,
    );
    let bytes = 0;
    for (const [index, frame] of frames.entries()) {
      const seq = index + 1;
      const stored = packText(frame);
      const size = typeof stored === "string" ? Buffer.byteLength(stored) : stored.byteLength;
      bytes += size;
      const isToken = JSON.parse(frame).kind === "token" ? 1 : 0;
      insert.run(seq, seq, seq === 5 ? "run_2" : "run_1", stored, size, isToken);
    }
    expect(typeof packText(frames[2] as string)).not.toBe("string");
    old.close();

    const store = new Store(file);
    try {
      expect(store.database.pragma("user_version", { simple: true })).toBe(migrations.length);
      expect(store.events.readAfter(0, 10).map((event) => event.frame)).toEqual(frames);
      expect(store.events.readAfter(2, 2, "ses_1").map((event) => event.seq)).toEqual([3, 4]);
      expect(store.events.framesOfRun("run_1")).toEqual([frames[0], frames[1], frames[2], frames[3]]);
      expect(store.events.bytes).toBe(bytes);
      expect(store.events.head).toBe(5);
      expect(store.events.floor).toBe(1);
      const indexes = store.database
        .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'events'")
        .all()
        .map((row) => (row as { name: string }).name);
      expect(indexes).not.toContain("events_by_size");

      // The finished run's deltas go; the running run's stay, and so does every other event.
      const removed = store.events.prune({
        maxEvents: 1_000,
        maxAgeMs: Number.MAX_SAFE_INTEGER,
        maxBytes: Number.MAX_SAFE_INTEGER,
        compactTokensAfterMs: 0,
        nowMs: 100,
      });
      expect(removed).toBe(2);
      expect(store.events.readAfter(0, 10).map((event) => event.seq)).toEqual([1, 4, 5]);
      const left = [frames[0], frames[3], frames[4]].map((frame) => Buffer.byteLength(frame as string));
      expect(store.events.bytes).toBe(left.reduce((sum, size) => sum + size, 0));
    } finally {
      store.close();
    }
  });

  it("the log's byte count comes back after a restart, with what was appended since the last count", () => {
    const file = databaseFile();
    const append = (store: Store, seq: number, isToken: boolean) =>
      store.transaction(() =>
        store.events.append([
          {
            sessionId: "ses_1",
            runId: null,
            tsMs: seq,
            isToken,
            frame: (assigned) => frameOf(assigned, isToken ? "token" : "activity", `event ${seq}`),
          },
        ]),
      );
    let store = new Store(file);
    for (let seq = 1; seq <= 6; seq++) append(store, seq, seq % 2 === 0);
    const bytes = store.events.bytes;
    store.close();

    store = new Store(file);
    expect(store.events.bytes).toBe(bytes);
    for (let seq = 7; seq <= 9; seq++) append(store, seq, seq % 2 === 0);
    const after = store.events.bytes;
    // Killed: no count saved at shutdown; start-up adds up the rows appended after the last saved count.
    store.database.close();

    store = new Store(file);
    try {
      expect(store.events.bytes).toBe(after);
      expect(store.events.readAfter(0, 20).map((event) => event.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    } finally {
      store.close();
    }
  });
});
