import type { PostgresDatabase } from "./postgres-database.ts";

/**
 * Which server sends an agent's idle prompt (servers sharing a PostgreSQL database each run an idle
 * scheduler): the prompt after a given run is claimed once, by a conditional insert, and only the server
 * whose claim went in sends it.
 */
export class IdlePromptClaims {
  readonly #instance: string;
  readonly #claim;

  constructor(database: PostgresDatabase, instance: string) {
    this.#instance = instance;
    this.#claim = database.prepare(
      `INSERT OR IGNORE INTO idle_prompt_claims (session_id, agent_id, after_run_id, instance, claimed_at_ms)
       VALUES (?, ?, ?, ?, ?)`,
    );
  }

  /** Claims the idle prompt an agent gets after `afterRunId`; false when another server claimed it. */
  claim(sessionId: string, agentId: string, afterRunId: string, nowMs: number): boolean {
    return this.#claim.run(sessionId, agentId, afterRunId, this.#instance, nowMs).changes === 1;
  }
}
