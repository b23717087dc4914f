import type { Worker } from "node:worker_threads";
import { abortError } from "../../util/abort.ts";
import type { GrepOutputMode } from "./grep-output.ts";
import { GREP_WORKER_SOURCE } from "./grep-worker-source.ts";

/** How long one batch of files may match before its worker is stopped: honest batches take milliseconds. */
export const GREP_DEADLINE_MS = 10_000;

/** Files to match in one message: their text end to end, and where each begins and how long it is. */
export interface GrepBatch {
  pattern: string;
  flags: string;
  mode: GrepOutputMode;
  /** Lines are matched on at most this many characters. */
  maxMatchedChars: number;
  /** Owned by the batch: its buffer is moved to the worker, not copied. */
  data: Uint8Array;
  /** Start and length in `data` of each file, two numbers a file. */
  spans: number[];
  /** The files' paths as the person sees them, to name the one a stopped batch was on. */
  paths: string[];
}

/** Per file of a batch: its matching line indexes ("content" mode) or its count of matching lines. */
export type GrepBatchFound = (number | number[])[];

interface Job {
  id: number;
  batch: GrepBatch;
  resolve(found: GrepBatchFound): void;
  reject(error: Error): void;
  /** Removes the job's abort listener. */
  done(): void;
}

/** The worker's answer to a batch. */
type WorkerAnswer = { id: number; found: GrepBatchFound } | { id: number; error: string };

/**
 * Matches `Grep`'s batches in one worker thread, off the event loop, so no pattern can stall the process: a
 * batch past the deadline ends the worker (V8 cannot interrupt a regular expression any other way), fails that
 * search alone with the file it was on, and the next batch starts a fresh worker. Batches run one at a time in
 * the order they came; each search sends its next batch only when its last one is answered, so concurrent
 * searches take turns and a runaway delays the others by at most the deadline. The worker is started on the
 * first batch and kept; it holds the process open only while it has work.
 */
export class GrepMatcher {
  readonly #deadlineMs: number;
  readonly #queue: Job[] = [];
  #worker: Worker | undefined;
  #online = false;
  /** Slot 0: the index, in the running batch, of the file the worker is on. */
  #progress: Int32Array<ArrayBufferLike> = new Int32Array(1);
  #running: { job: Job; timer: NodeJS.Timeout | undefined } | undefined;
  #nextId = 1;

  constructor(options: { deadlineMs?: number } = {}) {
    this.#deadlineMs = options.deadlineMs ?? GREP_DEADLINE_MS;
  }

  /** Matches `batch` in the worker; rejects when the deadline passes, the pattern throws or `signal` aborts. */
  match(batch: GrepBatch, signal?: AbortSignal): Promise<GrepBatchFound> {
    if (signal?.aborted) return Promise.reject(abortError(signal));
    return new Promise((resolve, reject) => {
      const onAbort = () => this.#abandon(job, abortError(signal));
      const job: Job = {
        id: this.#nextId++,
        batch,
        resolve,
        reject,
        done: () => signal?.removeEventListener("abort", onAbort),
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      this.#queue.push(job);
      this.#next();
    });
  }

  /** Whether a batch is in the worker now. */
  get busy(): boolean {
    return this.#running !== undefined;
  }

  /** Ends the worker (a later batch starts another); batches waiting or running are failed. */
  close(): void {
    const error = new Error("Grep stopped: the search worker was closed.");
    for (const job of this.#queue.splice(0)) this.#settle(job, error);
    if (this.#running) {
      clearTimeout(this.#running.timer);
      this.#settle(this.#running.job, error);
    }
    this.#running = undefined;
    this.#stopWorker();
  }

  #next(): void {
    if (this.#running !== undefined) return;
    const job = this.#queue.shift();
    if (job === undefined) {
      this.#worker?.unref();
      return;
    }
    const worker = this.#ensureWorker();
    worker.ref();
    this.#running = { job, timer: undefined };
    // A worker still starting is not yet matching: its start (slow on a loaded machine) is not the batch's time.
    if (this.#online) this.#startDeadline();
    const { paths: _paths, ...message } = job.batch;
    worker.postMessage({ id: job.id, ...message }, [job.batch.data.buffer as ArrayBuffer]);
  }

  #startDeadline(): void {
    const running = this.#running;
    if (running === undefined || running.timer !== undefined) return;
    running.timer = setTimeout(() => this.#overrun(running.job), this.#deadlineMs);
  }

  #overrun(job: Job): void {
    // A timer that outlived its batch (settled another way) must not end the worker of the next one.
    if (this.#running?.job !== job) return;
    const path = job.batch.paths[Atomics.load(this.#progress, 0)] ?? "a file";
    this.#stopWorker();
    this.#running = undefined;
    this.#settle(
      job,
      new Error(
        `Grep stopped: the pattern ran for more than ${this.#deadlineMs / 1000} s on ${path} without finishing ` +
          "(nested quantifiers such as (a+)+ can take exponential time); simplify the pattern.",
      ),
    );
    this.#next();
  }

  #answered(answer: WorkerAnswer): void {
    const running = this.#running;
    if (running === undefined || running.job.id !== answer.id) return;
    clearTimeout(running.timer);
    this.#running = undefined;
    if ("error" in answer) this.#settle(running.job, new Error(answer.error));
    else this.#settle(running.job, answer.found);
    this.#next();
  }

  /** An aborted search: a waiting batch is dropped, a running one ends the worker (it may be a runaway). */
  #abandon(job: Job, error: Error): void {
    const index = this.#queue.indexOf(job);
    if (index !== -1) this.#queue.splice(index, 1);
    else if (this.#running?.job === job) {
      clearTimeout(this.#running.timer);
      this.#running = undefined;
      this.#stopWorker();
    } else return;
    this.#settle(job, error);
    this.#next();
  }

  #settle(job: Job, outcome: GrepBatchFound | Error): void {
    job.done();
    if (outcome instanceof Error) job.reject(outcome);
    else job.resolve(outcome);
  }

  #ensureWorker(): Worker {
    if (this.#worker !== undefined) return this.#worker;
    // Loaded with the first search, not with the engine: most starts never search.
    const { Worker } = process.getBuiltinModule("node:worker_threads");
    const progress = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
    const worker = new Worker(GREP_WORKER_SOURCE, { eval: true, workerData: { progress: progress.buffer } });
    this.#worker = worker;
    this.#progress = progress;
    this.#online = false;
    worker.on("online", () => {
      if (this.#worker !== worker) return;
      this.#online = true;
      this.#startDeadline();
    });
    worker.on("message", (answer: WorkerAnswer) => {
      if (this.#worker === worker) this.#answered(answer);
    });
    // A worker that cannot start (no threads left) or dies fails the batch it had; the next starts another.
    const lost = (error: Error) => {
      if (this.#worker !== worker) return;
      this.#worker = undefined;
      const running = this.#running;
      this.#running = undefined;
      if (running !== undefined) {
        clearTimeout(running.timer);
        this.#settle(running.job, new Error(`Grep stopped: the search worker failed: ${error.message}`));
      }
      this.#next();
    };
    worker.on("error", lost);
    worker.on("exit", (code) => lost(new Error(`it exited with code ${code}`)));
    return worker;
  }

  #stopWorker(): void {
    const worker = this.#worker;
    this.#worker = undefined;
    void worker?.terminate();
  }
}

/** The process's matcher, shared by every search of every session. */
export const sharedGrepMatcher = new GrepMatcher();
