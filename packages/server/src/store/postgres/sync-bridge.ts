import { createRequire } from "node:module";
import { MessageChannel, receiveMessageOnPort, Worker } from "node:worker_threads";
import { BRIDGE_WORKER_SOURCE } from "./bridge-worker.ts";

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
}

/** How long a query may take before the server gives up on the database (a lost connection, a lock held). */
const QUERY_TIMEOUT_MS = 30_000;

/**
 * Synchronous calls into PostgreSQL: a worker thread holds the `pg` connection and the calling thread blocks
 * on a shared flag until the reply is posted (the technique of the `synckit` library, without its file
 * loading). The store stays synchronous, so persist-before-emit and the replay/live seam hold as on SQLite.
 */
export class SyncBridge {
  readonly #worker: Worker;
  readonly #port;
  readonly #signal = new Int32Array(new SharedArrayBuffer(4));
  #closed = false;

  /** `instance` names the server, for the runs it starts (see the `runs.owner` column). */
  constructor(url: string, instance = "") {
    const { port1, port2 } = new MessageChannel();
    this.#port = port1;
    const pgPath = createRequire(import.meta.url).resolve("pg");
    this.#worker = new Worker(BRIDGE_WORKER_SOURCE, {
      eval: true,
      workerData: { port: port2, signal: this.#signal, pgPath, url, instance },
      transferList: [port2],
    });
    this.#worker.unref();
  }

  /** Runs one query and returns its rows (an array of statements as one text when `params` is absent). */
  query(query: BridgeQuery): BridgeResult {
    return this.#call({ type: "query", ...query }) as BridgeResult;
  }

  /** Runs several queries in one round trip, in order; stops at the first error. */
  batch(queries: readonly BridgeQuery[]): BridgeResult[] {
    return (this.#call({ type: "batch", queries }) as { results: BridgeResult[] }).results;
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

  #call(request: object): unknown {
    if (this.#closed) throw new PostgresError("the PostgreSQL connection is closed", undefined);
    Atomics.store(this.#signal, 0, 0);
    this.#port.postMessage(request);
    const waited = Atomics.wait(this.#signal, 0, 0, QUERY_TIMEOUT_MS);
    const received = receiveMessageOnPort(this.#port);
    if (waited === "timed-out" || received === undefined) {
      // A reply may still come: the bridge is closed so no later call reads it as its own.
      this.#closed = true;
      void this.#worker.terminate();
      throw new PostgresError(`PostgreSQL did not answer within ${QUERY_TIMEOUT_MS / 1000} s`, undefined);
    }
    const message = received.message as { error?: { message: string; code?: string } };
    if (message.error !== undefined) throw new PostgresError(message.error.message, message.error.code);
    return message;
  }
}
