/**
 * An async task that never runs twice at once: a call while it runs makes it run once more afterwards
 * (so the last call always sees fresh data), and every caller waits for that last run.
 */
export class CoalescedTask {
  readonly #task: () => Promise<void>;
  #running: Promise<void> | undefined;
  #again = false;

  constructor(task: () => Promise<void>) {
    this.#task = task;
  }

  run(): Promise<void> {
    if (this.#running !== undefined) {
      this.#again = true;
      return this.#running;
    }
    this.#running = (async () => {
      try {
        do {
          this.#again = false;
          await this.#task();
        } while (this.#again);
      } finally {
        this.#running = undefined;
      }
    })();
    return this.#running;
  }
}
