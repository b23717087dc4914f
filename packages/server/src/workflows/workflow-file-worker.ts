/**
 * The workflow-file worker's entry module, run in a child process of its own (and its own bundle entry point;
 * see workflow-file-worker-url.ts). It reads and parses the files its supervisor names, one message a file:
 * the YAML parser's time grows with a cloned repository's crafted file (32 KiB of flow maps took ~250 ms), and
 * none of it may hold the server's event loop. It exits when its supervisor goes away.
 */
import type { WorkflowProblem } from "@parley/protocol";
import { type LoadedWorkflow, readWorkflowFile, type WorkflowFileToRead } from "./parse-workflow-file.ts";

/** The files one listing sends to be read. */
export interface WorkflowFileJob {
  id: number;
  files: WorkflowFileToRead[];
}

/** What the worker tells its supervisor. */
export type WorkflowFileWorkerMessage =
  | { type: "ready" }
  | { type: "read"; job: number; path: string; result: LoadedWorkflow | WorkflowProblem }
  | { type: "done"; job: number };

if (process.send !== undefined) {
  const send = (message: WorkflowFileWorkerMessage) => process.send?.(message);
  process.on("disconnect", () => process.exit(0));
  // Jobs are read one after another, in the order they came.
  let queue = Promise.resolve();
  process.on("message", (job: WorkflowFileJob) => {
    queue = queue.then(async () => {
      for (const file of job.files)
        send({ type: "read", job: job.id, path: file.path, result: await readWorkflowFile(file) });
      send({ type: "done", job: job.id });
    });
  });
  send({ type: "ready" });
}
