import type { StoreDatabase, StoreStatement } from "../store-database.ts";
import { joinInserts } from "./insert-rows.ts";
import { redactedUrl } from "./redacted-url.ts";
import { type PostgresStatementText, parametersOf, toPostgres } from "./sql-dialect.ts";
import { type BridgeQuery, type BridgeResult, SyncBridge } from "./sync-bridge.ts";
import { decodeRow, encodeValue } from "./value-codec.ts";

/** The channel a commit that appended events notifies, so other servers read the log. */
export const EVENTS_CHANNEL = "parley_events";

/** The advisory lock key that orders appends to the event log across servers ("parley-log"). */
const EVENT_LOG_LOCK = 0x7061726c;

/**
 * Parley's store port over PostgreSQL: statements are rewritten from the shared SQL (`toPostgres`) and run
 * synchronously through a worker thread (`SyncBridge`). A unit of work is one PostgreSQL transaction on
 * the worker's one connection; nested units are savepoints, as on SQLite.
 */
export class PostgresDatabase implements StoreDatabase {
  readonly bridge: SyncBridge;
  readonly name: string;
  #depth = 0;
  #eventLogLocked = false;
  #beginPending = false;
  /** Whether BEGIN was sent and the transaction not yet ended. */
  #begun = false;
  /**
   * Statements of the open transaction not sent yet (`runWithNext`): they go in the same round trip as its
   * next statement, each a thread hand-off and a wait saved (a commit of streamed tokens: 2 instead of 4).
   */
  #waiting: BridgeQuery[] = [];

  /** `instance` names this server among those sharing the database (its runs are its own). */
  constructor(url: string, instance = "") {
    this.bridge = new SyncBridge(url, instance);
    this.name = redactedUrl(url);
  }

  get inTransaction(): boolean {
    return this.#depth > 0;
  }

  prepare(sql: string): StoreStatement {
    return new PostgresStatement(this, toPostgres(sql));
  }

  /** Runs statements as they are (PostgreSQL text, several allowed, no parameters). */
  exec(sql: string): this {
    this.run(sql);
    return this;
  }

  /**
   * Runs one PostgreSQL statement; a transaction's BEGIN and the statements waiting for it
   * (`runWithNext`) go in the same round trip.
   */
  run(sql: string, params?: unknown[], rowMode?: "array"): BridgeResult {
    const query = { sql, params, rowMode };
    if (!this.#beginPending && this.#waiting.length === 0) {
      // Outside a transaction the bridge may open a lost connection again; inside one it must not.
      return this.bridge.query(query, !this.#begun);
    }
    // Waiting writes are sent before the statement asked for; runs of one insert go as one statement.
    const queries = joinInserts(this.#takeWaiting());
    queries.push(query);
    const results = this.bridge.batch(queries, queries[0]?.sql === "BEGIN");
    return results[results.length - 1] as BridgeResult;
  }

  /** Queues a statement for the transaction's next round trip; outside a transaction it runs now. */
  runWithNext(sql: string, params?: unknown[]): void {
    if (this.#depth === 0) this.run(sql, params);
    else this.#waiting.push({ sql, params });
  }

  transaction<Result>(work: (...args: never[]) => Result): (...args: never[]) => Result {
    return (...args: never[]) => {
      const depth = this.#depth;
      const savepoint = `parley_${depth}`;
      if (depth === 0) this.#beginPending = true;
      else this.run(`SAVEPOINT ${savepoint}`);
      this.#depth++;
      let result: Result;
      try {
        result = work(...args);
      } catch (error) {
        this.#depth--;
        this.#end(depth === 0 ? "ROLLBACK" : `ROLLBACK TO SAVEPOINT ${savepoint}`);
        throw error;
      }
      this.#depth--;
      this.#end(depth === 0 ? "COMMIT" : `RELEASE SAVEPOINT ${savepoint}`);
      return result;
    };
  }

  lockEventLog(): boolean {
    if (this.#depth === 0) throw new Error("the event log is locked inside a transaction only");
    if (this.#eventLogLocked) return false;
    // The notification goes out only if the transaction commits, and after it: other servers then read.
    // It names this server, which delivers its own commits from memory and so ignores it (`ownCommit`).
    // The caller's next statement reads the log's head, so the lock is taken in that statement's round trip.
    this.runWithNext(
      `SELECT pg_advisory_xact_lock(${EVENT_LOG_LOCK}),
        pg_notify('${EVENTS_CHANNEL}', current_setting('parley.instance', true))`,
    );
    this.#eventLogLocked = true;
    return true;
  }

  /** SQLite's tuning and vacuum pragmas have no PostgreSQL counterpart: they read as 0 and change nothing. */
  pragma(): number {
    return 0;
  }

  close(): void {
    this.bridge.close();
  }

  #end(statement: string): void {
    if (this.#depth > 0) {
      // A savepoint's rollback sends the statements waiting since it too: they are undone with it.
      this.run(statement);
      return;
    }
    this.#eventLogLocked = false;
    // Rolled back, statements not sent yet need not be: the transaction undoes them either way.
    if (statement === "ROLLBACK") this.#waiting = [];
    if (this.#beginPending && this.#waiting.length === 0) {
      // Nothing ran in the transaction: there is nothing to commit or roll back.
      this.#beginPending = false;
      return;
    }
    try {
      this.run(statement);
    } catch (error) {
      // A waiting statement failed before COMMIT ran: end the aborted transaction, or the connection's next
      // unit of work would begin inside it.
      if (statement === "COMMIT" && this.#begun) this.#rollBackQuietly();
      throw error;
    } finally {
      this.#begun = false;
    }
  }

  /** The statements waiting for the next round trip, after BEGIN when it has not been sent yet. */
  #takeWaiting(): BridgeQuery[] {
    const queries = this.#waiting;
    this.#waiting = [];
    if (this.#beginPending) {
      this.#beginPending = false;
      this.#begun = true;
      queries.unshift({ sql: "BEGIN" });
    }
    return queries;
  }

  #rollBackQuietly(): void {
    try {
      this.bridge.query({ sql: "ROLLBACK" }, false);
    } catch {
      // The connection is gone: the database ended the transaction with it.
    }
  }
}

/** A statement of `PostgresDatabase`: rewritten once, its rows decoded as a repository wrote them. */
class PostgresStatement implements StoreStatement {
  readonly #database: PostgresDatabase;
  readonly #text: PostgresStatementText;
  #pluck = false;

  constructor(database: PostgresDatabase, text: PostgresStatementText) {
    this.#database = database;
    this.#text = text;
  }

  run(...args: unknown[]): { changes: number; lastInsertRowid: number } {
    const result = this.#query(args);
    return { changes: result.rowCount, lastInsertRowid: 0 };
  }

  get(...args: unknown[]): unknown {
    return this.#rows(args)[0];
  }

  all(...args: unknown[]): unknown[] {
    return this.#rows(args);
  }

  iterate(...args: unknown[]): IterableIterator<unknown> {
    return this.#rows(args)[Symbol.iterator]();
  }

  pluck(toggle = true): this {
    this.#pluck = toggle;
    return this;
  }

  runWithNext(...args: unknown[]): void {
    this.#database.runWithNext(this.#text.sql, parametersOf(this.#text, args).map(encodeValue));
  }

  #rows(args: unknown[]): unknown[] {
    const rows = this.#query(args).rows as Record<string, unknown>[];
    for (const row of rows) decodeRow(row);
    if (!this.#pluck) return rows;
    return rows.map((row) => row[Object.keys(row)[0] as string]);
  }

  #query(args: unknown[]): BridgeResult {
    const params = parametersOf(this.#text, args).map(encodeValue);
    return this.#database.run(this.#text.sql, params);
  }
}
