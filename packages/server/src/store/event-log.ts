import type { UiSseTokenFrameParts } from "@parley/protocol";
import { EventLogPruning, type PruneLimits } from "./event-log-pruning.ts";
import { packRow, packText, unpackText } from "./packed-text.ts";
import { runWrite, type StoreDatabase } from "./store-database.ts";
import { attachText, type TextStore } from "./text-store.ts";
import { joinTokenFrames, packTokenRun, tokenFrame, unpackTokenRun } from "./token-row.ts";

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
  /** A token row holding a commit's run of deltas: the seq of its first (the row's `seq` is its last). */
  firstSeq: number | null;
}

/** A row's frame parts (see `StoredEvent`): `events` joined with the texts its rows refer to. */
const EVENT_COLUMNS = `events.seq AS seq, events.session_id AS sessionId, events.frame AS frame,
  events.text_at AS textAt, texts.body AS textBody, NULL AS firstSeq
  FROM events LEFT JOIN texts ON texts.id = events.text_id`;

/** The same parts of a token row (tokens never keep a text apart). */
const TOKEN_COLUMNS = "seq, session_id, frame, NULL, NULL, first_seq FROM token_events";

/**
 * Rows of both tables after `@after` matching each table's condition, merged in seq order: SQLite walks
 * the two tables' seq order side by side (a merge, no sort), so a page costs its rows, not the log.
 */
function merged(eventsWhere: string, tokensWhere: string): string {
  return `SELECT ${EVENT_COLUMNS} WHERE events.seq > @after ${eventsWhere}
    UNION ALL SELECT ${TOKEN_COLUMNS} WHERE seq > @after ${tokensWhere} ORDER BY seq`;
}

/** The frame a row held when it was appended, byte for byte (all its frames, for a row of token deltas). */
function frameOf(row: Pick<StoredEvent, "frame" | "textAt" | "textBody">): string {
  return attachText(unpackText(row.frame), row.textAt, row.textBody);
}

/** The events a row holds after seq `after`, each with its own seq and frame, in order. */
function eventsOf(row: StoredEvent, after: number): LoggedEvent[] {
  if (row.firstSeq === null) return [{ seq: row.seq, sessionId: row.sessionId, frame: frameOf(row) }];
  const frames = unpackTokenRun(frameOf(row), row.firstSeq);
  const events: LoggedEvent[] = [];
  for (let index = Math.max(0, after + 1 - row.firstSeq); index < frames.length; index++) {
    events.push({ seq: row.firstSeq + index, sessionId: row.sessionId, frame: frames[index] as string });
  }
  return events;
}

/** An event as `append` returns it, with the caller's own form of it. */
type Logged = LoggedEvent & { event?: unknown };

/** Sets `logged[index]`, updating the entry in place when there is one (its holder then sees the new seq). */
function place(logged: Logged[], index: number, entry: Logged): void {
  const existing = logged[index];
  if (existing === undefined) logged[index] = entry;
  else Object.assign(existing, entry);
}

/** Bytes a frame takes as stored (deflated or text). */
export function storedBytes(stored: string | Buffer): number {
  return typeof stored === "string" ? Buffer.byteLength(stored) : stored.byteLength;
}

/**
 * An event to append: its frame is built once its seq is known, by `frame` or, for a token delta, from its
 * `tokenParts` (`tokenFrame(seq, tokenParts)`, the same text `uiSseFrameText` writes). A delta given in parts
 * has its frame built once, from the parts the row keeps: a run of deltas sharing a head and tail is stored
 * with them once (token-row.ts).
 */
export type EventToAppend = EventToAppendCommon &
  (
    | { frame: (seq: number) => string; tokenParts?: UiSseTokenFrameParts | undefined }
    | { tokenParts: UiSseTokenFrameParts; frame?: undefined }
  );

/** What every event to append says besides how its frame is built. */
interface EventToAppendCommon {
  sessionId: string | null;
  runId: string | null;
  tsMs: number;
  /** A streamed token delta: kept apart (`token_events`) and dropped by retention once its run has ended. */
  isToken: boolean;
  /** The event's long text (a message's), kept once with its session's texts instead of in the row. */
  longText?: string | undefined;
  /** The caller's own form of the event, handed back with its seq and frame (the bus's typed event). */
  event?: unknown;
}

/** The frame of an event to append at `seq`: from its parts where it has them, as the row keeps them. */
function frameAt(event: EventToAppend, seq: number): string {
  if (event.tokenParts !== undefined) return tokenFrame(seq, event.tokenParts);
  // An event without parts is of the first kind, so it has its `frame`.
  return (event.frame as (seq: number) => string)(seq);
}

export type { PruneLimits } from "./event-log-pruning.ts";

/**
 * The durable, seq-numbered event log behind `GET /api/events`. Seqs are global, strictly increasing and
 * gap-free, and survive restarts (they come from the database, not from memory). Appends must run inside a
 * transaction of the same database so an event commits together with the state change it reports.
 *
 * Two tables share the one seq: streamed token deltas in `token_events`, every other event in `events`
 * (docs/decisions/2026-11-26-storage-footprint.md). Reads merge them in seq order, so a reader sees one log.
 */
export class EventLog {
  readonly #database: StoreDatabase;
  readonly #texts: TextStore;
  readonly #pruning: EventLogPruning;
  readonly #insert;
  readonly #insertToken;
  readonly #withTexts;
  readonly #inline;
  readonly #readAll;
  readonly #readSession;
  readonly #bounds;
  readonly #byRun;
  readonly #tokensAfter;
  #head: number;
  #bytes: number;
  /**
   * On a shared log: whether the next transaction appends after the head this server knows, checked by the
   * database in the round trip of its rows, instead of reading the head first (a round trip of its own).
   * Off after a wrong guess, on again once a read finds that no other server appended meanwhile.
   */
  #guessHead = true;
  /** The appends of the open transaction and the byte total before them: what a wrong guess redoes. */
  #appended: { events: readonly EventToAppend[]; logged: Logged[] }[] = [];
  #bytesAtLock = 0;

  constructor(database: StoreDatabase, texts: TextStore) {
    this.#database = database;
    this.#texts = texts;
    this.#pruning = new EventLogPruning(database);
    this.#insert = database.prepare(
      `INSERT INTO events (seq, ts_ms, session_id, run_id, frame, bytes, is_token, text_id, text_at)
       VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?)`,
    );
    this.#insertToken = database.prepare(
      "INSERT INTO token_events (seq, ts_ms, session_id, run_id, frame, first_seq) VALUES (?, ?, ?, ?, ?, ?)",
    );
    this.#readAll = database.prepare(`${merged("", "")} LIMIT @limit`);
    const ofSession = (column: string) => `AND (${column} = @session OR ${column} IS NULL)`;
    this.#readSession = database.prepare(
      `${merged(ofSession("events.session_id"), ofSession("session_id"))} LIMIT @limit`,
    );
    // Token rows have no index by run (it cost a WAL page per streamed token): a run's are read by seq
    // from the log's head when it started, kept on the run. The bound is passed as a value, not a
    // subquery, so PostgreSQL plans the range with it (an unknown bound can make it scan the table).
    this.#tokensAfter = database.prepare("SELECT tokens_after_seq AS after FROM runs WHERE id = ?");
    this.#byRun = database.prepare(
      `SELECT ${EVENT_COLUMNS} WHERE events.run_id = @run
       UNION ALL SELECT ${TOKEN_COLUMNS} WHERE seq > @after AND run_id = @run ORDER BY seq`,
    );
    this.#withTexts = database.prepare(
      `SELECT events.seq, events.bytes, events.frame, events.text_at AS textAt, texts.body AS textBody
       FROM events JOIN texts ON texts.id = events.text_id WHERE events.session_id = ?`,
    );
    this.#inline = database.prepare(
      "UPDATE events SET frame = ?, bytes = ?, text_id = NULL, text_at = NULL WHERE seq = ?",
    );
    this.#bounds = database.prepare(
      // One MIN or MAX per subquery: SQLite reads each from an end of the table, not by scanning it.
      `SELECT MIN(low) AS floor, MAX(high) AS head FROM (
         SELECT (SELECT MIN(seq) FROM events) AS low, (SELECT MAX(seq) FROM events) AS high
         UNION ALL SELECT (SELECT COALESCE(first_seq, seq) FROM token_events ORDER BY seq LIMIT 1),
           (SELECT MAX(seq) FROM token_events)) AS ends`,
    );
    this.#head = this.#readBounds().head;
    this.#bytes = this.#pruning.readBytes();
  }

  /** Bytes of frames the log holds, as stored (long frames deflated). */
  get bytes(): number {
    return this.#bytes;
  }

  /** The highest seq ever assigned (0 for an empty log). */
  get head(): number {
    // Inside a transaction whose guessed head is unchecked, the head is known once the database checked it.
    this.#database.verifyEventLog?.();
    return this.#head;
  }

  /**
   * A seq that every event appended from now on is above, known without asking the database: on a shared
   * log, the head this server last knew (other servers only move it up). A run keeps it when it starts.
   */
  get appendsAbove(): number {
    return this.#head;
  }

  /** The lowest seq still retained; `head + 1` when the log is empty. A cursor below `floor - 1` has lost events. */
  get floor(): number {
    return this.#readBounds().floor ?? this.#head + 1;
  }

  /**
   * Assigns the next seqs and stores the events; returns each as logged, with the `event` it was given.
   * Adjacent token deltas of one run are stored as one row (see `#appendTokens`). Must be called inside a
   * transaction.
   */
  append<Appended extends EventToAppend>(
    events: readonly Appended[],
  ): (LoggedEvent & Pick<Appended, "event">)[] {
    if (!this.#database.inTransaction) throw new Error("EventLog.append must run inside a transaction");
    const logged: (LoggedEvent & Pick<Appended, "event">)[] = new Array(events.length);
    if (this.shared) {
      this.#lock(events);
      this.#appended.push({ events, logged });
    }
    this.#write(events, logged);
    return logged;
  }

  /**
   * A database shared by several servers: appends queue on one lock per transaction, and the head is known
   * under it (read, or guessed and checked), so seqs commit in order and a rolled-back append leaves no gap.
   */
  #lock(events: readonly EventToAppend[]): void {
    const database = this.#database as Required<StoreDatabase>;
    // A long text is kept apart at an offset in its frame, which its seq's digits move: no guessing then.
    const withText = events.some((event) => event.longText !== undefined);
    const guess = this.#guessHead && !withText ? { head: this.#head, redo: () => this.#redo() } : undefined;
    const locked = database.lockEventLog(guess);
    if (locked === false) {
      if (withText) database.verifyEventLog();
      return;
    }
    this.#appended = [];
    this.#bytesAtLock = this.#bytes;
    if (locked === "read") {
      const head = this.#readBounds().head;
      this.#guessHead = head === this.#head;
      this.#head = head;
    }
  }

  /** Another server appended after the guessed head: reads it and stores the transaction's events again after it. */
  #redo(): void {
    this.#guessHead = false;
    this.#bytes = this.#bytesAtLock;
    this.#head = this.#readBounds().head;
    for (const { events, logged } of this.#appended) this.#write(events, logged);
  }

  /** Assigns seqs after the head and queues the rows; `logged` entries already there are updated in place. */
  #write(events: readonly EventToAppend[], logged: Logged[]): void {
    for (let index = 0; index < events.length; index++) {
      const event = events[index] as EventToAppend;
      if (event.isToken) {
        index = this.#appendTokens(events, index, logged) - 1;
        continue;
      }
      const seq = this.#head + 1;
      const frame = frameAt(event, seq);
      const { sessionId, runId, tsMs } = event;
      // A message's long text is kept with its session's texts (once, shared with the chat message, the
      // conversation and the run); what is left of a long frame is stored deflated.
      const { stored, textId, at } = this.#texts.store(sessionId, event.longText, frame);
      const bytes = storedBytes(stored);
      runWrite(this.#insert, seq, tsMs, sessionId, runId, stored, bytes, textId, at);
      this.#bytes += bytes;
      this.#head = seq;
      place(logged, index, { seq, sessionId, frame, event: event.event });
    }
  }

  /**
   * Stores the token deltas from `start` that belong to the same session and run as one row: one insert
   * for a commit's run of deltas instead of one each (the per-event cost of a stream to one client was
   * this insert; the row updates no index besides its seq). A lone delta is stored as before. Returns the
   * index after the run.
   */
  #appendTokens(events: readonly EventToAppend[], start: number, logged: Logged[]): number {
    const first = events[start] as EventToAppend;
    const { sessionId, runId, tsMs } = first;
    let end = start + 1;
    while (end < events.length) {
      const next = events[end] as EventToAppend;
      const sameRow =
        next.isToken && next.sessionId === sessionId && next.runId === runId && next.tsMs === tsMs;
      if (!sameRow) break;
      end++;
    }
    const firstSeq = this.#head + 1;
    const frames: string[] = new Array(end - start);
    const parts: UiSseTokenFrameParts[] | undefined = end - start > 1 ? [] : undefined;
    for (let index = start; index < end; index++) {
      const seq = firstSeq + index - start;
      const event = events[index] as EventToAppend;
      const frame = frameAt(event, seq);
      frames[index - start] = frame;
      if (parts !== undefined && event.tokenParts) parts.push(event.tokenParts);
      place(logged, index, { seq, sessionId, frame, event: event.event });
    }
    const lastSeq = firstSeq + frames.length - 1;
    // Several deltas keep what their frames share once; not deflated: the live path should not pay for it.
    const stored =
      parts === undefined
        ? packText(frames[0] as string)
        : ((parts.length === frames.length ? packTokenRun(parts) : undefined) ?? joinTokenFrames(frames));
    runWrite(
      this.#insertToken,
      lastSeq,
      tsMs,
      sessionId,
      runId,
      stored,
      frames.length === 1 ? null : firstSeq,
    );
    this.#bytes += storedBytes(stored);
    this.#head = lastSeq;
    return end;
  }

  /** Whether other servers append to this log too (a shared PostgreSQL database). */
  get shared(): boolean {
    return this.#database.lockEventLog !== undefined;
  }

  /** Notes that events through `seq` exist (committed by another server sharing the log). */
  advanceHead(seq: number): void {
    if (seq > this.#head) this.#head = seq;
  }

  /** The head as the database has it now (another server may have appended); never moves it back. */
  refreshHead(): number {
    this.advanceHead(this.#readBounds().head);
    return this.#head;
  }

  /** Re-reads the head after a rolled-back transaction discarded appended rows. */
  resyncHead(): void {
    this.#head = this.#readBounds().head;
    this.#bytes = this.#pruning.readBytes();
  }

  /** Events after `after`, oldest first; with a session, that session's events and global ones. */
  readAfter(after: number, limit: number, sessionId?: string): LoggedEvent[] {
    return this.readPage(after, { maxEvents: limit, maxBytes: Number.POSITIVE_INFINITY, sessionId });
  }

  /** Whether `readAfterAsync` reads without blocking (PostgreSQL). */
  get readsAsync(): boolean {
    return this.#readAll.allAsync !== undefined;
  }

  /**
   * All events after `after` (at most `limit`), read without blocking the main thread where the database
   * can (PostgreSQL: another connection); undefined where it cannot (SQLite reads in microseconds).
   */
  readAfterAsync(after: number, limit: number): Promise<LoggedEvent[]> | undefined {
    const rows = this.#readAll.allAsync?.({ after, limit });
    return rows?.then((read) =>
      (read as StoredEvent[]).flatMap((row) => eventsOf(row, after)).slice(0, limit),
    );
  }

  /**
   * Like `readAfter`, but also stops once the frames read reach `maxBytes` (always at least one event), so
   * a page of huge events costs no more memory than a page of small ones. Rows are read lazily: the ones
   * past the budget are never materialized.
   */
  readPage(after: number, bounds: { maxEvents: number; maxBytes: number; sessionId?: string | undefined }) {
    const rows =
      bounds.sessionId === undefined
        ? this.#readAll.iterate({ after, limit: bounds.maxEvents })
        : this.#readSession.iterate({ after, session: bounds.sessionId, limit: bounds.maxEvents });
    const page: LoggedEvent[] = [];
    let bytes = 0;
    for (const row of rows as Iterable<StoredEvent>) {
      for (const event of eventsOf(row, after)) {
        page.push(event);
        bytes += event.frame.length;
        if (bytes >= bounds.maxBytes || page.length >= bounds.maxEvents) return page;
      }
    }
    return page;
  }

  /** The frames a run produced, in order (used to rebuild what a killed run had streamed). */
  framesOfRun(runId: string): string[] {
    // A run no longer stored (its session deleted) has its token rows read from the start of the log.
    const after = (this.#tokensAfter.get(runId) as { after: number } | undefined)?.after ?? 0;
    return (this.#byRun.all({ run: runId, after }) as StoredEvent[]).flatMap((row) =>
      eventsOf(row, 0).map((event) => event.frame),
    );
  }

  /**
   * Puts a session's texts back into its events' frames, so they replay unchanged once the session and
   * its texts are deleted. Call inside the transaction that deletes them.
   */
  inlineTexts(sessionId: string): void {
    for (const row of this.#withTexts.all(sessionId) as (StoredEvent & { bytes: number })[]) {
      const stored = packRow(frameOf(row));
      const bytes = storedBytes(stored);
      this.#inline.run(stored, bytes, row.seq);
      this.#bytes += bytes - row.bytes;
    }
    this.#pruning.saveBytes(this.#bytes, this.#head);
  }

  /**
   * One step of retention: removes at most a batch of events and returns how many it removed (0 when the
   * log is within its limits). In order: token deltas of runs that ended `compactTokensAfterMs` ago (their
   * text segments carry the final text), then the oldest events beyond `maxEvents`, older than `maxAgeMs`,
   * or past `maxBytes`. Clients whose cursor falls below the new floor get a typed resync and reload state.
   * The newest event is always kept: the head is read back from it at start-up, and seqs never start over.
   */
  pruneStep(limits: PruneLimits): number {
    return this.#database.transaction(() => {
      const { removed, bytes } = this.#pruning.step(limits, this.#head, this.#bytes);
      this.#bytes -= bytes;
      // The byte total is saved with each step, so start-up only adds up what was appended since.
      this.#pruning.saveBytes(this.#bytes, this.#head);
      return removed;
    })();
  }

  /** Runs retention to completion in one go (start-up and tests); `pruneStep` spreads it over ticks. */
  prune(limits: PruneLimits): number {
    let removed = 0;
    for (let step = this.pruneStep(limits); step > 0; step = this.pruneStep(limits)) removed += step;
    return removed;
  }

  /** Saves the byte total, so the next start-up adds up only what is appended after this (at shutdown). */
  saveBytes(): void {
    this.#pruning.saveBytes(this.#bytes, this.#head);
  }

  #readBounds(): { floor: number | null; head: number } {
    const row = this.#bounds.get() as { floor: number | null; head: number | null };
    return { floor: row.floor, head: row.head ?? 0 };
  }
}
