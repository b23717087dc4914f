import { readdir } from "node:fs/promises";
import { join, relative } from "node:path";

/** Folders never read for an external agent's change report: tool caches and version control. */
const SKIPPED = new Set([".git", "node_modules", ".hg", ".svn", "dist", "build", ".next", ".cache"]);
/** Most files read; a bigger project reports the changes among these only. */
export const PROJECT_FILES_LIMIT = 2000;

/**
 * The project's files (paths relative to its root), breadth first, without following symlinks, skipping
 * caches and version control, at most `limit`. An external agent CLI edits files itself, so Parley reads
 * them before and after its run to report what it changed.
 */
export async function projectFiles(projectRoot: string, limit = PROJECT_FILES_LIMIT): Promise<string[]> {
  const files: string[] = [];
  const folders = [projectRoot];
  for (let index = 0; index < folders.length && files.length < limit; index++) {
    const folder = folders[index] as string;
    const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      if (entry.isDirectory() && !SKIPPED.has(entry.name)) folders.push(join(folder, entry.name));
      else if (entry.isFile() && files.length < limit)
        files.push(relative(projectRoot, join(folder, entry.name)));
    }
  }
  return files;
}
