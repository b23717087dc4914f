import type { EventLogGuess, StoreDatabase, StoreStatement } from "../store-database.ts";
import { AsyncReader } from "./async-reader.ts";
import { joinInserts } from "./insert-rows.ts";
import { redactedUrl } from "./redacted-url.ts";
import { type PostgresStatementText, parametersOf, toPostgres } from "./sql-dialect.ts";
import { type BridgeQuery, type BridgeResult, PostgresError, SyncBridge } from "./sync-bridge.ts";
import { decodeRow, encodeValue } from "./value-codec.ts";

/** The channel a commit that appended events notifies, so other servers read the log. */
export const EVENTS_CHANNEL = "parley_events";

/** The advisory lock key that orders appends to the event log across servers ("parley-log"). */
const EVENT_LOG_LOCK = 0x7061726c;

/** What `parley_expect_event_log_head` raises when another server appended after the guessed head. */
const LOG_MOVED = "PRL01";

/** The event log's own rows: while a guessed head is unchecked, only these may wait for the next round trip. */
const EVENT_ROW_INSERT = /^\s*INSERT INTO (events|token_events) /;

/** A guessed head not checked yet: how many statements of the transaction came before its check. */
interface PendingGuess extends EventLogGuess {
  before: number;
}

/**
 * Parley's store port over PostgreSQL: statements are rewritten from the shared SQL (`toPostgres`) and run
 * synchronously through a worker thread (`SyncBridge`). A unit of work is one PostgreSQL transaction on
 * the worker's one connection; nested units are savepoints, as on SQLite.
 */
export class PostgresDatabase implements StoreDatabase {
  readonly bridge: SyncBridge;
  /** Reads the main thread awaits rather than blocks on (`allAsync`), on a connection of their own. */
  readonly reader: AsyncReader;
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
  /** A transaction sent again after a wrong guess first ends the aborted one. */
  #rollbackFirst = false;
  #guess: PendingGuess | undefined;

  /** `instance` names this server among those sharing the database (its runs are its own). */
  constructor(url: string, instance = "") {
    this.bridge = new SyncBridge(url, instance);
    this.reader = new AsyncReader(url);
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
    const guess = this.#guess;
    this.#guess = undefined;
    const sent = this.#takeWaiting();
    // Waiting writes are sent before the statement asked for; runs of one insert go as one statement.
    const queries = joinInserts(sent);
    queries.push(query);
    try {
      const results = this.bridge.batch(queries, queries[0]?.sql === "BEGIN");
      return results[results.length - 1] as BridgeResult;
    } catch (error) {
      if (guess === undefined || !(error instanceof PostgresError) || error.code !== LOG_MOVED) throw error;
      return this.#sendAgain(guess, sent, query);
    }
  }

  /** Queues a statement for the transaction's next round trip; outside a transaction it runs now. */
  runWithNext(sql: string, params?: unknown[]): void {
    // Only the log's rows can be written again with other seqs: anything else checks a guessed head first.
    if (this.#depth === 0 || (this.#guess !== undefined && !EVENT_ROW_INSERT.test(sql)))
      this.run(sql, params);
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

  lockEventLog(guess?: EventLogGuess): "read" | "guessed" | false {
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
    // Nothing of the transaction was sent yet, so all of it can be sent again if the guess is wrong: its rows
    // and COMMIT then go with the lock and the check, one round trip for the whole commit.
    if (guess === undefined || !this.#beginPending) return "read";
    this.#guess = { ...guess, before: this.#waiting.length };
    this.#waiting.push({ sql: "SELECT parley_expect_event_log_head($1)", params: [guess.head] });
    return "guessed";
  }

  verifyEventLog(): void {
    if (this.#guess !== undefined) this.run("SELECT 1");
  }

  /** SQLite's tuning and vacuum pragmas have no PostgreSQL counterpart: they read as 0 and change nothing. */
  pragma(): number {
    return 0;
  }

  close(): void {
    this.bridge.close();
    void this.reader.close();
  }

  #end(statement: string): void {
    if (this.#depth > 0) {
      // A savepoint's rollback sends the statements waiting since it too: they are undone with it.
      this.run(statement);
      return;
    }
    this.#eventLogLocked = false;
    // Rolled back, statements not sent yet need not be: the transaction undoes them either way.
    if (statement === "ROLLBACK") {
      this.#waiting = [];
      this.#guess = undefined;
    }
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

  /**
   * Another server appended after the guessed head: the transaction was aborted (or its COMMIT rolled it
   * back). It begins again with the statements before the check, the log's owner reads the head under the
   * lock and queues its rows again (`redo`), and they go with the statement that was asked for.
   */
  #sendAgain(guess: PendingGuess, sent: readonly BridgeQuery[], query: BridgeQuery): BridgeResult {
    // `sent` starts with BEGIN: a guess is taken only before anything of the transaction was sent.
    this.#waiting = sent.slice(1, 1 + guess.before);
    this.#beginPending = true;
    this.#begun = false;
    this.#rollbackFirst = true;
    guess.redo();
    return this.run(query.sql, query.params, query.rowMode);
  }

  /** The statements waiting for the next round trip, after BEGIN when it has not been sent yet. */
  #takeWaiting(): BridgeQuery[] {
    const queries = this.#waiting;
    this.#waiting = [];
    if (this.#beginPending) {
      this.#beginPending = false;
      this.#begun = true;
      queries.unshift({ sql: "BEGIN" });
      if (this.#rollbackFirst) queries.unshift({ sql: "ROLLBACK" });
      this.#rollbackFirst = false;
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

  /** Reads on the database's other connection: the main thread goes on while PostgreSQL answers. */
  async allAsync(...args: unknown[]): Promise<unknown[]> {
    const params = parametersOf(this.#text, args).map(encodeValue);
    return this.#decoded(await this.#database.reader.query(this.#text.sql, params));
  }

  pluck(toggle = true): this {
    this.#pluck = toggle;
    return this;
  }

  runWithNext(...args: unknown[]): void {
    this.#database.runWithNext(this.#text.sql, parametersOf(this.#text, args).map(encodeValue));
  }

  #rows(args: unknown[]): unknown[] {
    return this.#decoded(this.#query(args).rows as Record<string, unknown>[]);
  }

  #decoded(rows: Record<string, unknown>[]): unknown[] {
    for (const row of rows) decodeRow(row);
    if (!this.#pluck) return rows;
    return rows.map((row) => row[Object.keys(row)[0] as string]);
  }

  #query(args: unknown[]): BridgeResult {
    const params = parametersOf(this.#text, args).map(encodeValue);
    return this.#database.run(this.#text.sql, params);
  }
}
