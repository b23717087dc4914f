/**
 * The project-structure worker's entry module, run in a child process of its own (and its own bundle entry
 * point; see project-structure-worker-url.ts). It builds each job its supervisor sends, one at a time, and
 * tells it when it is ready, which file it is working on and which it has read, and the result. It works in the job's project
 * folder and exits when its supervisor goes away.
 */
import { buildProjectStructure, type ProjectStructureJob } from "./build-project-structure.ts";
import type { FileProgress } from "./file-report.ts";

/** What the worker tells its supervisor. */
export type ProjectStructureWorkerMessage =
  | { type: "ready" }
  | FileProgress
  | { type: "done"; json: string }
  | { type: "failed"; message: string; code?: string };

if (process.send !== undefined) {
  const send = (message: ProjectStructureWorkerMessage) => process.send?.(message);
  process.on("disconnect", () => process.exit(0));
  process.on("message", (job: ProjectStructureJob) => {
    const build = async () => {
      // A worker may serve several projects in turn; it always works in the current one.
      process.chdir(job.root);
      process.env.PWD = job.root;
      return buildProjectStructure(job, send);
    };
    build().then(
      // As JSON text: a string crosses to the supervisor far faster than the objects of a 100,000-file tree.
      (structure) => send({ type: "done", json: JSON.stringify(structure) }),
      (error: unknown) => {
        const code = (error as NodeJS.ErrnoException).code;
        const message = error instanceof Error ? error.message : String(error);
        send({ type: "failed", message, ...(typeof code === "string" && { code }) });
      },
    );
  });
  send({ type: "ready" });
}
