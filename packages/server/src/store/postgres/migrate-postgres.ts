import { DEFAULT_LEASE_MS } from "./lease-keeper.ts";
import { postgresMigrations, UNREADABLE_TO_OLDER_SERVERS } from "./postgres-migrations.ts";
import type { SyncBridge } from "./sync-bridge.ts";

/** The session-level advisory lock two starting servers take, so one migrates and the other waits. */
const MIGRATION_LOCK = 0x7061726d;

/**
 * Brings a PostgreSQL database's schema up to date, under an advisory lock: two servers starting together
 * migrate once (the second finds the work done). Each migration commits with its version (one multi-statement query is one implicit transaction). Returns how
 * many migrations ran.
 */
export function migratePostgres(
  bridge: SyncBridge,
  instance = "",
  leaseMs = DEFAULT_LEASE_MS,
  nowMs = Date.now(),
): number {
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
    refuseWhileOlderServersRun(bridge, current, instance, leaseMs, nowMs);
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
 * A migration after which older servers would misread what newer ones write (a new row format) waits until
 * no other server uses the database: the version only stops an older Parley when it starts, and one
 * already running would send its clients garbled frames and skip events. Other servers count as running
 * while they were seen within twice the lease; this server's own name (a restart) does not count.
 */
function refuseWhileOlderServersRun(
  bridge: SyncBridge,
  current: number,
  instance: string,
  leaseMs: number,
  nowMs: number,
): void {
  const pending = [...UNREADABLE_TO_OLDER_SERVERS].some((version) => version > current);
  if (!pending) return;
  // Another server beats every third of its own lease, which may not be this one's: look back twice the longer.
  const liveWithin = 2 * Math.max(leaseMs, DEFAULT_LEASE_MS);
  const hasInstances = bridge.query({
    sql: "SELECT to_regclass('server_instances') IS NOT NULL AS present",
    params: [],
  }).rows[0] as { present: boolean };
  if (!hasInstances.present) return;
  const others = bridge.query({
    sql: "SELECT id FROM server_instances WHERE id <> $1 AND seen_at_ms >= $2 ORDER BY id",
    params: [instance, nowMs - liveWithin],
  }).rows as { id: string }[];
  if (others.length === 0) return;
  throw new Error(
    `${others.length} other Parley ${others.length === 1 ? "server uses" : "servers use"} this database ` +
      `(${others.map((other) => other.id).join(", ")}), and this version stores events in a form older ` +
      `servers cannot read: stop them first (a server stopped less than ${liveWithin / 1000} s ago ` +
      "still counts), then start this one or run `parley db migrate`",
  );
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
