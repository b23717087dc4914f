import { type FileInfo, naturalSortKey } from "@parley/protocol";
import type { EnvironmentVariables } from "../config/resolve-model-config.ts";
import { fileInfoOf } from "./file-info-of.ts";
import { gitRecentFiles } from "./git-recent-files.ts";
import type { ProjectWalkEntry, ProjectWalkSummary } from "./walk-project-files.ts";

/** How a file list is ordered: by path, or recently changed first (from git, else modification time). */
export type FileListOrder = "alphabetical" | "relevance";

/** A flat file list of a walk, in the chosen order, with what a limit left out. */
export async function buildFileList(options: {
  root: string;
  walk: AsyncGenerator<ProjectWalkEntry, ProjectWalkSummary, undefined>;
  order: FileListOrder;
  signal?: AbortSignal;
  /** What git starts from (default: this process's environment minus Parley's secrets). */
  env?: EnvironmentVariables;
}): Promise<{ files: FileInfo[]; omitted: number; truncated: boolean }> {
  const found: { info: FileInfo; modifiedMs: number; key: string }[] = [];
  let omitted = 0;
  let result = await options.walk.next();
  while (!result.done) {
    const entry = result.value;
    if (entry.kind === "file" || entry.kind === "symlink") {
      const info = fileInfoOf(entry);
      const modifiedMs = entry.kind === "file" ? entry.modifiedMs : 0;
      found.push({ info, modifiedMs, key: naturalSortKey(info.path) });
    } else if (entry.kind === "omitted") omitted += entry.count;
    result = await options.walk.next();
  }
  // "Alphabetical" as people read it: case-insensitive, file-2 before file-10 (keys computed once per file).
  const byPath = (left: { info: FileInfo; key: string }, right: { info: FileInfo; key: string }) => {
    if (left.key !== right.key) return left.key < right.key ? -1 : 1;
    return left.info.path < right.info.path ? -1 : left.info.path > right.info.path ? 1 : 0;
  };
  if (options.order === "alphabetical") found.sort(byPath);
  else {
    const ranks = await gitRecentFiles(options.root, options.signal, options.env);
    if (ranks === undefined) {
      found.sort((left, right) => right.modifiedMs - left.modifiedMs || byPath(left, right));
    } else {
      const rank = (path: string) => ranks.get(path) ?? Number.POSITIVE_INFINITY;
      found.sort((left, right) => rank(left.info.path) - rank(right.info.path) || byPath(left, right));
    }
  }
  return { files: found.map((file) => file.info), omitted, truncated: result.value.truncated };
}
