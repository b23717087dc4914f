import type { ChildProcess } from "node:child_process";
import type { Socket } from "node:net";
import { forkModule } from "@parley/engine/util";
import type { WorkflowProblem } from "@parley/protocol";
import {
  type LoadedWorkflow,
  readWorkflowFile,
  type WorkflowFileToRead,
  workflowFileProblem,
} from "./parse-workflow-file.ts";
import type { WorkflowFileJob, WorkflowFileWorkerMessage } from "./workflow-file-worker.ts";
import { workflowFileWorkerUrl } from "./workflow-file-worker-url.ts";

/** What one job may take once sent before its worker is stopped and the files left are named. */
const JOB_TIMEOUT_MS = 30_000;
/** The worker's heap (V8 old generation), in MiB: 100 files of 32 KiB parse in a fraction of it. */
const WORKER_MEMORY_MB = 128;
/** How long a worker with nothing to do is kept for the next listing (a person editing a workflow). */
const IDLE_MS = 10_000;

/** A file's definition or problem, as the worker gave it. */
export type WorkflowFileResult = LoadedWorkflow | WorkflowProblem;

/** The problems of files a stopped worker never reached: nothing is known of them, so none is kept. */
const notReached = new WeakSet<WorkflowFileResult>();

/**
 * Whether `result` only says the worker stopped before it reached the file (it did not start, or died or ran
 * out of time on another file): such a file is read again at the next listing rather than kept as invalid.
 */
export const wasNotReached = (result: WorkflowFileResult) => notReached.has(result);

/** What reads and parses the workflow files a listing has not kept: each file's result, as it settles. */
export interface WorkflowFileReading {
  read(files: readonly WorkflowFileToRead[]): Map<string, Promise<WorkflowFileResult>>;
}

/**
 * Reads the files in this process, one after another: for a command that lists the workflows once and serves
 * nobody else (`parley run`, `parley workflow list` with no server), where a worker's start (~0.1 s) would be
 * most of the time the read takes.
 */
export const readInThisProcess: WorkflowFileReading = {
  read(files) {
    const results = new Map<string, Promise<WorkflowFileResult>>();
    let previous: Promise<unknown> = Promise.resolve();
    for (const file of files) {
      const result = previous.then(() => readWorkflowFile(file));
      results.set(file.path, result);
      previous = result;
    }
    return results;
  },
};

/**
 * Reads and parses workflow files in a child process (workflow-file-worker.ts), so that no file's parse holds
 * this process's event loop: the YAML parser's time grows with a crafted file, ~250 ms for 32 KiB of flow
 * maps. The worker starts on the first read, ends after `IDLE_MS` with nothing to do (it never keeps this
 * process alive), and is stopped when a job runs past its time; a worker that dies, cannot start or is
 * stopped leaves each file it had not reached with a problem saying so. It works in `cwd` and gets none of
 * this process's environment, so a repository's file can reach no secret through it.
 */
export class WorkflowFileReader implements WorkflowFileReading {
  readonly #cwd: string;
  #worker: WorkflowFileWorker | undefined;
  #jobs = 0;

  constructor(cwd: string) {
    this.#cwd = cwd;
  }

  /** Ends the worker, if one runs (the server is closing): files it had not answered for are said not read. */
  close(): void {
    this.#worker?.stop("not read: the server is closing");
  }

  /** Each file's result, settling as the worker sends it. */
  read(files: readonly WorkflowFileToRead[]): Map<string, Promise<WorkflowFileResult>> {
    const results = new Map<string, Promise<WorkflowFileResult>>();
    if (files.length === 0) return results;
    // A worker that died a moment ago (its channel closed, its exit not yet told) takes no job: a new one does.
    if (this.#worker?.alive === false) this.#worker = undefined;
    if (this.#worker === undefined) {
      const started = new WorkflowFileWorker(this.#cwd, () => {
        if (this.#worker === started) this.#worker = undefined;
      });
      this.#worker = started;
    }
    const worker = this.#worker;
    this.#jobs += 1;
    const job = { id: this.#jobs, files: [...files] };
    for (const file of files)
      results.set(file.path, new Promise((resolve) => worker.expect(job.id, file.path, resolve)));
    worker.send(job);
    return results;
  }
}

/** One worker process and the files it was sent and has not answered for. */
class WorkflowFileWorker {
  readonly #child: ChildProcess;
  readonly #pending = new Map<string, (result: WorkflowFileResult) => void>();
  readonly #deadlines = new Map<number, NodeJS.Timeout>();
  #ready = false;
  #queued: WorkflowFileJob[] = [];
  #idle: NodeJS.Timeout | undefined;
  #stderr = "";
  #ended = false;
  readonly #onEnd: () => void;

  constructor(cwd: string, onEnd: () => void) {
    this.#onEnd = onEnd;
    this.#child = forkModule(workflowFileWorkerUrl(), {
      execArgv: [`--max-old-space-size=${WORKER_MEMORY_MB}`],
      cwd,
      env: { PWD: cwd },
    });
    this.#child.stderr?.setEncoding("utf8");
    this.#child.stderr?.on("data", (text: string) => {
      this.#stderr = (this.#stderr + text).slice(-2048);
    });
    this.#child.on("message", (message: WorkflowFileWorkerMessage) => this.#receive(message));
    this.#child.on("error", (error) => this.stop(`not read: the reader could not start (${error.message})`));
    this.#child.on("exit", (code, signal) => {
      const how = signal === null ? `code ${code}` : `signal ${signal}`;
      const last = this.#stderr.trim().split("\n").at(-1);
      this.stop(`not read: the reader stopped (${how})${last ? `: ${last}` : ""}`);
    });
  }

  /** False once the worker was stopped or its channel closed. */
  get alive(): boolean {
    return !this.#ended && this.#child.connected;
  }

  expect(job: number, path: string, resolve: (result: WorkflowFileResult) => void): void {
    this.#pending.set(`${job}\n${path}`, resolve);
  }

  send(job: WorkflowFileJob): void {
    clearTimeout(this.#idle);
    this.#hold(true);
    this.#deadlines.set(
      job.id,
      setTimeout(
        () => this.stop(`not read: reading the workflow files took longer than ${JOB_TIMEOUT_MS / 1000} s`),
        JOB_TIMEOUT_MS,
      ),
    );
    if (this.#ready) this.#child.send(job);
    else this.#queued.push(job);
  }

  #receive(message: WorkflowFileWorkerMessage): void {
    if (message.type === "ready") {
      this.#ready = true;
      for (const job of this.#queued) this.#child.send(job);
      this.#queued = [];
    } else if (message.type === "read") {
      const key = `${message.job}\n${message.path}`;
      this.#pending.get(key)?.(message.result);
      this.#pending.delete(key);
    } else {
      clearTimeout(this.#deadlines.get(message.job));
      this.#deadlines.delete(message.job);
      if (this.#deadlines.size > 0) return;
      this.#hold(false);
      this.#idle = setTimeout(() => this.stop("not read: the reader was idle"), IDLE_MS).unref();
    }
  }

  /** Ends the worker: it takes no more jobs, and every file not answered for gets `why` as its problem. */
  stop(why: string): void {
    if (this.#ended) return;
    this.#ended = true;
    this.#onEnd();
    this.#child.kill("SIGKILL");
    for (const timer of this.#deadlines.values()) clearTimeout(timer);
    this.#deadlines.clear();
    clearTimeout(this.#idle);
    // Files are read one after another: the first not answered is the one a started worker was on.
    let reading = this.#ready;
    for (const [key, resolve] of this.#pending) {
      const problem = workflowFileProblem(key.slice(key.indexOf("\n") + 1), [{ path: "", message: why }]);
      if (!reading) notReached.add(problem);
      reading = false;
      resolve(problem);
    }
    this.#pending.clear();
  }

  /** A worker with work keeps this process alive until it answers; an idle one does not. */
  #hold(working: boolean): void {
    const handles = [this.#child, this.#child.channel, this.#child.stderr as Socket | null];
    for (const handle of handles) {
      if (working) handle?.ref();
      else handle?.unref();
    }
  }
}
