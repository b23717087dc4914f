import type pg from "pg";
import { QUERY_TIMEOUT_MS } from "./sync-bridge.ts";

/** PostgreSQL's bigint and numeric as numbers, as the bridge's worker reads them. */
const NUMERIC_TYPES = new Set([20, 1700]);

/**
 * Reads that the main thread awaits instead of blocking on: its own `pg` connection, opened on the first
 * read and again after it was lost. For reads whose answer may come later (another server's commits,
 * delivered when they arrive), so the server keeps serving meanwhile.
 */
export class AsyncReader {
  readonly #url: string;
  #client: Promise<pg.Client> | undefined;
  #closed = false;

  constructor(url: string) {
    this.#url = url;
  }

  /** The rows of one statement; none once the reader is closed (the server is stopping). */
  async query(sql: string, params: unknown[]): Promise<Record<string, unknown>[]> {
    if (this.#closed) return [];
    const connecting = this.#client ?? this.#connect();
    try {
      const client = await connecting;
      return (await client.query({ text: sql, values: params })).rows;
    } catch (error) {
      if (this.#closed) return [];
      // The next read opens a new connection (the database restarted, the network dropped).
      if (this.#client === connecting) this.#client = undefined;
      void connecting.then((client) => client.end()).catch(() => {});
      throw error;
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    const client = this.#client;
    this.#client = undefined;
    await client?.then((opened) => opened.end()).catch(() => {});
  }

  #connect(): Promise<pg.Client> {
    const connecting = (async () => {
      // Loaded here: a server on SQLite, or one that never reads this way, does not load the driver.
      const { default: driver } = await import("pg");
      const types = {
        getTypeParser: (oid: number, format?: "text" | "binary") =>
          NUMERIC_TYPES.has(oid) && format !== "binary"
            ? (value: string) => Number(value)
            : driver.types.getTypeParser(oid, format),
      };
      const client = new driver.Client({
        connectionString: this.#url,
        types: types as pg.CustomTypesConfig,
        // As the bridge's: a half-open connection fails the read (and is replaced) instead of holding it forever.
        connectionTimeoutMillis: QUERY_TIMEOUT_MS,
        query_timeout: QUERY_TIMEOUT_MS,
        keepAlive: true,
      });
      // A connection lost between reads fails the next read, which then opens another.
      client.on("error", () => {
        if (this.#client === connecting) this.#client = undefined;
      });
      await client.connect();
      return client;
    })();
    this.#client = connecting;
    return connecting;
  }
}
