/**
 * Named pause points in scripted streams. A release that arrives before the stream reaches its gate is
 * remembered, so the order of `release()` and the stream never matters.
 */
export class GateRegistry {
  private readonly credits = new Map<string, number>();
  private readonly waiting = new Map<string, Array<() => void>>();

  /** Lets one stream pass gate `name`: the one waiting there now, or the next to arrive. */
  release(name: string): void {
    const queue = this.waiting.get(name);
    const next = queue?.shift();
    if (next) next();
    else this.credits.set(name, (this.credits.get(name) ?? 0) + 1);
  }

  /** Resolves `true` once gate `name` is released, or `false` if `signal` aborts first. */
  wait(name: string, signal: AbortSignal): Promise<boolean> {
    const credit = this.credits.get(name) ?? 0;
    if (credit > 0) {
      this.credits.set(name, credit - 1);
      return Promise.resolve(true);
    }
    if (signal.aborted) return Promise.resolve(false);
    return new Promise<boolean>((resolve) => {
      const pass = (): void => {
        signal.removeEventListener("abort", abort);
        resolve(true);
      };
      const abort = (): void => {
        const queue = this.waiting.get(name) ?? [];
        this.waiting.set(
          name,
          queue.filter((entry) => entry !== pass),
        );
        resolve(false);
      };
      signal.addEventListener("abort", abort, { once: true });
      this.waiting.set(name, [...(this.waiting.get(name) ?? []), pass]);
    });
  }

  /** Forgets releases that no stream has used yet. */
  clearCredits(): void {
    this.credits.clear();
  }
}
