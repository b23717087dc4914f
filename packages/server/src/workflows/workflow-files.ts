import type { Stats } from "node:fs";
import { lstat, realpath } from "node:fs/promises";
import { basename, join } from "node:path";
import { listFolder } from "@parley/engine/util";
import type { WorkflowProblem } from "@parley/protocol";
import { isInside } from "../workspace/resolve-in-project.ts";
import { type LoadedWorkflow, type WorkflowFileToRead, workflowFileProblem } from "./parse-workflow-file.ts";
import {
  readInThisProcess,
  type WorkflowFileReading,
  type WorkflowFileResult,
  wasNotReached,
} from "./read-workflow-files.ts";
import { MAX_WORKFLOW_CHARACTERS } from "./read-workflow-yaml.ts";

export type { LoadedWorkflow } from "./parse-workflow-file.ts";

/** The most workflow files read from one folder: a project has a handful; a cloned one could hold any number. */
export const MAX_WORKFLOW_FILES = 100;
/** Entries of a folder looked at for workflow files (other files may sit beside them). */
const MAX_ENTRIES_LISTED = 2_000;

/** What a workflow file read last gave, kept while the file is the same one, unchanged. */
interface KeptFile {
  identity: string;
  result: Promise<WorkflowFileResult>;
}

/**
 * Workflow files read before, by path: a listing (every `GET /api/workflows`, every run's RunWorkflow tool)
 * sends a worker only the files that are new or changed, and listings at the same time share its reading.
 */
export class WorkflowFileCache {
  readonly #files = new Map<string, KeptFile>();

  /** `reader` reads what is not kept: the server's, a worker process (`WorkflowFileReader`). */
  constructor(readonly reader: WorkflowFileReading) {}

  /** The result kept for `path` while the file is the one read (device, inode, size, change times). */
  get(path: string, stat: Stats): Promise<WorkflowFileResult> | undefined {
    const kept = this.#files.get(path);
    return kept?.identity === identityOf(stat) ? kept.result : undefined;
  }

  set(path: string, stat: Stats, result: Promise<WorkflowFileResult>): void {
    const kept = { identity: identityOf(stat), result };
    this.#files.set(path, kept);
    // A worker that stopped on another file says nothing of this one: it is read again, not listed so for good.
    void result.then((found) => {
      if (wasNotReached(found) && this.#files.get(path) === kept) this.#files.delete(path);
    });
  }

  /** Forgets the files a listing no longer found. */
  keepOnly(paths: ReadonlySet<string>): void {
    for (const path of this.#files.keys()) if (!paths.has(path)) this.#files.delete(path);
  }
}

const identityOf = (stat: Stats) => `${stat.dev}:${stat.ino}:${stat.size}:${stat.mtimeMs}:${stat.ctimeMs}`;

/**
 * Reads the workflow definitions a project can run: `.parley/workflows/*.yaml|yml` in the project, then
 * `$PARLEY_HOME/workflows/` (a project file of the same name wins). Symlinks are not followed: a file must
 * be a regular file inside its folder. Invalid files are reported with the field at fault, not dropped
 * silently; a file whose `name` differs from its file name is refused so `/name` always finds it. A cloned
 * repository's folder is read in bounds: the first 100 files by name, none larger than 32 KiB; a file unchanged
 * since `cache` read it is not read again. A server's cache reads in a worker process, never on its event loop;
 * without one, a command's single listing reads in this process.
 */
export async function loadWorkflows(
  projectRoot: string,
  home: string,
  cache = new WorkflowFileCache(readInThisProcess),
): Promise<{ workflows: LoadedWorkflow[]; problems: WorkflowProblem[] }> {
  const problems: WorkflowProblem[] = [];
  const listed: { file: WorkflowFileToRead; stat: Stats | undefined }[] = [];
  const folders = [
    { source: "project" as const, root: projectRoot, folder: join(projectRoot, ".parley", "workflows") },
    { source: "user" as const, root: home, folder: join(home, "workflows") },
  ];
  for (const { source, root, folder } of folders) {
    const { files, skipped } = await workflowFiles(root, folder);
    if (skipped !== undefined) problems.push(skipped);
    for (const path of files)
      listed.push({ file: { path, source }, stat: await lstat(path).catch(() => undefined) });
  }
  const toRead = listed.filter(
    ({ file, stat }) => stat !== undefined && readable(stat) && cache.get(file.path, stat) === undefined,
  );
  const read = cache.reader.read(toRead.map(({ file }) => file));
  for (const { file, stat } of toRead)
    cache.set(file.path, stat as Stats, read.get(file.path) as Promise<WorkflowFileResult>);
  // Taken before any wait: a listing at the same time may replace or forget an entry (its file changed).
  const results = listed.map(({ file, stat }) =>
    stat === undefined || !readable(stat) ? unreadable(file.path, stat) : cache.get(file.path, stat),
  );
  cache.keepOnly(new Set(listed.map(({ file }) => file.path)));

  const byName = new Map<string, LoadedWorkflow>();
  for (const result of results) {
    const loaded = await result;
    if (loaded === undefined) continue;
    if ("message" in loaded) problems.push(loaded);
    else if (!byName.has(loaded.definition.name)) byName.set(loaded.definition.name, loaded);
  }
  const workflows = [...byName.values()].sort((left, right) =>
    left.definition.name.localeCompare(right.definition.name),
  );
  return { workflows, problems };
}

/** A regular file whose characters (at most 4 bytes each) may still be few enough for a workflow: it is read. */
const readable = (stat: Stats) => stat.isFile() && stat.size <= MAX_WORKFLOW_CHARACTERS * 4;

function unreadable(path: string, stat: Stats | undefined): WorkflowProblem | undefined {
  if (stat === undefined) return undefined; // Gone since the folder was listed.
  const message = stat.isFile() ? `larger than ${MAX_WORKFLOW_CHARACTERS / 1024} KiB` : "not a regular file";
  return workflowFileProblem(path, [{ path: "", message }]);
}

async function workflowFiles(
  root: string,
  folder: string,
): Promise<{ files: string[]; skipped?: WorkflowProblem }> {
  let real: string;
  try {
    if (!(await lstat(folder)).isDirectory()) return { files: [] };
    real = await realpath(folder);
    if (!isInside(await realpath(root), real)) return { files: [] };
  } catch {
    return { files: [] };
  }
  const { entries, more } = await listFolder(real, MAX_ENTRIES_LISTED);
  const named = entries
    .filter((entry) => entry.isFile() && /\.ya?ml$/.test(entry.name))
    .map((entry) => join(real, entry.name))
    .sort();
  if (!more && named.length <= MAX_WORKFLOW_FILES) return { files: named };
  return {
    files: named.slice(0, MAX_WORKFLOW_FILES),
    skipped: {
      path: real,
      name: basename(real),
      message: more
        ? `more than ${MAX_ENTRIES_LISTED} entries: only the workflow files among the first ${MAX_ENTRIES_LISTED} are read, at most ${MAX_WORKFLOW_FILES}`
        : `more than ${MAX_WORKFLOW_FILES} workflow files: the first ${MAX_WORKFLOW_FILES} by name are read`,
    },
  };
}
