import type { SqliteDatabase } from "./database.ts";
import { packText, unpackText } from "./packed-text.ts";
import { attachText, type TextStore } from "./text-store.ts";

/** One stored event: its seq (the SSE id), the session it belongs to, and its serialized UiSseMessage frame. */
export interface LoggedEvent {
  seq: number;
  sessionId: string | null;
  frame: string;
}

/**
 * A row as read: `frame` is a Buffer where it was stored deflated, and lacks its long text where that is
 * kept with the session's texts (`textBody`, put back at `textAt`).
 */
interface StoredEvent {
  seq: number;
  sessionId: string | null;
  frame: string | Buffer;
  textAt: number | null;
  textBody: string | Buffer | null;
}

/** Selects a row's frame parts (see `StoredEvent`); `events` joined with the texts its rows refer to. */
const FRAME_COLUMNS = `events.seq, events.session_id AS sessionId, events.frame, events.text_at AS textAt,
  texts.body AS textBody FROM events LEFT JOIN texts ON texts.id = events.text_id`;

/** The frame a row held when it was appended, byte for byte. */
function frameOf(row: Pick<StoredEvent, "frame" | "textAt" | "textBody">): string {
  return attachText(unpackText(row.frame), row.textAt, row.textBody);
}

function storedBytes(stored: string | Buffer): number {
  return typeof stored === "string" ? Buffer.byteLength(stored) : stored.byteLength;
}

/** An event to append; `frame` is built once its seq is known. */
export interface EventToAppend {
  sessionId: string | null;
  runId: string | null;
  tsMs: number;
  /** A streamed token delta: dropped by retention once its run has ended. */
  isToken: boolean;
  /** The event's long text (a message's), kept once with its session's texts instead of in the row. */
  longText?: string | undefined;
  frame: (seq: number) => string;
}

/** What one retention pass may remove (see `EventLog.prune`). */
export interface PruneLimits {
  maxEvents: number;
  maxAgeMs: number;
  maxBytes: number;
  compactTokensAfterMs: number;
  nowMs: number;
}

/** Rows deleted per statement, so a large prune never holds the event loop (or the write lock) for long. */
const PRUNE_BATCH = 500;

/**
 * The durable, seq-numbered event log behind `GET /api/events`. Seqs are global, strictly increasing and
 * gap-free, and survive restarts (they come from the database, not from memory). Appends must run inside a
 * transaction of the same database so an event commits together with the state change it reports.
 */
export class EventLog {
  readonly #database: SqliteDatabase;
  readonly #texts: TextStore;
  readonly #insert;
  readonly #withTexts;
  readonly #inline;
  readonly #readAll;
  readonly #readSession;
  readonly #bounds;
  readonly #byRun;
  readonly #totalBytes;
  readonly #deleteEndedTokens;
  readonly #deleteOldest;
  readonly #deleteExpired;
  #head: number;
  #bytes: number;

  constructor(database: SqliteDatabase, texts: TextStore) {
    this.#database = database;
    this.#texts = texts;
    this.#insert = database.prepare(
      `INSERT INTO events (seq, ts_ms, session_id, run_id, frame, bytes, is_token, text_id, text_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.#readAll = database.prepare(
      `SELECT ${FRAME_COLUMNS} WHERE events.seq > ? ORDER BY events.seq LIMIT ?`,
    );
    this.#readSession = database.prepare(
      `SELECT ${FRAME_COLUMNS}
       WHERE events.seq > ? AND (events.session_id = ? OR events.session_id IS NULL) ORDER BY events.seq LIMIT ?`,
    );
    this.#byRun = database.prepare(`SELECT ${FRAME_COLUMNS} WHERE events.run_id = ? ORDER BY events.seq`);
    this.#withTexts = database.prepare(
      `SELECT events.seq, events.bytes, events.frame, events.text_at AS textAt, texts.body AS textBody
       FROM events JOIN texts ON texts.id = events.text_id WHERE events.session_id = ?`,
    );
    this.#inline = database.prepare(
      "UPDATE events SET frame = ?, bytes = ?, text_id = NULL, text_at = NULL WHERE seq = ?",
    );
    this.#bounds = database.prepare("SELECT MIN(seq) AS floor, MAX(seq) AS head FROM events");
    this.#totalBytes = database.prepare(
      "SELECT COALESCE(SUM(bytes), 0) AS bytes FROM events INDEXED BY events_by_size",
    );
    this.#deleteEndedTokens = database.prepare(
      `DELETE FROM events WHERE seq IN (
         SELECT seq FROM events WHERE is_token = 1 AND seq < ? AND run_id IN (
           SELECT id FROM runs WHERE ended_at_ms IS NOT NULL AND ended_at_ms < ?)
         LIMIT ?) RETURNING bytes`,
    );
    this.#deleteOldest = database.prepare(
      "DELETE FROM events WHERE seq IN (SELECT seq FROM events WHERE seq < ? ORDER BY seq LIMIT ?) RETURNING bytes",
    );
    this.#deleteExpired = database.prepare(
      `DELETE FROM events WHERE seq IN (
         SELECT seq FROM events WHERE seq < ? AND (seq <= ? OR ts_ms < ?) ORDER BY seq LIMIT ?) RETURNING bytes`,
    );
    this.#head = this.#readBounds().head;
    this.#bytes = this.#readBytes();
  }

  /** Bytes of frames the log holds, as stored (long frames deflated). */
  get bytes(): number {
    return this.#bytes;
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
      // A message's long text is kept with its session's texts (once, shared with the chat message, the
      // conversation and the run); what is left of a long frame is stored deflated. Tokens stay text.
      const { stored, textId, at } = this.#texts.store(event.sessionId, event.longText, frame);
      const bytes = storedBytes(stored);
      const { sessionId, runId, tsMs, isToken } = event;
      this.#insert.run(seq, tsMs, sessionId, runId, stored, bytes, isToken ? 1 : 0, textId, at);
      this.#head = seq;
      this.#bytes += bytes;
      return { seq, sessionId: event.sessionId, frame };
    });
  }

  /** Re-reads the head after a rolled-back transaction discarded appended rows. */
  resyncHead(): void {
    this.#head = this.#readBounds().head;
    this.#bytes = this.#readBytes();
  }

  /** Events after `after`, oldest first; with a session, that session's events and global ones. */
  readAfter(after: number, limit: number, sessionId?: string): LoggedEvent[] {
    return this.readPage(after, { maxEvents: limit, maxBytes: Number.POSITIVE_INFINITY, sessionId });
  }

  /**
   * Like `readAfter`, but also stops once the frames read reach `maxBytes` (always at least one event), so
   * a page of huge events costs no more memory than a page of small ones. Rows are read lazily: the ones
   * past the budget are never materialized.
   */
  readPage(after: number, bounds: { maxEvents: number; maxBytes: number; sessionId?: string | undefined }) {
    const rows =
      bounds.sessionId === undefined
        ? this.#readAll.iterate(after, bounds.maxEvents)
        : this.#readSession.iterate(after, bounds.sessionId, bounds.maxEvents);
    const page: LoggedEvent[] = [];
    let bytes = 0;
    for (const row of rows as Iterable<StoredEvent>) {
      page.push({ seq: row.seq, sessionId: row.sessionId, frame: frameOf(row) });
      bytes += (page.at(-1) as LoggedEvent).frame.length;
      if (bytes >= bounds.maxBytes) break;
    }
    return page;
  }

  /** The frames a run produced, in order (used to rebuild what a killed run had streamed). */
  framesOfRun(runId: string): string[] {
    return (this.#byRun.all(runId) as StoredEvent[]).map(frameOf);
  }

  /**
   * Puts a session's texts back into its events' frames, so they replay unchanged once the session and
   * its texts are deleted. Call inside the transaction that deletes them.
   */
  inlineTexts(sessionId: string): void {
    for (const row of this.#withTexts.all(sessionId) as (StoredEvent & { bytes: number })[]) {
      const stored = packText(frameOf(row));
      const bytes = storedBytes(stored);
      this.#inline.run(stored, bytes, row.seq);
      this.#bytes += bytes - row.bytes;
    }
  }

  /**
   * One step of retention: removes at most a batch of events and returns how many it removed (0 when the
   * log is within its limits). In order: token deltas of runs that ended `compactTokensAfterMs` ago (their
   * text segments carry the final text), then the oldest events beyond `maxEvents`, older than `maxAgeMs`,
   * or past `maxBytes`. Clients whose cursor falls below the new floor get a typed resync and reload state.
   * The newest event is always kept: the head is read back from it at start-up, and seqs never start over.
   */
  pruneStep(limits: PruneLimits): number {
    const head = this.#head;
    const tokens = this.#deleteEndedTokens.all(head, limits.nowMs - limits.compactTokensAfterMs, PRUNE_BATCH);
    if (tokens.length > 0) return this.#afterDelete(tokens as { bytes: number }[]);
    if (this.#bytes > limits.maxBytes) {
      // Over the byte budget: drop the oldest batch; the next step drops another while still over.
      return this.#afterDelete(this.#deleteOldest.all(head, PRUNE_BATCH) as { bytes: number }[]);
    }
    const cutoff = head - Math.max(1, limits.maxEvents);
    const expired = this.#deleteExpired.all(head, cutoff, limits.nowMs - limits.maxAgeMs, PRUNE_BATCH);
    return this.#afterDelete(expired as { bytes: number }[]);
  }

  /** Runs retention to completion in one go (start-up and tests); `pruneStep` spreads it over ticks. */
  prune(limits: PruneLimits): number {
    let removed = 0;
    for (let step = this.pruneStep(limits); step > 0; step = this.pruneStep(limits)) removed += step;
    return removed;
  }

  #afterDelete(removed: readonly { bytes: number }[]): number {
    for (const row of removed) this.#bytes -= row.bytes;
    return removed.length;
  }

  #readBytes(): number {
    return (this.#totalBytes.get() as { bytes: number }).bytes;
  }

  #readBounds(): { floor: number | null; head: number } {
    const row = this.#bounds.get() as { floor: number | null; head: number | null };
    return { floor: row.floor, head: row.head ?? 0 };
  }
}
