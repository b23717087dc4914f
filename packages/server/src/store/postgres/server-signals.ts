import { decodeWith } from "@parley/protocol";
import { type ServerSignal, ServerSignalSchema } from "../../cluster/server-signal.ts";
import type { PostgresDatabase } from "./postgres-database.ts";

/** The channel a signal's commit notifies, with the instance it is for as the payload. */
export const SIGNALS_CHANNEL = "parley_signals";

/**
 * Runs belong to the server that started them (`runs.owner`); another server sharing the database that is
 * asked to act on one (Stop, an answer its run waits for, a message for its busy agent) finds the owner
 * here and leaves it a signal: a row, and a notification sent when the row commits.
 */
export class ServerSignals {
  readonly #instance: string;
  readonly #leaseMs: number;
  readonly #runOwner;
  readonly #agentOwner;
  readonly #workflowOwner;
  readonly #insert;
  readonly #take;

  constructor(database: PostgresDatabase, instance: string, leaseMs: number) {
    this.#instance = instance;
    this.#leaseMs = leaseMs;
    // A run whose owner went quiet is not signalled: the lease recovery interrupts it instead.
    const liveOwner = `runs.status = 'running' AND runs.owner IS NOT NULL AND runs.owner != @self
      AND EXISTS (SELECT 1 FROM server_instances WHERE server_instances.id = runs.owner
        AND server_instances.seen_at_ms >= @liveSince)`;
    this.#runOwner = database.prepare(`SELECT owner FROM runs WHERE runs.id = @runId AND ${liveOwner}`);
    this.#agentOwner = database.prepare(
      `SELECT owner FROM runs WHERE runs.session_id = @sessionId AND runs.agent_id = @agentId AND ${liveOwner} LIMIT 1`,
    );
    this.#workflowOwner = database.prepare(
      `SELECT owner FROM workflow_executions WHERE id = @id AND status IN ('Running', 'Pending')
       AND owner IS NOT NULL AND owner != @self AND EXISTS (SELECT 1 FROM server_instances
         WHERE server_instances.id = workflow_executions.owner AND server_instances.seen_at_ms >= @liveSince)`,
    );
    this.#insert = database.prepare(
      `WITH signal AS (INSERT INTO server_signals (instance, signal, created_at_ms) VALUES (@instance, @signal, @nowMs) RETURNING id)
       SELECT pg_notify('${SIGNALS_CHANNEL}', @instance) FROM signal`,
    );
    this.#take = database.prepare(
      "DELETE FROM server_signals WHERE instance = ? RETURNING id, signal AS signal",
    );
  }

  /** This server's name among those sharing the database. */
  get instance(): string {
    return this.#instance;
  }

  /** The live server other than this one that runs `runId`, if any. */
  runOwnerElsewhere(runId: string): string | undefined {
    const row = this.#runOwner.get({ runId, ...this.#scope() }) as { owner: string } | undefined;
    return row?.owner;
  }

  /** The live server other than this one running a turn of this agent, if any. */
  agentOwnerElsewhere(sessionId: string, agentId: string): string | undefined {
    const row = this.#agentOwner.get({ sessionId, agentId, ...this.#scope() }) as
      | { owner: string }
      | undefined;
    return row?.owner;
  }

  /** The live server other than this one driving the workflow execution `id`, if any. */
  workflowOwnerElsewhere(id: string): string | undefined {
    const row = this.#workflowOwner.get({ id, ...this.#scope() }) as { owner: string } | undefined;
    return row?.owner;
  }

  /** Leaves `signal` for `instance`; inside a transaction it is sent when the transaction commits. */
  send(instance: string, signal: ServerSignal): void {
    this.#insert.get({ instance, signal: JSON.stringify(signal), nowMs: Date.now() });
  }

  /** Removes and returns the signals left for this server, oldest first (an unreadable one is dropped). */
  take(): ServerSignal[] {
    const rows = this.#take.all(this.#instance) as { id: number; signal: string }[];
    return rows
      .sort((first, second) => first.id - second.id)
      .flatMap((row) => {
        const decoded = decodeWith(ServerSignalSchema, safeJson(row.signal));
        return decoded.success ? [decoded.value] : [];
      });
  }

  #scope(): { self: string; liveSince: number } {
    return { self: this.#instance, liveSince: Date.now() - this.#leaseMs };
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
