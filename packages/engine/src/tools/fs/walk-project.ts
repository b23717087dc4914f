import { join, relative, sep } from "node:path";
import { abortError } from "../../util/abort.ts";
import { listFolder } from "../../util/list-folder.ts";

/** Folders the search tools never descend into. */
export const SKIPPED_FOLDERS: ReadonlySet<string> = new Set([".git", "node_modules"]);

/** One name found by `walkProject`; symlinks are reported as such and never followed. */
export interface WalkEntry {
  /** Project-relative, `/`-separated. */
  relative: string;
  absolute: string;
  kind: "file" | "directory" | "symlink" | "other";
}

/** How a walk ended. */
export interface WalkSummary {
  visited: number;
  /** The walk stopped at `maxEntries` names. */
  truncated: boolean;
  /** Names `exclude` left out (a folder counts once; what is in it is not visited). */
  excluded: number;
}

/**
 * Walks the tree below `start` folder by folder in name order, yielding every name (skipped folders are
 * yielded but not entered), without following symlinks, and stops after `maxEntries` names. Folders it
 * cannot read are passed over. A folder of more names than the walk may still visit is read only that far,
 * in the file system's order, and those names sorted.
 */
export async function* walkProject(options: {
  root: string;
  start: string;
  maxEntries: number;
  signal?: AbortSignal;
  skip?: ReadonlySet<string>;
  /** Names neither yielded nor entered (those a `Read` rule denies); given the entry and whether it is a folder. */
  exclude?: (absolute: string, folder: boolean) => boolean;
}): AsyncGenerator<WalkEntry, WalkSummary, undefined> {
  const skip = options.skip ?? SKIPPED_FOLDERS;
  const stack: string[] = [options.start];
  let visited = 0;
  let excluded = 0;
  while (stack.length > 0) {
    if (options.signal?.aborted) throw abortError(options.signal);
    const folder = stack.pop() as string;
    // Only as many names as the walk may still visit (and one more, to know it stopped): `readdir` made every
    // entry of a folder of 200,000 files at once, and with the sort held the event loop for 100 ms and more.
    const { entries } = await listFolder(folder, options.maxEntries - visited + 1);
    entries.sort((left, right) => (left.name < right.name ? -1 : left.name > right.name ? 1 : 0));
    const subfolders: string[] = [];
    for (const entry of entries) {
      if (visited >= options.maxEntries) return { visited, truncated: true, excluded };
      visited += 1;
      const absolute = join(folder, entry.name);
      const kind = entry.isSymbolicLink()
        ? "symlink"
        : entry.isDirectory()
          ? "directory"
          : entry.isFile()
            ? "file"
            : "other";
      if (options.exclude?.(absolute, kind === "directory")) {
        excluded += 1;
        continue;
      }
      yield { relative: relative(options.root, absolute).split(sep).join("/"), absolute, kind };
      if (kind === "directory" && !skip.has(entry.name)) subfolders.push(absolute);
    }
    for (const subfolder of subfolders.reverse()) stack.push(subfolder);
  }
  return { visited, truncated: false, excluded };
}
