import type pg from "pg";

/** How long to wait before listening again after the connection was lost. */
const RECONNECT_MS = 1000;

/**
 * What to call on a notification of each channel, with its payload; undefined after a reconnect (the
 * notifications sent meanwhile were lost: read what may have been missed).
 */
export type ChannelHandlers = Record<string, (payload: string | undefined) => void>;

/**
 * Calls a channel's handler when another server (or this one) commits something it notified: events
 * appended to the shared log, a signal left for this server. PostgreSQL's LISTEN/NOTIFY is the signal,
 * the tables are the truth (the handler reads them). A lost connection is listened again a second later,
 * with a call to every handler on reconnect to pick up what was missed meanwhile.
 */
export class CommitListener {
  readonly #url: string;
  readonly #handlers: ChannelHandlers;
  #client: pg.Client | undefined;
  #closed = false;
  #retry: NodeJS.Timeout | undefined;

  private constructor(url: string, handlers: ChannelHandlers) {
    this.#url = url;
    this.#handlers = handlers;
  }

  /** Starts listening; resolves once the first LISTEN of every channel is in place. */
  static async start(url: string, handlers: ChannelHandlers): Promise<CommitListener> {
    const listener = new CommitListener(url, handlers);
    await listener.#listen();
    return listener;
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#retry);
    await this.#client?.end().catch(() => {});
  }

  async #listen(): Promise<void> {
    // Loaded here, not at start: a server on SQLite never needs the driver in its main thread.
    const { default: driver } = await import("pg");
    const client = new driver.Client({ connectionString: this.#url });
    this.#client = client;
    client.on("notification", (notification) =>
      this.#handlers[notification.channel]?.(notification.payload ?? ""),
    );
    client.on("error", () => this.#reconnect(client));
    client.on("end", () => this.#reconnect(client));
    await client.connect();
    await client.query(
      Object.keys(this.#handlers)
        .map((channel) => `LISTEN ${channel};`)
        .join(" "),
    );
  }

  #reconnect(client: pg.Client): void {
    if (this.#closed || this.#client !== client) return;
    this.#client = undefined;
    this.#retry = setTimeout(() => {
      this.#listen()
        .then(() => {
          for (const handler of Object.values(this.#handlers)) handler(undefined);
        })
        .catch(() => this.#reconnect(this.#client ?? client));
    }, RECONNECT_MS);
    this.#retry.unref();
  }
}
