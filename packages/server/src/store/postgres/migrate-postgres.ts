import { postgresMigrations } from "./postgres-migrations.ts";
import type { SyncBridge } from "./sync-bridge.ts";

/** The session-level advisory lock two starting servers take, so one migrates and the other waits. */
const MIGRATION_LOCK = 0x7061726d;

/**
 * Brings a PostgreSQL database's schema up to date, under an advisory lock: two servers starting together
 * migrate once (the second finds the work done). Each migration commits with its version (one multi-statement query is one implicit transaction). Returns how
 * many migrations ran.
 */
export function migratePostgres(bridge: SyncBridge): number {
  bridge.query({ sql: `SELECT pg_advisory_lock(${MIGRATION_LOCK})` });
  try {
    bridge.query({
      sql: "CREATE TABLE IF NOT EXISTS parley_schema_version (version INTEGER NOT NULL, migrated_at TIMESTAMPTZ NOT NULL DEFAULT now())",
    });
    const row = bridge.query({ sql: "SELECT MAX(version) AS version FROM parley_schema_version", params: [] })
      .rows[0] as { version: number | null };
    const current = row.version ?? 0;
    if (current > postgresMigrations.length) {
      throw new Error(
        `the database schema (version ${current}) is newer than this Parley (version ${postgresMigrations.length}); upgrade Parley`,
      );
    }
    for (let version = current; version < postgresMigrations.length; version++) {
      bridge.query({
        sql: `${postgresMigrations[version]}; INSERT INTO parley_schema_version (version) VALUES (${version + 1});`,
      });
    }
    return postgresMigrations.length - current;
  } finally {
    bridge.query({ sql: `SELECT pg_advisory_unlock(${MIGRATION_LOCK})` });
  }
}

/**
 * `parley db migrate`: brings the PostgreSQL database at `url` up to date (a server does this at start as
 * well; running it first lets a deployment migrate once before starting its servers).
 */
export async function migratePostgresDatabase(url: string): Promise<{ applied: number; version: number }> {
  const { SyncBridge } = await import("./sync-bridge.ts");
  const bridge = new SyncBridge(url);
  try {
    return { applied: migratePostgres(bridge), version: postgresMigrations.length };
  } finally {
    bridge.close();
  }
}
