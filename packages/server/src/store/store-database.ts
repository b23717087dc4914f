/**
 * The store port: the part of a database connection the repositories use. better-sqlite3's `Database`
 * fits it as it is (the embedded default, untouched); `PostgresDatabase` implements it over a worker
 * thread that the main thread waits on (docs/decisions/2026-11-26-postgres-store.md).
 */
export interface StoreDatabase {
  /** Where the data lives: the SQLite file's path, or the PostgreSQL URL without its password. */
  readonly name: string;
  prepare(sql: string): StoreStatement;
  exec(sql: string): unknown;
  /** Wraps `work` so each call runs in a transaction (a savepoint when one is already open). */
  // biome-ignore lint/suspicious/noExplicitAny: better-sqlite3's generic signature fits this one.
  transaction(work: (...args: any[]) => any): (...args: any[]) => any;
  readonly inTransaction: boolean;
  pragma(source: string, options?: { simple?: boolean }): unknown;
  close(): unknown;
  /**
   * Only on a database shared by several servers: takes the event log's lock for the rest of the current
   * transaction. The first time in it, returns "read" (the caller reads the log's head under the lock) or,
   * given a `guess`, "guessed": the head is checked in the round trip that sends the caller's rows, and if
   * another server appended meanwhile the transaction is sent again after `guess.redo()`. Then false.
   */
  lockEventLog?(guess?: EventLogGuess): "read" | "guessed" | false;
  /** Only where a guessed head is pending (`lockEventLog`): checks it now (`redo` runs if it was wrong). */
  verifyEventLog?(): void;
}

/**
 * The log's head as the appending server believes it, and what appends its events again after the database
 * found it wrong (it reads the head, then queues its rows anew with the seqs after it).
 */
export interface EventLogGuess {
  head: number;
  redo: () => void;
}

/** A prepared statement: positional (`?`) or named (`@name`) parameters, like better-sqlite3's. */
export interface StoreStatement {
  run(...params: unknown[]): { changes: number; lastInsertRowid: number | bigint };
  get(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
  iterate(...params: unknown[]): IterableIterator<unknown>;
  /** Rows come back as their first column's value. */
  pluck(toggle?: boolean): this;
  /**
   * Only where a statement costs a round trip (PostgreSQL): inside a transaction, sends the statement with
   * the transaction's next one (its next read, or its commit) instead of on its own. For writes whose
   * result nobody reads; an error they raise is thrown by that next statement.
   */
  runWithNext?(...params: unknown[]): void;
  /**
   * Only where a read would block the main thread on a round trip (PostgreSQL): the same rows as `all`,
   * read on another connection and awaited. Outside any transaction: it sees what is committed.
   */
  allAsync?(...params: unknown[]): Promise<unknown[]>;
}

/**
 * Runs a write whose result nobody reads: on PostgreSQL inside a transaction it rides along with the
 * transaction's next round trip (`runWithNext`), on SQLite it runs at once.
 */
export function runWrite(statement: StoreStatement, ...params: unknown[]): void {
  if (statement.runWithNext) statement.runWithNext(...params);
  else statement.run(...params);
}
