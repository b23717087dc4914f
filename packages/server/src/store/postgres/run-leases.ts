import type { PostgresDatabase } from "./postgres-database.ts";

/** The session-level lock a server holds while it recovers other servers' runs, so one does it at a time. */
const RECOVERY_LOCK = 0x70617272;

/**
 * Which runs and workflow executions still have a live server (PostgreSQL only): each server records
 * that it is alive, and a run left `running` (an execution left Running) by a server that stopped saying
 * so for `ttlMs` is an orphan to recover. A server
 * restarted on the same data keeps its name, so its own runs are orphans at once, as on SQLite.
 */
export class RunLeases {
  readonly #database: PostgresDatabase;
  readonly #instance: string;
  readonly #beat;
  readonly #orphans;
  readonly #orphanWorkflows;
  readonly #ownWorkflow;

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
    this.#orphanWorkflows = database.prepare(
      `SELECT workflow_executions.id AS id FROM workflow_executions
       LEFT JOIN server_instances ON server_instances.id = workflow_executions.owner
       WHERE workflow_executions.status IN ('Running', 'Pending') AND (workflow_executions.owner IS NULL
         OR workflow_executions.owner = @self OR server_instances.id IS NULL
         OR server_instances.seen_at_ms < @staleBefore)
       ORDER BY workflow_executions.created_at_ms`,
    );
    this.#ownWorkflow = database.prepare("UPDATE workflow_executions SET owner = ? WHERE id = ?");
  }

  /** Records that this server is alive now. */
  beat(nowMs: number): void {
    this.#beat.run(this.#instance, nowMs);
  }

  /** Records that this server drives the workflow execution now (it started or resumed it). */
  ownWorkflow(id: string): void {
    this.#ownWorkflow.run(this.#instance, id);
  }

  /**
   * Runs `recover` with the ids of orphaned runs and workflow executions, unless another server is
   * recovering right now (it takes them). `ownAlso`: this server's own ones count as orphans (at its start).
   */
  recoverOrphans(
    nowMs: number,
    ttlMs: number,
    ownAlso: boolean,
    recover: (orphans: { runIds: string[]; workflowIds: string[] }) => void,
  ): void {
    const locked = this.#database.run(`SELECT pg_try_advisory_lock(${RECOVERY_LOCK}) AS locked`).rows[0] as {
      locked: boolean;
    };
    if (!locked.locked) return;
    try {
      const scope = { self: ownAlso ? this.#instance : "", staleBefore: nowMs - ttlMs };
      const ids = (rows: unknown[]) => (rows as { id: string }[]).map((row) => row.id);
      const runIds = ids(this.#orphans.all(scope));
      const workflowIds = ids(this.#orphanWorkflows.all(scope));
      if (runIds.length > 0 || workflowIds.length > 0) recover({ runIds, workflowIds });
    } finally {
      this.#database.run(`SELECT pg_advisory_unlock(${RECOVERY_LOCK})`);
    }
  }
}
