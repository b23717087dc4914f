import type pg from "pg";
import { EVENTS_CHANNEL } from "./postgres-database.ts";

/** How long to wait before listening again after the connection was lost. */
const RECONNECT_MS = 1000;

/**
 * Calls `onCommit` when another server (or this one) commits events to the shared log: PostgreSQL's
 * LISTEN/NOTIFY is the signal, the log is the truth (the callback reads it from its last delivered seq).
 * A lost connection is listened again a second later, with a call on reconnect to pick up what was
 * missed meanwhile.
 */
export class CommitListener {
  readonly #url: string;
  readonly #onCommit: () => void;
  #client: pg.Client | undefined;
  #closed = false;
  #retry: NodeJS.Timeout | undefined;

  private constructor(url: string, onCommit: () => void) {
    this.#url = url;
    this.#onCommit = onCommit;
  }

  /** Starts listening; resolves once the first LISTEN is in place. */
  static async start(url: string, onCommit: () => void): Promise<CommitListener> {
    const listener = new CommitListener(url, onCommit);
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
    client.on("notification", () => this.#onCommit());
    client.on("error", () => this.#reconnect(client));
    client.on("end", () => this.#reconnect(client));
    await client.connect();
    await client.query(`LISTEN ${EVENTS_CHANNEL}`);
  }

  #reconnect(client: pg.Client): void {
    if (this.#closed || this.#client !== client) return;
    this.#client = undefined;
    this.#retry = setTimeout(() => {
      this.#listen()
        .then(() => this.#onCommit())
        .catch(() => this.#reconnect(this.#client ?? client));
    }, RECONNECT_MS);
    this.#retry.unref();
  }
}
