import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migratePostgres } from "../src/store/postgres/migrate-postgres.ts";
import {
  postgresMigrations,
  UNREADABLE_TO_OLDER_SERVERS,
} from "../src/store/postgres/postgres-migrations.ts";
import { SyncBridge } from "../src/store/postgres/sync-bridge.ts";
import { postgresMissing, stopTestCluster, testCluster } from "./support/test-database.ts";

const missing = postgresMissing();
if (missing === undefined) {
  beforeAll(() => testCluster(), 60_000);
  afterAll(() => stopTestCluster());
}
if (missing !== undefined) console.warn(`SKIPPING the PostgreSQL upgrade check: ${missing}`);

const NOW = 1_800_000_000_000;
const last = Math.max(...UNREADABLE_TO_OLDER_SERVERS);

/** A database at the schema version before `last`, with these servers' leases, as an older Parley left it. */
async function olderDatabase(leases: [string, number][]): Promise<SyncBridge> {
  const bridge = new SyncBridge((await testCluster()).createDatabase());
  bridge.query({
    sql: "CREATE TABLE parley_schema_version (version INTEGER NOT NULL, migrated_at TIMESTAMPTZ NOT NULL DEFAULT now())",
  });
  for (let version = 0; version < last - 1; version++)
    bridge.query({
      sql: `${postgresMigrations[version]}; INSERT INTO parley_schema_version (version) VALUES (${version + 1});`,
    });
  for (const [id, seenAtMs] of leases)
    bridge.query({
      sql: "INSERT INTO server_instances (id, seen_at_ms) VALUES ($1, $2)",
      params: [id, seenAtMs],
    });
  return bridge;
}

const version = (bridge: SyncBridge) =>
  (
    bridge.query({ sql: "SELECT MAX(version) AS version FROM parley_schema_version", params: [] })
      .rows[0] as { version: number }
  ).version;

describe.skipIf(missing !== undefined)("upgrading a PostgreSQL database other servers use", () => {
  it("waits until no older server is running before storing events in a form they cannot read", async () => {
    const bridge = await olderDatabase([
      ["host-a:/srv/parley", NOW - 2_000],
      ["host-b:/srv/parley", NOW - 60_000],
      ["host-d:/srv/parley", NOW - 25_000], // beats every 20 s: a 60 s lease
    ]);
    try {
      expect(() => migratePostgres(bridge, "host-c:/srv/parley", undefined, NOW)).toThrow(
        /2 other Parley servers use this database \(host-a:\/srv\/parley, host-d:\/srv\/parley\).*stop them first/,
      );
      expect(version(bridge)).toBe(last - 1);

      // Both stopped: once neither has been seen for twice the lease the upgrade goes ahead.
      expect(migratePostgres(bridge, "host-c:/srv/parley", undefined, NOW + 40_000)).toBe(
        postgresMigrations.length - last + 1,
      );
      expect(version(bridge)).toBe(postgresMigrations.length);
    } finally {
      bridge.close();
    }
  });

  it("lets a server restarted with the new version upgrade over its own fresh lease", async () => {
    const bridge = await olderDatabase([["host-a:/srv/parley", NOW - 1_000]]);
    try {
      migratePostgres(bridge, "host-a:/srv/parley", undefined, NOW);
      expect(version(bridge)).toBe(postgresMigrations.length);
    } finally {
      bridge.close();
    }
  });
});
