interface Waiter<T> {
  predicate: (entry: T) => boolean;
  resolve: (entry: T) => void;
  reject: (error: Error) => void;
}

/**
 * An append-only list of events that tests await by predicate. Past entries count too, so a wait started
 * after the event happened still resolves: no races, no sleeps.
 */
export class EventLog<T> {
  private readonly entries: T[] = [];
  private waiters: Waiter<T>[] = [];
  private failure: Error | undefined;

  /** Every event so far, oldest first. */
  get all(): readonly T[] {
    return this.entries;
  }

  /** Appends an event and wakes every waiter whose predicate it satisfies. */
  push(entry: T): void {
    this.entries.push(entry);
    const still: Waiter<T>[] = [];
    for (const waiter of this.waiters) {
      if (waiter.predicate(entry)) waiter.resolve(entry);
      else still.push(waiter);
    }
    this.waiters = still;
  }

  /** Resolves with the first event (past or future) that satisfies `predicate`. */
  waitFor<U extends T>(predicate: (entry: T) => entry is U): Promise<U>;
  waitFor(predicate: (entry: T) => boolean): Promise<T>;
  waitFor(predicate: (entry: T) => boolean): Promise<T> {
    const found = this.entries.find(predicate);
    if (found !== undefined) return Promise.resolve(found);
    if (this.failure) return Promise.reject(this.failure);
    return new Promise<T>((resolve, reject) => this.waiters.push({ predicate, resolve, reject }));
  }

  /** Rejects every pending and future wait that no past event satisfies (e.g. when the server closes). */
  fail(error: Error): void {
    this.failure = error;
    for (const waiter of this.waiters) waiter.reject(error);
    this.waiters = [];
  }

  /** Forgets past events; pending waits keep waiting for new ones. */
  clear(): void {
    this.entries.length = 0;
  }
}
