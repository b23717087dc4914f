import type { ChildProcess } from "node:child_process";
import type { Socket } from "node:net";
import type { ProjectStructureProblem } from "@parley/protocol";
import { abortError } from "../util/abort.ts";
import { forkModule } from "../util/fork-module.ts";
import type { ProjectStructureJob } from "./build-project-structure.ts";
import type { ProjectStructureWorkerMessage } from "./project-structure-worker.ts";
import { projectStructureWorkerUrl } from "./project-structure-worker-url.ts";

/** What building one structure may cost before its worker is stopped. */
export interface ProjectStructureBudget {
  /** Time for one attempt once the worker is up, in milliseconds. */
  timeoutMs: number;
  /** The worker's heap (V8 old generation), in MiB. */
  maxMemoryMb: number;
}

/** How one job ended: its structure (as JSON text), or the worker stopped past its budget while on `path`. */
export type StructureAttempt =
  | { kind: "done"; json: string }
  | { kind: "stopped"; problem: ProjectStructureProblem; path: string | undefined };

/** How long a worker may take to load its modules before it counts as broken. */
const START_TIMEOUT_MS = 60_000;
/** What V8 prints when a heap runs out. */
const OUT_OF_MEMORY = /heap out of memory|Allocation failed/;
/** The variables the worker keeps from the environment: enough for git, none of the person's secrets. */
const KEPT_VARIABLES = [
  "PATH",
  "HOME",
  "USER",
  "LOGNAME",
  "LANG",
  "LC_ALL",
  "LC_CTYPE",
  "TMPDIR",
  "SYSTEMROOT",
];

/** Why a worker was stopped mid-job. */
type StopReason = "timed_out" | "out_of_memory" | "crashed";

/** What the job running now listens for. */
interface Listener {
  message(message: ProjectStructureWorkerMessage): void;
  /** The worker died mid-job. */
  exit(outOfMemory: boolean): void;
  /** The worker could not start or be reached. */
  broken(error: Error): void;
}

/**
 * One project-structure worker: a child process, so that a parser past its memory budget ends that process
 * and nothing else (a worker thread that fails a large allocation near its `resourceLimits` takes the whole
 * server down with it). It runs one job at a time; a job past its time or memory budget ends the worker,
 * since a process busy in a parser cannot be interrupted any other way. A worker that finished a job can
 * take the next one; it starts in `root`, the first job's project, and moves to each job's.
 */
export class StructureWorker {
  readonly #child: ChildProcess;
  #ready = false;
  #ended = false;
  #stderr = "";
  #listener: Listener | undefined;

  constructor(
    root: string,
    readonly maxMemoryMb: number,
  ) {
    this.#child = forkModule(projectStructureWorkerUrl(), {
      execArgv: [`--max-old-space-size=${maxMemoryMb}`],
      cwd: root,
      env: { ...keptEnvironment(process.env), PWD: root },
    });
    this.#child.stderr?.setEncoding("utf8");
    this.#child.stderr?.on("data", (text: string) => {
      this.#stderr = (this.#stderr + text).slice(-4096);
    });
    this.#child.on("message", (message: ProjectStructureWorkerMessage) => {
      if (message.type === "ready") this.#ready = true;
      this.#listener?.message(message);
    });
    this.#child.on("error", (error) => {
      this.end();
      this.#listener?.broken(error);
    });
    this.#child.on("exit", (code, signal) => {
      this.#ended = true;
      if (this.#ready) this.#listener?.exit(OUT_OF_MEMORY.test(this.#stderr));
      else {
        const how = signal === null ? `code ${code}` : `signal ${signal}`;
        this.#listener?.broken(
          new Error(
            `the project-structure worker exited (${how}) before it was ready: ${this.#stderr.trim()}`,
          ),
        );
      }
    });
  }

  /** False once the process has stopped or been told to. */
  get alive(): boolean {
    return !this.#ended;
  }

  /** Lets this process exit while the worker waits for work. */
  idle(): void {
    this.#child.unref();
    this.#child.channel?.unref();
    (this.#child.stderr as Socket | null)?.unref();
  }

  /** Stops the worker, whatever it is doing. */
  end(): void {
    this.#ended = true;
    this.#child.kill("SIGKILL");
  }

  /**
   * Runs `job`. The time budget counts from when the worker is up; past it, or past the memory budget,
   * the worker ends and the file it was working on is named (between files, the largest it had read).
   * Rejects when the build fails (a root that does not exist), the worker cannot start, or `signal`
   * aborts (which ends the worker too).
   */
  run(
    job: ProjectStructureJob,
    budget: ProjectStructureBudget,
    signal?: AbortSignal,
  ): Promise<StructureAttempt> {
    if (signal?.aborted) return Promise.reject(abortError(signal));
    if (!this.alive) return Promise.reject(new Error("the project-structure worker has stopped"));
    this.#child.ref();
    this.#child.channel?.ref();
    (this.#child.stderr as Socket | null)?.ref();
    return new Promise((resolve, reject) => {
      let working: string | undefined;
      // Stopped between files, the time or memory went on what was read: the largest file is named.
      let largest = { path: undefined as string | undefined, bytes: -1 };
      let timer: NodeJS.Timeout | undefined;
      const finish = (settle: () => void, end: boolean) => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
        this.#listener = undefined;
        if (end) this.end();
        settle();
      };
      const stop = (reason: StopReason) => {
        const path = working ?? largest.path;
        finish(() => resolve({ kind: "stopped", path, problem: stopProblem(reason, path, budget) }), true);
      };
      const begin = () => {
        clearTimeout(timer);
        timer = setTimeout(() => stop("timed_out"), budget.timeoutMs);
        this.#child.send(job);
      };
      const onAbort = () => finish(() => reject(abortError(signal)), true);
      signal?.addEventListener("abort", onAbort, { once: true });
      this.#listener = {
        message: (message) => {
          if (message.type === "ready") begin();
          else if (message.type === "working") working = message.path;
          else if (message.type === "read") {
            if (message.bytes > largest.bytes) largest = { path: message.path, bytes: message.bytes };
          } else if (message.type === "done")
            finish(() => resolve({ kind: "done", json: message.json }), false);
          else {
            const error = Object.assign(new Error(message.message), message.code && { code: message.code });
            finish(() => reject(error), false);
          }
        },
        exit: (outOfMemory) => stop(outOfMemory ? "out_of_memory" : "crashed"),
        broken: (error) => finish(() => reject(error), true),
      };
      if (this.#ready) begin();
      else {
        const seconds = START_TIMEOUT_MS / 1000;
        timer = setTimeout(
          () =>
            finish(
              () => reject(new Error(`the project-structure worker did not start in ${seconds} s`)),
              true,
            ),
          START_TIMEOUT_MS,
        );
      }
    });
  }
}

function keptEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(
    KEPT_VARIABLES.flatMap((name) => (env[name] === undefined ? [] : [[name, env[name]]])),
  );
}

/** The problem a stopped worker leaves: the file it was on, else the project as a whole. */
function stopProblem(
  reason: StopReason,
  path: string | undefined,
  budget: ProjectStructureBudget,
): ProjectStructureProblem {
  const time = `the ${seconds(budget.timeoutMs)} time budget`;
  const memory = `the ${budget.maxMemoryMb} MiB memory budget`;
  const [aboutFile, aboutProject] = {
    timed_out: [`took longer than ${time} to read`, `took longer than ${time}`],
    out_of_memory: [`needed more than ${memory} to read`, `needed more than ${memory}`],
    crashed: ["stopped the worker reading it", "stopped the worker unexpectedly"],
  }[reason];
  if (path !== undefined) return { path, reason, message: `${aboutFile}, so it is left out.` };
  return { path: "", reason, message: `Reading the project ${aboutProject}, so the structure is empty.` };
}

function seconds(ms: number): string {
  return ms >= 1000 ? `${Number((ms / 1000).toFixed(1))} s` : `${ms} ms`;
}
