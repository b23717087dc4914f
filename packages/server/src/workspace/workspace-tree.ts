import { type Dirent, lstatSync, readdirSync, realpathSync } from "node:fs";
import { join } from "node:path";
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
 * Lists a directory of the project to `depth` levels, never following symlinks (they are listed as such)
 * and never leaving the project. Directories first, then files, each alphabetically.
 */
export function workspaceTree(projectRoot: string, path: string, depth: number): WorkspaceTree {
  const root = realpathSync(projectRoot);
  const directory = resolveExistingInProject(root, path === "" ? "." : path);
  const listing = listDirectory(root, directory, depth);
  return {
    root,
    path: projectRelative(root, directory),
    entries: listing.entries,
    truncated: listing.truncated,
    excluded_patterns: EXCLUDED_DIRECTORIES,
  };
}

function listDirectory(
  root: string,
  directory: string,
  depth: number,
): { entries: WorkspaceEntry[]; truncated: boolean } {
  if (!lstatSync(directory).isDirectory()) throw new Error("the path is not a directory");
  const dirents = readdirSync(directory, { withFileTypes: true })
    .filter((dirent) => !(dirent.isDirectory() && EXCLUDED_DIRECTORIES.includes(dirent.name)))
    .sort(byTypeThenName);
  const truncated = dirents.length > MAX_ENTRIES_PER_DIRECTORY;
  const entries = dirents.slice(0, MAX_ENTRIES_PER_DIRECTORY).map((dirent) => {
    const absolute = join(directory, dirent.name);
    const entry: WorkspaceEntry = {
      name: dirent.name,
      path: projectRelative(root, absolute),
      type: typeOf(dirent),
    };
    if (dirent.isFile()) entry.size = lstatSync(absolute).size;
    if (dirent.isDirectory() && depth > 1) {
      const children = listDirectory(root, absolute, depth - 1);
      entry.children = children.entries;
      if (children.truncated) entry.truncated = true;
    }
    return entry;
  });
  return { entries, truncated };
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
