import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../src/store/database.ts";
import { openPostgres } from "../src/store/postgres/open-postgres.ts";
import type { PostgresDatabase } from "../src/store/postgres/postgres-database.ts";
import { postgresMissing, stopTestCluster, testCluster } from "./support/test-database.ts";

const missing = postgresMissing();
if (missing === undefined) {
  beforeAll(() => testCluster(), 60_000);
  afterAll(() => stopTestCluster());
}
if (missing !== undefined) console.warn(`SKIPPING the PostgreSQL schema parity check: ${missing}`);

/** What only PostgreSQL has: its schema version table, and what servers sharing it coordinate through. */
const POSTGRES_ONLY = {
  tables: [
    "parley_schema_version",
    "server_instances",
    "server_signals",
    "idle_prompt_claims",
    "mcp_project_state",
  ],
  columns: ["runs.owner", "workflow_executions.owner"],
  indexes: ["runs_running_by_owner", "server_signals_by_instance", "workflow_executions_going_by_owner"],
};

/** Each table's columns as `table.column`, and the index names, sorted. */
interface Schema {
  columns: string[];
  indexes: string[];
}

function sqliteSchema(file: string): Schema {
  const database = openDatabase(file);
  try {
    const tables = database
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
      .pluck()
      .all() as string[];
    const columns = tables.flatMap((table) =>
      (database.pragma(`table_info(${table})`) as { name: string }[]).map(
        (column) => `${table}.${column.name}`,
      ),
    );
    // Named indexes only: SQLite names the ones behind PRIMARY KEY and UNIQUE itself (sqlite_autoindex_…).
    const indexes = database
      .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL")
      .pluck()
      .all() as string[];
    return { columns: columns.sort(), indexes: indexes.sort() };
  } finally {
    database.close();
  }
}

function postgresSchema(database: PostgresDatabase): Schema {
  const columns = database.run(
    `SELECT table_name || '.' || column_name AS name FROM information_schema.columns
     WHERE table_schema = 'public' AND table_name NOT IN ('${POSTGRES_ONLY.tables.join("', '")}')`,
  ).rows as { name: string }[];
  // Indexes the migrations named: those behind PRIMARY KEY and UNIQUE are PostgreSQL's (…_pkey, …_key).
  const indexes = database.run(
    `SELECT indexname AS name FROM pg_indexes WHERE schemaname = 'public'
     AND indexname NOT LIKE '%\\_pkey' AND indexname NOT LIKE '%\\_key'`,
  ).rows as { name: string }[];
  return {
    columns: columns
      .map((row) => row.name)
      .filter((name) => !POSTGRES_ONLY.columns.includes(name))
      .sort(),
    indexes: indexes
      .map((row) => row.name)
      .filter((name) => !POSTGRES_ONLY.indexes.includes(name))
      .sort(),
  };
}

describe.skipIf(missing !== undefined)("PostgreSQL's migrations beside SQLite's", () => {
  it("give a new database the same tables, columns and indexes as a new SQLite file", async () => {
    const folder = mkdtempSync(join(tmpdir(), "parley-schema-parity-"));
    const database = openPostgres((await testCluster()).createDatabase());
    try {
      const sqlite = sqliteSchema(join(folder, "parley.db"));
      const postgres = postgresSchema(database);
      // A SQLite migration without its PostgreSQL twin fails here, naming the missing column or index.
      expect(postgres.columns).toEqual(sqlite.columns);
      expect(postgres.indexes).toEqual(sqlite.indexes);
      expect(sqlite.columns.length).toBeGreaterThan(100);
    } finally {
      database.close();
      rmSync(folder, { recursive: true, force: true });
    }
  }, 60_000);
});
