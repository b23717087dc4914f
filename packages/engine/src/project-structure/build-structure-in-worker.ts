import type { ProjectStructureJob } from "./build-project-structure.ts";
import { emptyProjectStructure } from "./empty-project-structure.ts";
import { type ProjectStructureBudget, type StructureAttempt, StructureWorker } from "./structure-worker.ts";

import { WorkerSlots } from "./worker-slots.ts";

export type { ProjectStructureBudget } from "./structure-worker.ts";

/** The budget unless a caller gives another: 30 s per attempt, 1 GiB of heap. */
export const DEFAULT_PROJECT_STRUCTURE_BUDGET: ProjectStructureBudget = {
  timeoutMs: 30_000,
  maxMemoryMb: 1_024,
};

/** Attempts at one structure: each file a worker was stopped on is left out of the next. */
const MAX_ATTEMPTS = 3;
/** Structures built at once; more wait their turn, so parallel calls cannot multiply the memory budget. */
const MAX_WORKERS = 2;
/** How long a worker with nothing to do is kept for the next structure (starting one takes a moment). */
const IDLE_MS = 30_000;

const slots = new WorkerSlots(MAX_WORKERS);
const idle: { worker: StructureWorker; timer: NodeJS.Timeout }[] = [];

/**
 * Builds a structure in a worker process, so nothing a repository contains can stall the caller's event loop:
 * past its time or memory budget the worker is stopped. The file it was working on is then named as a
 * problem and the structure is built again without it (at most three attempts); when no file was to blame,
 * or attempts run out, the answer is an empty structure that lists the problems. The answer is the
 * ProjectStructureData as JSON text, which a caller can send on without parsing it.
 */
export async function buildStructureInWorker(
  job: ProjectStructureJob,
  budget: ProjectStructureBudget,
  signal?: AbortSignal,
): Promise<string> {
  await slots.acquire(signal);
  try {
    const known = [...job.known];
    for (let attempt = 1; ; attempt++) {
      const outcome = await attemptInWorker({ ...job, known }, budget, signal);
      if (outcome.kind === "done") return outcome.json;
      known.push(outcome.problem);
      if (outcome.path === undefined || attempt === MAX_ATTEMPTS)
        return JSON.stringify(emptyProjectStructure(job, known));
    }
  } finally {
    slots.release();
  }
}

/** One attempt, in an idle worker with the same memory budget when there is one. */
async function attemptInWorker(
  job: ProjectStructureJob,
  budget: ProjectStructureBudget,
  signal?: AbortSignal,
): Promise<StructureAttempt> {
  const index = idle.findIndex(({ worker }) => worker.alive && worker.maxMemoryMb === budget.maxMemoryMb);
  const reused = index === -1 ? undefined : idle.splice(index, 1)[0];
  clearTimeout(reused?.timer);
  const worker = reused?.worker ?? new StructureWorker(job.root, budget.maxMemoryMb);
  try {
    const outcome = await worker.run(job, budget, signal);
    if (worker.alive) keepIdle(worker);
    return outcome;
  } catch (error) {
    worker.end();
    throw error;
  }
}

function keepIdle(worker: StructureWorker): void {
  worker.idle();
  const timer = setTimeout(() => {
    idle.splice(
      idle.findIndex((entry) => entry.worker === worker),
      1,
    );
    worker.end();
  }, IDLE_MS);
  timer.unref();
  idle.push({ worker, timer });
  // Only as many idle workers as can run at once.
  while (idle.length > MAX_WORKERS) {
    const oldest = idle.shift();
    clearTimeout(oldest?.timer);
    oldest?.worker.end();
  }
}
