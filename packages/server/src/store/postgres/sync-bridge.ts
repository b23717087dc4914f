import { createRequire } from "node:module";
import type { MessagePort, Worker } from "node:worker_threads";
import { BRIDGE_WORKER_SOURCE } from "./bridge-worker.ts";

/**
 * Node's worker threads, loaded when a bridge starts: this module is on every `parley serve`'s start path,
 * and only a PostgreSQL store uses it.
 */
const threads = () => process.getBuiltinModule("node:worker_threads");

/** A query as the worker runs it: PostgreSQL text with `$n` parameters. */
export interface BridgeQuery {
  sql: string;
  params?: unknown[] | undefined;
  rowMode?: "array" | undefined;
}

/** What a query returned. */
export interface BridgeResult {
  rows: unknown[];
  rowCount: number;
}

/** A database error as the worker reported it (`code` is PostgreSQL's SQLSTATE). */
export class PostgresError extends Error {
  readonly code: string | undefined;
  constructor(message: string, code: string | undefined) {
    super(message);
    this.name = "PostgresError";
    this.code = code;
  }

  /**
   * Whether the database went away (it stopped, the network dropped, it did not answer) rather than
   * refusing a statement: SQLSTATE classes 08 and 57P, a socket's error, or no code at all (the driver's
   * own "connection terminated").
   */
  get databaseAway(): boolean {
    const code = this.code;
    return code === undefined || code.startsWith("08") || code.startsWith("57P") || /^E[A-Z]/.test(code);
  }
}

/** How long a query may take before the server gives up on the database (a lost connection, a lock held). */
export const QUERY_TIMEOUT_MS = 30_000;

/**
 * Synchronous calls into PostgreSQL: a worker thread holds the `pg` connection and the calling thread blocks
 * on a shared flag until the reply is posted (the technique of the `synckit` library, without its file
 * loading). The store stays synchronous, so persist-before-emit and the replay/live seam hold as on SQLite.
 */
export class SyncBridge {
  readonly #url: string;
  readonly #instance: string;
  #worker!: Worker;
  #port!: MessagePort;
  readonly #signal = new Int32Array(new SharedArrayBuffer(4));
  #closed = false;

  /** `instance` names the server, for the runs it starts (see the `runs.owner` column). */
  constructor(url: string, instance = "") {
    this.#url = url;
    this.#instance = instance;
    this.#startWorker();
  }

  /**
   * Runs one query and returns its rows (an array of statements as one text when `params` is absent).
   * `fresh`: the query begins a unit of work, so a lost connection may be opened again for it.
   */
  query(query: BridgeQuery, fresh = true): BridgeResult {
    return this.#call({ type: "query", fresh, ...query }) as BridgeResult;
  }

  /** Runs several queries in one round trip, in order; stops at the first error. */
  batch(queries: readonly BridgeQuery[], fresh = true): BridgeResult[] {
    return (this.#call({ type: "batch", fresh, queries }) as { results: BridgeResult[] }).results;
  }

  close(): void {
    if (this.#closed) return;
    try {
      this.#call({ type: "close" });
    } catch {
      // The connection is gone already: nothing to close.
    }
    this.#closed = true;
    void this.#worker.terminate();
  }

  #startWorker(): void {
    const { port1, port2 } = new (threads().MessageChannel)();
    this.#port = port1;
    const pgPath = createRequire(import.meta.url).resolve("pg");
    this.#worker = new (threads().Worker)(BRIDGE_WORKER_SOURCE, {
      eval: true,
      workerData: { port: port2, signal: this.#signal, pgPath, url: this.#url, instance: this.#instance },
      transferList: [port2],
    });
    this.#worker.unref();
  }

  #call(request: object): unknown {
    if (this.#closed) throw new PostgresError("the PostgreSQL connection is closed", undefined);
    Atomics.store(this.#signal, 0, 0);
    this.#port.postMessage(request);
    const waited = Atomics.wait(this.#signal, 0, 0, QUERY_TIMEOUT_MS);
    const received = threads().receiveMessageOnPort(this.#port);
    if (waited === "timed-out" || received === undefined) {
      // A reply may still come: a new worker (and connection) takes over, so no later call reads it as
      // its own. Its first connection opens only for a query that begins a unit of work.
      void this.#worker.terminate();
      this.#port.close();
      this.#startWorker();
      throw new PostgresError(
        `PostgreSQL did not answer within ${QUERY_TIMEOUT_MS / 1000} s (${statementOf(request)})`,
        "08006",
      );
    }
    const message = received.message as { error?: { message: string; code?: string } };
    if (message.error !== undefined) throw new PostgresError(message.error.message, message.error.code);
    return message;
  }
}

/** The start of the statement a request waited for, so a timeout says what waited (a lock, a slow write). */
function statementOf(request: object): string {
  const { sql, queries } = request as { sql?: string; queries?: readonly BridgeQuery[] };
  const text = sql ?? queries?.map((query) => query.sql).join("; ") ?? "";
  const words = text.replace(/\s+/g, " ").trim();
  return words.length > 120 ? `${words.slice(0, 120)}…` : words;
}
