import { join } from "node:path";
import { confinePath } from "../permissions/confine-path.ts";
import { listFolder } from "../util/list-folder.ts";
import type { CommandFolder } from "./command-folders.ts";

/** How deep namespaces go below `.claude/commands/` (`a/b/c/name.md`). */
export const MAX_COMMAND_DEPTH = 3;

/** Most folder entries looked at in one command folder, so a huge tree cannot hold a read up. */
export const MAX_FOLDER_ENTRIES = 2000;

/** A `.md` file found in a command folder. */
export interface FoundCommandFile {
  /** Project-relative for the project's folders, absolute for the person's. */
  path: string;
  /** The names below the command folder, ending with the file's. */
  parts: string[];
}

/**
 * The `.md` files of one command folder, sorted, its subfolders too when the folder is nested (real folders
 * only: a symlinked folder is not entered). A project folder is confined first: a `.claude` that is a
 * symlink out of the project yields nothing and says so.
 */
export async function findCommandFiles(
  projectRoot: string,
  folder: CommandFolder,
): Promise<{ files: FoundCommandFile[]; problem?: string }> {
  let start: string;
  if (folder.source === "project") {
    try {
      const confined = await confinePath(projectRoot, folder.path, { intent: "read" });
      if (confined.kind !== "directory") return { files: [] };
      start = confined.absolute;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOENT" || code === "ENOTDIR") return { files: [] };
      return { files: [], problem: (error as Error).message.replace(/[.\s]+$/, "") };
    }
  } else start = folder.path;
  const files: FoundCommandFile[] = [];
  let budget = MAX_FOLDER_ENTRIES;
  let overflow = false;
  const walk = async (absolute: string, parts: string[]): Promise<void> => {
    const { entries, more } = await listFolder(absolute, Math.max(budget, 0));
    if (more) overflow = true;
    entries.sort((left, right) => (left.name < right.name ? -1 : left.name > right.name ? 1 : 0));
    for (const entry of entries) {
      if (--budget < 0) return;
      const below = [...parts, entry.name];
      if (entry.isDirectory()) {
        if (folder.nested && below.length <= MAX_COMMAND_DEPTH) {
          // Confined again before it is listed: a subfolder swapped for a symlink out since the listing above.
          const inside = await insideFolder(projectRoot, folder, below);
          if (inside !== undefined) await walk(inside, below);
        }
      } else if ((entry.isFile() || entry.isSymbolicLink()) && /\.md$/i.test(entry.name)) {
        files.push({
          path: folder.source === "project" ? [folder.path, ...below].join("/") : join(start, ...below),
          parts: below,
        });
      }
    }
  };
  await walk(start, []);
  return budget < 0 || overflow
    ? { files, problem: `it has more than ${MAX_FOLDER_ENTRIES} entries; the rest were not looked at` }
    : { files };
}

/** A project subfolder's real path when it is still a folder inside the project; the person's own as they are. */
async function insideFolder(
  projectRoot: string,
  folder: CommandFolder,
  below: readonly string[],
): Promise<string | undefined> {
  if (folder.source !== "project") return join(folder.path, ...below);
  try {
    const confined = await confinePath(projectRoot, [folder.path, ...below].join("/"), { intent: "read" });
    return confined.kind === "directory" ? confined.absolute : undefined;
  } catch {
    return undefined;
  }
}
