import type { StoreDatabase } from "./store-database.ts";

/** What one retention pass may remove (see `EventLog.pruneStep`). */
export interface PruneLimits {
  maxEvents: number;
  maxAgeMs: number;
  maxBytes: number;
  compactTokensAfterMs: number;
  nowMs: number;
}

/** Rows deleted per statement, so a large prune never holds the event loop (or the write lock) for long. */
const PRUNE_BATCH = 500;

/** A token row's stored bytes (it has no `bytes` column: the frame is all it holds). */
const TOKEN_BYTES = "length(CAST(frame AS BLOB))";

/**
 * The event log's retention statements over its two tables (`events`, `token_events`), and its byte total.
 * Every deletion removes a prefix of the seqs it looks at, so the log stays a gap-free suffix apart from
 * compacted token deltas.
 *
 * The byte total used to be a `SUM(bytes)` over a covering index that every append had to update; it is now
 * saved in `event_log_totals` (bytes of every row up to `through_seq`) by each retention step and at
 * shutdown, and start-up adds the rows appended after it.
 */
export class EventLogPruning {
  readonly #deleteEndedTokens;
  readonly #batchEnd;
  readonly #expiredBatchEnd;
  readonly #deleteEvents;
  readonly #deleteTokens;
  readonly #deleteExpiredEvents;
  readonly #deleteExpiredTokens;
  readonly #savedBytes;
  readonly #bytesAfter;
  readonly #saveBytes;

  constructor(database: StoreDatabase) {
    // Token rows are scanned in seq order: the ones left are mostly recent, and a run is one lookup.
    this.#deleteEndedTokens = database.prepare(
      `DELETE FROM token_events WHERE seq IN (
         SELECT token_events.seq FROM token_events JOIN runs ON runs.id = token_events.run_id
         WHERE token_events.seq < @head AND runs.ended_at_ms IS NOT NULL AND runs.ended_at_ms < @endedBefore
         LIMIT @batch) RETURNING ${TOKEN_BYTES} AS bytes`,
    );
    const oldest = (where: string) =>
      `SELECT MAX(seq) AS end FROM (SELECT seq FROM events WHERE ${where}
         UNION ALL SELECT seq FROM token_events WHERE ${where} ORDER BY seq LIMIT @batch) AS oldest`;
    const expired = "seq < @head AND (seq <= @cutoff OR ts_ms < @before)";
    this.#batchEnd = database.prepare(oldest("seq < @head"));
    this.#expiredBatchEnd = database.prepare(oldest(expired));
    this.#deleteEvents = database.prepare("DELETE FROM events WHERE seq <= ? RETURNING bytes");
    this.#deleteTokens = database.prepare(
      `DELETE FROM token_events WHERE seq <= ? RETURNING ${TOKEN_BYTES} AS bytes`,
    );
    this.#deleteExpiredEvents = database.prepare(
      `DELETE FROM events WHERE seq <= @end AND ${expired} RETURNING bytes`,
    );
    this.#deleteExpiredTokens = database.prepare(
      `DELETE FROM token_events WHERE seq <= @end AND ${expired} RETURNING ${TOKEN_BYTES} AS bytes`,
    );
    this.#savedBytes = database.prepare(
      "SELECT bytes, through_seq AS through FROM event_log_totals WHERE id = 1",
    );
    this.#bytesAfter = database.prepare(
      `SELECT (SELECT COALESCE(SUM(bytes), 0) FROM events WHERE seq > @after)
         + (SELECT COALESCE(SUM(${TOKEN_BYTES}), 0) FROM token_events WHERE seq > @after) AS bytes`,
    );
    this.#saveBytes = database.prepare("UPDATE event_log_totals SET bytes = ?, through_seq = ? WHERE id = 1");
  }

  /**
   * Deletes one batch: token deltas of runs that ended long enough ago, else the oldest events while over
   * the byte budget, else events beyond the count or age limits. Returns the rows and bytes removed.
   */
  step(limits: PruneLimits, head: number, bytes: number): { removed: number; bytes: number } {
    const endedBefore = limits.nowMs - limits.compactTokensAfterMs;
    const tokens = this.#deleteEndedTokens.all({ head, endedBefore, batch: PRUNE_BATCH });
    if (tokens.length > 0) return sum(tokens);
    if (bytes > limits.maxBytes) {
      // Over the byte budget: drop the oldest batch; the next step drops another while still over.
      const { end } = this.#batchEnd.get({ head, batch: PRUNE_BATCH }) as { end: number | null };
      if (end === null) return { removed: 0, bytes: 0 };
      return sum([...this.#deleteEvents.all(end), ...this.#deleteTokens.all(end)]);
    }
    const window = {
      head,
      cutoff: head - Math.max(1, limits.maxEvents),
      before: limits.nowMs - limits.maxAgeMs,
    };
    const { end } = this.#expiredBatchEnd.get({ ...window, batch: PRUNE_BATCH }) as { end: number | null };
    if (end === null) return { removed: 0, bytes: 0 };
    return sum([
      ...this.#deleteExpiredEvents.all({ ...window, end }),
      ...this.#deleteExpiredTokens.all({ ...window, end }),
    ]);
  }

  /** The log's bytes as stored: the saved total plus the rows appended after it. */
  readBytes(): number {
    const saved = this.#savedBytes.get() as { bytes: number; through: number };
    return saved.bytes + (this.#bytesAfter.get({ after: saved.through }) as { bytes: number }).bytes;
  }

  /** Saves `bytes` as the total of every row up to `through` (the head). */
  saveBytes(bytes: number, through: number): void {
    this.#saveBytes.run(bytes, through);
  }
}

function sum(rows: unknown[]): { removed: number; bytes: number } {
  let bytes = 0;
  for (const row of rows as { bytes: number }[]) bytes += row.bytes;
  return { removed: rows.length, bytes };
}
