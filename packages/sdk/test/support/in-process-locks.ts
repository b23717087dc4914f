import type { LockManagerLike } from "../../src/tab-channel.ts";

interface Waiter {
  callback: (lock: unknown) => Promise<void>;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

/**
 * `navigator.locks` for "tabs" living in one Node process: a named lock is held by one request at a time
 * until its callback's promise settles, then granted to the oldest waiting request; a waiting request
 * whose signal aborts leaves the queue and rejects with an AbortError, as in browsers.
 */
export class InProcessLocks implements LockManagerLike {
  readonly #held = new Set<string>();
  readonly #queues = new Map<string, Waiter[]>();

  request(
    name: string,
    options: { signal?: AbortSignal },
    callback: (lock: unknown) => Promise<void>,
  ): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const signal = options.signal;
      if (signal?.aborted) {
        reject(new DOMException("the lock request was aborted", "AbortError"));
        return;
      }
      const waiter: Waiter = { callback, resolve, reject };
      const queue = this.#queues.get(name) ?? [];
      queue.push(waiter);
      this.#queues.set(name, queue);
      signal?.addEventListener("abort", () => {
        const index = queue.indexOf(waiter);
        if (index === -1) return;
        queue.splice(index, 1);
        reject(new DOMException("the lock request was aborted", "AbortError"));
      });
      this.#grant(name);
    });
  }

  #grant(name: string): void {
    if (this.#held.has(name)) return;
    const waiter = this.#queues.get(name)?.shift();
    if (waiter === undefined) return;
    this.#held.add(name);
    // Like a browser, the callback runs in a later task than the request.
    void Promise.resolve()
      .then(() => waiter.callback({ name }))
      .then(waiter.resolve, waiter.reject)
      .finally(() => {
        this.#held.delete(name);
        this.#grant(name);
      });
  }
}
