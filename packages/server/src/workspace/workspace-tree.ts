import { type Dirent, lstatSync, realpathSync } from "node:fs";
import { lstat } from "node:fs/promises";
import { join } from "node:path";
import { listFolder } from "@parley/engine/util";
import type { WorkspaceEntry, WorkspaceTree } from "@parley/protocol";
import { projectRelative, resolveExistingInProject } from "./resolve-in-project.ts";

/** Folders that are never listed: version control, dependencies, build output, caches. */
export const EXCLUDED_DIRECTORIES = [
  ".git",
  "node_modules",
  ".hg",
  ".svn",
  "dist",
  "build",
  ".next",
  ".cache",
  "__pycache__",
  ".venv",
  "target",
];

/** Most entries listed per directory; the rest are reported as truncated. */
const MAX_ENTRIES_PER_DIRECTORY = 1000;
/**
 * Entries of one directory read (then sorted, and the first `MAX_ENTRIES_PER_DIRECTORY` listed): a directory
 * of 200,000 files, read and sorted whole, held the event loop for 0.4 s.
 */
const MAX_ENTRIES_READ = 10_000;
/**
 * Entries listed in all, however deep: at depth 2, 300 folders of 1,000 files were 300,000 entries, each
 * `lstat`-ed, and 2 s of the event loop; a folder reached past this is marked truncated, its children unlisted.
 */
export const MAX_TREE_ENTRIES = 5_000;

/**
 * Lists a directory of the project to `depth` levels, never following symlinks (they are listed as such)
 * and never leaving the project. Directories first, then files, each alphabetically; at most
 * `MAX_TREE_ENTRIES` in all, read without holding the event loop (a cloned repository decides its size).
 */
export async function workspaceTree(
  projectRoot: string,
  path: string,
  depth: number,
): Promise<WorkspaceTree> {
  const root = realpathSync(projectRoot);
  const directory = resolveExistingInProject(root, path === "" ? "." : path);
  if (!lstatSync(directory).isDirectory()) throw new Error("the path is not a directory");
  const budget = { left: MAX_TREE_ENTRIES };
  const listing = await listDirectory(root, directory, depth, budget);
  return {
    root,
    path: projectRelative(root, directory),
    entries: listing.entries,
    truncated: listing.truncated,
    excluded_patterns: EXCLUDED_DIRECTORIES,
  };
}

async function listDirectory(
  root: string,
  directory: string,
  depth: number,
  budget: { left: number },
): Promise<{ entries: WorkspaceEntry[]; truncated: boolean }> {
  const { entries: read, more } = await listFolder(directory, MAX_ENTRIES_READ);
  const dirents = read
    .filter((dirent) => !(dirent.isDirectory() && EXCLUDED_DIRECTORIES.includes(dirent.name)))
    .sort(byTypeThenName);
  const listed = dirents.slice(0, Math.min(MAX_ENTRIES_PER_DIRECTORY, budget.left));
  budget.left -= listed.length;
  const entries: WorkspaceEntry[] = listed.map((dirent) => ({
    name: dirent.name,
    path: projectRelative(root, join(directory, dirent.name)),
    type: typeOf(dirent),
  }));
  await Promise.all(
    listed.map(async (dirent, index) => {
      if (!dirent.isFile()) return;
      const size = await lstat(join(directory, dirent.name)).then(
        (stat) => stat.size,
        () => undefined,
      );
      if (size !== undefined) (entries[index] as WorkspaceEntry).size = size;
    }),
  );
  if (depth > 1) {
    for (const [index, dirent] of listed.entries()) {
      if (!dirent.isDirectory()) continue;
      const entry = entries[index] as WorkspaceEntry;
      if (budget.left === 0) {
        entry.truncated = true;
        continue;
      }
      const children = await listDirectory(root, join(directory, dirent.name), depth - 1, budget);
      entry.children = children.entries;
      if (children.truncated) entry.truncated = true;
    }
  }
  return { entries, truncated: more || dirents.length > listed.length };
}

function typeOf(dirent: Dirent): WorkspaceEntry["type"] {
  if (dirent.isSymbolicLink()) return "symlink";
  if (dirent.isDirectory()) return "directory";
  if (dirent.isFile()) return "file";
  return "other";
}

function byTypeThenName(a: Dirent, b: Dirent): number {
  const rank = (dirent: Dirent) => (dirent.isDirectory() ? 0 : 1);
  return rank(a) - rank(b) || a.name.localeCompare(b.name);
}
