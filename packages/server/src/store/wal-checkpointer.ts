import { createRequire } from "node:module";
import type { Worker } from "node:worker_threads";

/** Slots of the shared state: a commit raised KICK; CLOSE asks the worker to stop; CLOSED is its answer. */
const KICK = 0;
const CLOSE = 1;
const CLOSED = 2;

/** How long the worker lets commits gather before checkpointing them: one checkpoint per burst, not per commit. */
const GATHER_MS = 1_000;

/**
 * The worker, as source text (an `eval` worker needs no file of its own in the CLI's bundle). It holds its own
 * connection to the file and blocks on the shared state between checkpoints, so an idle server never wakes it.
 * A PASSIVE checkpoint neither takes the write lock nor waits for readers: the serving connection's commits go
 * on while it copies pages and fsyncs.
 */
const WORKER_SOURCE = `
const { workerData } = require("node:worker_threads");
const { file, state, driverPath, gatherMs } = workerData;
let database;
try {
  const Database = require(driverPath);
  database = new Database(file, { fileMustExist: true });
  database.pragma("synchronous = NORMAL");
  database.pragma("busy_timeout = 0");
  for (;;) {
    Atomics.wait(state, ${KICK}, 0);
    if (Atomics.load(state, ${CLOSE}) === 1) break;
    Atomics.wait(state, ${CLOSE}, 0, gatherMs);
    if (Atomics.load(state, ${CLOSE}) === 1) break;
    Atomics.store(state, ${KICK}, 0);
    try {
      database.pragma("wal_checkpoint(PASSIVE)");
    } catch {
      // Busy or a full disk: the next commit kicks again, and the serving connection's own limit still holds.
    }
  }
} finally {
  try { database?.close(); } catch {}
  Atomics.store(state, ${CLOSED}, 1);
  Atomics.notify(state, ${CLOSED});
}
`;

/**
 * Checkpoints a SQLite file's WAL from a worker thread, so no commit on the event loop pays for copying pages
 * back into the database and fsyncing them (docs/decisions/2026-11-27-checkpoints-off-the-event-loop.md).
 * Commits stay as durable as before (WAL, synchronous=NORMAL); the serving connection keeps a high
 * `wal_autocheckpoint` only as a bound should this worker fall behind.
 */
export class WalCheckpointer {
  readonly #state = new Int32Array(new SharedArrayBuffer(3 * Int32Array.BYTES_PER_ELEMENT));
  readonly #file: string;
  #worker: Worker | undefined;
  #closed = false;

  constructor(file: string) {
    this.#file = file;
  }

  /** After a commit: wakes the worker (started on the first commit) unless it is already due to checkpoint. */
  kick(): void {
    if (this.#closed || Atomics.load(this.#state, KICK) === 1) return;
    this.#worker ??= this.#start();
    Atomics.store(this.#state, KICK, 1);
    Atomics.notify(this.#state, KICK);
  }

  /** Stops the worker and waits (briefly) until its connection is closed, before the serving one closes. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    if (this.#worker === undefined) return;
    Atomics.store(this.#state, CLOSE, 1);
    Atomics.store(this.#state, KICK, 1);
    Atomics.notify(this.#state, KICK);
    Atomics.notify(this.#state, CLOSE);
    // A checkpoint in progress finishes first; a stuck disk must not hang the shutdown for ever.
    Atomics.wait(this.#state, CLOSED, 0, 5_000);
  }

  #start(): Worker {
    // Loaded with the first commit, not with the store: a start that commits nothing skips it.
    const { Worker } = process.getBuiltinModule("node:worker_threads");
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        file: this.#file,
        state: this.#state,
        driverPath: createRequire(import.meta.url).resolve("better-sqlite3"),
        gatherMs: GATHER_MS,
      },
    });
    worker.unref();
    // A worker that cannot start (no threads left) leaves checkpoints to the serving connection's own limit.
    worker.on("error", () => {
      Atomics.store(this.#state, CLOSED, 1);
    });
    return worker;
  }
}
