import { DEFAULT_LEASE_MS } from "./lease-keeper.ts";
import { migratePostgres } from "./migrate-postgres.ts";
import { PostgresDatabase } from "./postgres-database.ts";
import { redactedUrl } from "./redacted-url.ts";

/** Whether a store location names a PostgreSQL database rather than a SQLite file. */
export function isPostgresUrl(location: string): boolean {
  return /^postgres(ql)?:\/\//.test(location);
}

/**
 * Connects to PostgreSQL and brings its schema up to date. A database that cannot be reached fails here,
 * at start, with the reason and the address (without its password).
 */
export function openPostgres(url: string, instance = "", leaseMs = DEFAULT_LEASE_MS): PostgresDatabase {
  const database = new PostgresDatabase(url, instance);
  try {
    migratePostgres(database.bridge, instance, leaseMs);
  } catch (error) {
    database.close();
    throw new Error(`cannot use the PostgreSQL database at ${redactedUrl(url)}: ${(error as Error).message}`);
  }
  return database;
}
