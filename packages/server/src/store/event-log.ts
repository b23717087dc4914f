import type { SqliteDatabase } from "./database.ts";

/** One stored event: its seq (the SSE id), the session it belongs to, and its serialized UiSseMessage frame. */
export interface LoggedEvent {
  seq: number;
  sessionId: string | null;
  frame: string;
}

/** An event to append; `frame` is built once its seq is known. */
export interface EventToAppend {
  sessionId: string | null;
  runId: string | null;
  tsMs: number;
  frame: (seq: number) => string;
}

/**
 * The durable, seq-numbered event log behind `GET /api/events`. Seqs are global, strictly increasing and
 * gap-free, and survive restarts (they come from the database, not from memory). Appends must run inside a
 * transaction of the same database so an event commits together with the state change it reports.
 */
export class EventLog {
  readonly #database: SqliteDatabase;
  readonly #insert;
  readonly #readAll;
  readonly #readSession;
  readonly #bounds;
  readonly #byRun;
  #head: number;

  constructor(database: SqliteDatabase) {
    this.#database = database;
    this.#insert = database.prepare(
      "INSERT INTO events (seq, ts_ms, session_id, run_id, frame) VALUES (?, ?, ?, ?, ?)",
    );
    this.#readAll = database.prepare(
      "SELECT seq, session_id AS sessionId, frame FROM events WHERE seq > ? ORDER BY seq LIMIT ?",
    );
    this.#readSession = database.prepare(
      `SELECT seq, session_id AS sessionId, frame FROM events
       WHERE seq > ? AND (session_id = ? OR session_id IS NULL) ORDER BY seq LIMIT ?`,
    );
    this.#byRun = database.prepare("SELECT frame FROM events WHERE run_id = ? ORDER BY seq");
    this.#bounds = database.prepare("SELECT MIN(seq) AS floor, MAX(seq) AS head FROM events");
    this.#head = this.#readBounds().head;
  }

  /** The highest seq ever assigned (0 for an empty log). */
  get head(): number {
    return this.#head;
  }

  /** The lowest seq still retained; `head + 1` when the log is empty. A cursor below `floor - 1` has lost events. */
  get floor(): number {
    return this.#readBounds().floor ?? this.#head + 1;
  }

  /** Assigns the next seqs and stores the events. Must be called inside a transaction. */
  append(events: readonly EventToAppend[]): LoggedEvent[] {
    if (!this.#database.inTransaction) throw new Error("EventLog.append must run inside a transaction");
    return events.map((event) => {
      const seq = this.#head + 1;
      const frame = event.frame(seq);
      this.#insert.run(seq, event.tsMs, event.sessionId, event.runId, frame);
      this.#head = seq;
      return { seq, sessionId: event.sessionId, frame };
    });
  }

  /** Re-reads the head after a rolled-back transaction discarded appended rows. */
  resyncHead(): void {
    this.#head = this.#readBounds().head;
  }

  /** Events after `after`, oldest first; with a session, that session's events and global ones. */
  readAfter(after: number, limit: number, sessionId?: string): LoggedEvent[] {
    const rows =
      sessionId === undefined
        ? this.#readAll.all(after, limit)
        : this.#readSession.all(after, sessionId, limit);
    return rows as LoggedEvent[];
  }

  /** The frames a run produced, in order (used to rebuild what a killed run had streamed). */
  framesOfRun(runId: string): string[] {
    return (this.#byRun.all(runId) as { frame: string }[]).map((row) => row.frame);
  }

  /**
   * Drops the oldest events beyond `maxEvents` and those older than `maxAgeMs`. Clients whose cursor falls
   * below the new floor get a resync when they reconnect. The newest event is always kept: the head is read
   * back from it at start-up, and seqs must never start over.
   */
  prune(options: { maxEvents: number; maxAgeMs: number; nowMs: number }): number {
    const byCount = this.#head - Math.max(1, options.maxEvents);
    const removedByCount = this.#database.prepare("DELETE FROM events WHERE seq <= ?").run(byCount).changes;
    const removedByAge = this.#database
      .prepare("DELETE FROM events WHERE ts_ms < ? AND seq < ?")
      .run(options.nowMs - options.maxAgeMs, this.#head).changes;
    return removedByCount + removedByAge;
  }

  #readBounds(): { floor: number | null; head: number } {
    const row = this.#bounds.get() as { floor: number | null; head: number | null };
    return { floor: row.floor, head: row.head ?? 0 };
  }
}
