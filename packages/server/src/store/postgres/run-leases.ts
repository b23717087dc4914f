import type { PostgresDatabase } from "./postgres-database.ts";

/** The session-level lock a server holds while it recovers other servers' runs, so one does it at a time. */
const RECOVERY_LOCK = 0x70617272;

/**
 * Which runs still have a live server (PostgreSQL only): each server records that it is alive, and a
 * run left `running` by a server that stopped saying so for `ttlMs` is an orphan to recover. A server
 * restarted on the same data keeps its name, so its own runs are orphans at once, as on SQLite.
 */
export class RunLeases {
  readonly #database: PostgresDatabase;
  readonly #instance: string;
  readonly #beat;
  readonly #orphans;
  readonly #othersAlive;

  constructor(database: PostgresDatabase, instance: string) {
    this.#database = database;
    this.#instance = instance;
    this.#beat = database.prepare(
      `INSERT INTO server_instances (id, seen_at_ms) VALUES (?, ?)
       ON CONFLICT (id) DO UPDATE SET seen_at_ms = excluded.seen_at_ms`,
    );
    this.#orphans = database.prepare(
      `SELECT runs.id AS id FROM runs LEFT JOIN server_instances ON server_instances.id = runs.owner
       WHERE runs.status = 'running' AND (runs.owner IS NULL OR runs.owner = @self
         OR server_instances.id IS NULL OR server_instances.seen_at_ms < @staleBefore)
       ORDER BY runs.started_at_ms`,
    );
    this.#othersAlive = database.prepare(
      "SELECT id FROM server_instances WHERE id != ? AND seen_at_ms >= ? LIMIT 1",
    );
  }

  /** Whether another server has said it is alive within `ttlMs`. */
  othersAlive(nowMs: number, ttlMs: number): boolean {
    return this.#othersAlive.get(this.#instance, nowMs - ttlMs) !== undefined;
  }

  /** Records that this server is alive now. */
  beat(nowMs: number): void {
    this.#beat.run(this.#instance, nowMs);
  }

  /**
   * Runs `recover` with the ids of orphaned runs, unless another server is recovering right now (it takes
   * them). `ownAlso`: this server's own running runs count as orphans (at its start).
   */
  recoverOrphans(nowMs: number, ttlMs: number, ownAlso: boolean, recover: (runIds: string[]) => void): void {
    const locked = this.#database.run(`SELECT pg_try_advisory_lock(${RECOVERY_LOCK}) AS locked`).rows[0] as {
      locked: boolean;
    };
    if (!locked.locked) return;
    try {
      const self = ownAlso ? this.#instance : "";
      const rows = this.#orphans.all({ self, staleBefore: nowMs - ttlMs }) as { id: string }[];
      if (rows.length > 0) recover(rows.map((row) => row.id));
    } finally {
      this.#database.run(`SELECT pg_advisory_unlock(${RECOVERY_LOCK})`);
    }
  }
}
