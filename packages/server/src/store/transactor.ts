import type { StoreDatabase } from "./store-database.ts";

interface Scope {
  afterCommit: (() => void)[];
  onRollback: (() => void)[];
}

/**
 * Runs units of work in SQLite transactions and defers side effects (sending events to SSE clients) until
 * the outermost transaction has committed: a client never sees an event the store could still roll back.
 * Nested units run in savepoints: when one rolls back, only its own callbacks are undone or dropped.
 */
export class Transactor {
  readonly #scopes: Scope[] = [];
  /** One transaction wrapper for every unit (better-sqlite3 builds a new one per `transaction()` call). */
  readonly #transaction: (work: () => unknown) => unknown;
  readonly #onCommit: (() => void) | undefined;
  #atEdges: (() => void) | undefined;

  /** `onCommit` runs after each outermost commit, before its callbacks (the WAL checkpointer's kick). */
  constructor(database: StoreDatabase, onCommit?: () => void) {
    this.#transaction = database.transaction((work: () => unknown) => {
      const result = work();
      this.#atEdges?.();
      return result;
    });
    this.#onCommit = onCommit;
  }

  /**
   * Sets what runs inside the transaction at each edge of a unit of work: as a unit is about to commit or
   * release its savepoint, and before a nested one begins. The bus writes the token deltas it held back
   * there, so a unit's run of deltas is one row and held deltas never cross a savepoint.
   */
  setAtEdges(callback: () => void): void {
    this.#atEdges = callback;
  }

  /** Whether a unit of work is in progress. */
  get inTransaction(): boolean {
    return this.#scopes.length > 0;
  }

  /** Runs `work` in a transaction (a savepoint when nested) and returns its result. */
  run<T>(work: () => T): T {
    const scope: Scope = { afterCommit: [], onRollback: [] };
    if (this.#scopes.length > 0) this.#atEdges?.();
    this.#scopes.push(scope);
    let result: T;
    try {
      result = this.#transaction(work) as T;
    } catch (error) {
      this.#scopes.pop();
      for (const callback of scope.onRollback.reverse()) callback();
      throw error;
    }
    this.#scopes.pop();
    const parent = this.#scopes.at(-1);
    if (parent === undefined) {
      this.#onCommit?.();
      for (const callback of scope.afterCommit) callback();
    } else {
      parent.afterCommit.push(...scope.afterCommit);
      parent.onRollback.push(...scope.onRollback);
    }
    return result;
  }

  /** Inside `run`: schedules `callback` for after the outermost commit (dropped if this unit rolls back). */
  afterCommit(callback: () => void): void {
    this.#current().afterCommit.push(callback);
  }

  /** Inside `run`: schedules `callback` for when this unit (or an enclosing one) rolls back. */
  onRollback(callback: () => void): void {
    this.#current().onRollback.push(callback);
  }

  #current(): Scope {
    const scope = this.#scopes.at(-1);
    if (scope === undefined) throw new Error("not inside a unit of work");
    return scope;
  }
}
