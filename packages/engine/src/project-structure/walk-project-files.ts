import type { Dirent } from "node:fs";
import { lstat, readdir } from "node:fs/promises";
import { join } from "node:path";
import { sortNaturally } from "@parley/protocol";
import { abortError } from "../util/abort.ts";
import type { FileReport } from "./file-report.ts";
import { ProjectIgnore } from "./project-ignore.ts";

/** Limits of one walk. */
export interface ProjectWalkOptions {
  /** The project root, already resolved with `realpath`. */
  root: string;
  /** Folders deeper than this are listed but not entered (the root's children are at depth 1). */
  maxDepth: number;
  /** Most files and folders yielded; the walk stops there and reports what it left out. */
  maxEntries: number;
  /** Extra gitignore-style patterns to leave out. */
  excludedPatterns?: readonly string[];
  /** False skips the `lstat` of each file (sizes and times are then 0): finding manifests needs only names. */
  withSizes?: boolean;
  /** Where ignore files that cannot be used are reported. */
  report: FileReport;
  signal?: AbortSignal;
}

/**
 * What a walk yields, in depth-first name order: folders, files (with size and modification time),
 * symlinks (reported, never followed) and, for a folder whose entries a limit cut, how many were left out.
 */
export type ProjectWalkEntry =
  | { kind: "directory"; path: string; depth: number }
  | { kind: "file"; path: string; size: number; modifiedMs: number }
  | { kind: "symlink"; path: string }
  | { kind: "omitted"; path: string; count: number; reason: "depth" | "count" };

/** How a walk ended. */
export interface ProjectWalkSummary {
  entries: number;
  truncated: boolean;
}

/** Files stat-ed at once; also how often the walk hands the event loop back to other work. */
const BATCH = 64;

/**
 * Walks a project without blocking the event loop: each folder is read asynchronously, its files are
 * stat-ed in small batches, and the walk yields to the event loop between batches. Ignored paths are
 * skipped (see `ProjectIgnore`), symlinks are reported but never followed, so the walk cannot leave the
 * project. Folders below `maxDepth` and everything after `maxEntries` are counted as omitted.
 */
export async function* walkProjectFiles(
  options: ProjectWalkOptions,
): AsyncGenerator<ProjectWalkEntry, ProjectWalkSummary, undefined> {
  const rootIgnore = await ProjectIgnore.forRoot(
    options.root,
    options.excludedPatterns ?? [],
    options.report,
  );
  const stack: { path: string; depth: number; ignore: ProjectIgnore }[] = [
    { path: "", depth: 0, ignore: rootIgnore },
  ];
  let entries = 0;
  let truncated = false;
  while (stack.length > 0) {
    if (options.signal?.aborted) throw abortError(options.signal);
    const folder = stack.pop() as (typeof stack)[number];
    const dirents = await listFolder(join(options.root, folder.path));
    const ignore = await folder.ignore.enter(
      options.root,
      folder.path,
      dirents.some((dirent) => dirent.name === ".gitignore" && dirent.isFile()),
      options.report,
    );
    const kept = dirents.filter(
      (dirent) => !ignore.ignores(childPath(folder.path, dirent.name), dirent.isDirectory()),
    );
    const subfolders: typeof stack = [];
    for (let start = 0; start < kept.length; ) {
      const room = options.maxEntries - entries;
      if (room <= 0) {
        truncated = true;
        yield { kind: "omitted", path: folder.path, count: kept.length - start, reason: "count" };
        break;
      }
      const batch = kept.slice(start, start + Math.min(BATCH, room));
      start += batch.length;
      const stats = await Promise.all(
        batch.map((dirent) =>
          dirent.isFile() && options.withSizes !== false
            ? lstat(join(options.root, folder.path, dirent.name)).catch(() => undefined)
            : undefined,
        ),
      );
      for (const [index, dirent] of batch.entries()) {
        const path = childPath(folder.path, dirent.name);
        entries += 1;
        if (dirent.isSymbolicLink()) yield { kind: "symlink", path };
        else if (dirent.isDirectory()) {
          yield { kind: "directory", path, depth: folder.depth + 1 };
          subfolders.push({ path, depth: folder.depth + 1, ignore });
        } else if (dirent.isFile()) {
          const stat = stats[index];
          yield { kind: "file", path, size: stat?.size ?? 0, modifiedMs: stat?.mtimeMs ?? 0 };
        }
      }
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    for (const subfolder of subfolders.reverse()) {
      if (subfolder.depth < options.maxDepth) stack.push(subfolder);
      else {
        const inside = (await listFolder(join(options.root, subfolder.path))).length;
        if (inside > 0) {
          truncated = true;
          yield { kind: "omitted", path: subfolder.path, count: inside, reason: "depth" };
        }
      }
    }
  }
  return { entries, truncated };
}

async function listFolder(absolute: string): Promise<Dirent[]> {
  const dirents = await readdir(absolute, { withFileTypes: true }).catch(() => [] as Dirent[]);
  return sortNaturally(dirents, (dirent) => dirent.name);
}

function childPath(folder: string, name: string): string {
  return folder === "" ? name : `${folder}/${name}`;
}
