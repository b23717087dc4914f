import type { ServerContext } from "../../src/server-context.ts";

type Connection = { close(): void };

/** A Set that calls back whenever its size changes. */
class ObservedSet extends Set<Connection> {
  onChange: () => void = () => {};

  override add(value: Connection): this {
    super.add(value);
    this.onChange?.();
    return this;
  }

  override delete(value: Connection): boolean {
    const deleted = super.delete(value);
    if (deleted) this.onChange();
    return deleted;
  }
}

/** Lets a test wait for the number of open SSE connections, as the server counts them. */
export interface ConnectionWatch {
  readonly count: number;
  /** Resolves once exactly `count` event streams are open. */
  waitForCount(count: number): Promise<void>;
}

/**
 * Watches a running server's open SSE connections (so a test can wait for the server to cut a stalled
 * client off without sleeping). Install it before opening the streams to watch.
 */
export function watchConnections(context: ServerContext): ConnectionWatch {
  const observed = new ObservedSet(context.sseConnections);
  context.sseConnections = observed;
  const waiters: { count: number; resolve: () => void }[] = [];
  observed.onChange = () => {
    for (const waiter of [...waiters]) {
      if (observed.size === waiter.count) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  };
  return {
    get count() {
      return observed.size;
    },
    waitForCount: (count) =>
      observed.size === count
        ? Promise.resolve()
        : new Promise((resolve) => waiters.push({ count, resolve })),
  };
}
