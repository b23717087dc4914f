import { createRequire } from "node:module";
import type BetterSqlite3 from "better-sqlite3";
import { migrations } from "./migrations.ts";

/**
 * Loaded with `require`, not `import`: an ES module importing this CommonJS package makes Node load and run
 * its CommonJS export scanner over it, ~5 ms of a `parley serve` start for names nothing reads.
 */
const Database = createRequire(import.meta.url)("better-sqlite3") as typeof BetterSqlite3;

/** The size a WAL file is cut back to once checkpointed. */
const WAL_LIMIT_BYTES = 32 * 1024 * 1024;
/**
 * The WAL size at which the serving connection checkpoints by itself: only under writes faster than the
 * worker can copy them back (a pause is when the WAL starts over), and half the limit so that a checkpoint
 * delayed by the worker's own still keeps the file within it.
 */
const OWN_CHECKPOINT_BYTES = WAL_LIMIT_BYTES / 2;

/** A better-sqlite3 connection, configured for Parley's durability guarantees. */
export type SqliteDatabase = BetterSqlite3.Database;

/**
 * Opens (creating if needed) Parley's SQLite file and brings its schema up to date.
 * WAL with `synchronous=NORMAL`: a committed transaction is in the WAL file (the operating system's cache) before
 * its events are sent, so it survives a killed process (`kill -9`, a crash); a power loss or kernel crash may
 * lose the last commits before a checkpoint, never corrupt the file. FULL's fsync per commit cost every
 * streamed token ~0.5 ms (docs/decisions/2026-11-26-streaming-cost.md). Checkpoints are `WalCheckpointer`'s.
 */
export function openDatabase(file: string): SqliteDatabase {
  const database = new Database(file);
  if (isEmpty(database)) {
    // Set before the first table: 8 KiB pages hold two or three chat messages each where 4 KiB pages held
    // one and wasted the rest, and incremental auto-vacuum lets retention hand freed pages back to the disk.
    database.pragma("page_size = 8192");
    database.pragma("auto_vacuum = INCREMENTAL");
  }
  database.pragma("journal_mode = WAL");
  // After a checkpoint the WAL file is cut back to this size instead of keeping its largest size for ever.
  database.pragma(`journal_size_limit = ${WAL_LIMIT_BYTES}`);
  database.pragma("synchronous = NORMAL");
  // Checkpoints run in a worker thread (WalCheckpointer), so a commit on the event loop does not pay for one.
  const pageSize = database.pragma("page_size", { simple: true }) as number;
  database.pragma(`wal_autocheckpoint = ${Math.floor(OWN_CHECKPOINT_BYTES / pageSize)}`);
  database.pragma("foreign_keys = ON");
  database.pragma("busy_timeout = 5000");
  // better-sqlite3 builds SQLite with a 16 MB page cache, which fills as the file grows past it (the soak saw
  // RSS climb for 15 minutes). 4 MB holds the log's tail, its indexes and the sessions in use; the rest is
  // read from the operating system's file cache.
  database.pragma("cache_size = -4096");
  migrate(database);
  return database;
}

function migrate(database: SqliteDatabase): void {
  const current = database.pragma("user_version", { simple: true }) as number;
  if (current > migrations.length) {
    throw new Error(
      `the database schema (version ${current}) is newer than this Parley (version ${migrations.length}); upgrade Parley`,
    );
  }
  if (current === migrations.length) return;
  // One transaction for every pending migration: a new database commits (and syncs) once, not once per step.
  database.transaction(() => {
    for (let version = current; version < migrations.length; version++) {
      database.exec(migrations[version] as string);
      database.pragma(`user_version = ${version + 1}`);
    }
  })();
}

/** A file with no schema yet (new): its page size and vacuum mode can still be chosen. */
function isEmpty(database: SqliteDatabase): boolean {
  return (
    (database.prepare("SELECT COUNT(*) AS count FROM sqlite_master").get() as { count: number }).count === 0
  );
}
