import type { LockManagerLike } from "../../src/tab-channel.ts";

interface Waiter {
  callback: (lock: unknown) => Promise<void>;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

/**
 * `navigator.locks` for "tabs" living in one Node process: a named lock is held by one request at a time
 * until its callback's promise settles, then granted to the oldest waiting request; a waiting request
 * whose signal aborts leaves the queue and rejects with an AbortError, as in browsers. A `steal` request
 * releases the held lock (its holder's request rejects with an AbortError while its callback runs on) and
 * is granted at once, ahead of the queue; `steal` with a `signal` is refused, as browsers refuse it.
 */
export class InProcessLocks implements LockManagerLike {
  readonly #held = new Map<string, Waiter>();
  readonly #queues = new Map<string, Waiter[]>();
  /**
   * Delivers the news of a steal to the robbed holder (its request's AbortError); at once by default. In a
   * browser it reaches the holder's tab as a task of its own, in no set order with BroadcastChannel messages.
   */
  deliverSteal: (notify: () => void) => void = (notify) => notify();

  request(
    name: string,
    options: { signal?: AbortSignal; steal?: boolean },
    callback: (lock: unknown) => Promise<void>,
  ): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const signal = options.signal;
      if (options.steal && signal !== undefined) {
        reject(
          new DOMException("The 'signal' and 'steal' options cannot be used together.", "NotSupportedError"),
        );
        return;
      }
      if (signal?.aborted) {
        reject(new DOMException("the lock request was aborted", "AbortError"));
        return;
      }
      const waiter: Waiter = { callback, resolve, reject };
      if (options.steal) {
        const holder = this.#held.get(name);
        this.#held.delete(name);
        if (holder !== undefined) {
          this.deliverSteal(() => holder.reject(new DOMException("the lock was stolen", "AbortError")));
        }
        this.#run(name, waiter);
        return;
      }
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
    if (waiter !== undefined) this.#run(name, waiter);
  }

  #run(name: string, waiter: Waiter): void {
    this.#held.set(name, waiter);
    // Like a browser, the callback runs in a later task than the request.
    void Promise.resolve()
      .then(() => waiter.callback({ name }))
      .then(waiter.resolve, waiter.reject)
      .finally(() => {
        // A stolen lock was let go when it was stolen; its callback ending frees nothing.
        if (this.#held.get(name) !== waiter) return;
        this.#held.delete(name);
        this.#grant(name);
      });
  }
}
