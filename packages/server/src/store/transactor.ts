import type { SqliteDatabase } from "./database.ts";

/**
 * Runs units of work in SQLite transactions and defers side effects (sending events to SSE clients) until
 * the outermost transaction has committed: a client never sees an event the store could still roll back.
 */
export class Transactor {
  readonly #database: SqliteDatabase;
  #afterCommit: (() => void)[] = [];
  #onRollback: (() => void)[] = [];

  constructor(database: SqliteDatabase) {
    this.#database = database;
  }

  /** Whether a unit of work is in progress. */
  get inTransaction(): boolean {
    return this.#database.inTransaction;
  }

  /** Runs `work` in a transaction (a savepoint when nested) and returns its result. */
  run<T>(work: () => T): T {
    if (this.#database.inTransaction) return this.#database.transaction(work)();
    try {
      const result = this.#database.transaction(work)();
      const callbacks = this.#afterCommit;
      this.#afterCommit = [];
      this.#onRollback = [];
      for (const callback of callbacks) callback();
      return result;
    } catch (error) {
      const callbacks = this.#onRollback;
      this.#afterCommit = [];
      this.#onRollback = [];
      for (const callback of callbacks) callback();
      throw error;
    }
  }

  /** Inside `run`: schedules `callback` for after the outermost commit. */
  afterCommit(callback: () => void): void {
    this.#afterCommit.push(callback);
  }

  /** Inside `run`: schedules `callback` for when the outermost transaction rolls back. */
  onRollback(callback: () => void): void {
    this.#onRollback.push(callback);
  }
}
