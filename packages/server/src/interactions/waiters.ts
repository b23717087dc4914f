/**
 * Promises for answers a running turn waits on (an approval, a question), keyed by the interaction's id.
 * The durable record is in the store; a waiter exists only while a live run waits, so an answer to an
 * interaction without one (the server restarted) resumes the conversation instead.
 */
export class Waiters<T> {
  readonly #waiting = new Map<string, { resolve: (value: T) => void; reject: (error: Error) => void }>();

  /** Registers a waiter for `id`; the promise settles with `settle` or `fail`. */
  wait(id: string): Promise<T> {
    return new Promise<T>((resolve, reject) => this.#waiting.set(id, { resolve, reject }));
  }

  /** Delivers the answer; false when nobody was waiting for it. */
  settle(id: string, value: T): boolean {
    const waiter = this.#waiting.get(id);
    if (waiter === undefined) return false;
    this.#waiting.delete(id);
    waiter.resolve(value);
    return true;
  }

  /** Ends the wait with an error (the run stopped first); false when nobody was waiting. */
  fail(id: string, error: Error): boolean {
    const waiter = this.#waiting.get(id);
    if (waiter === undefined) return false;
    this.#waiting.delete(id);
    waiter.reject(error);
    return true;
  }

  has(id: string): boolean {
    return this.#waiting.has(id);
  }
}
