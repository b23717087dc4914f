import { join, relative } from "node:path";
import { listFolder } from "@parley/engine/util";

/** Folders never read for an external agent's change report: tool caches and version control. */
const SKIPPED = new Set([".git", "node_modules", ".hg", ".svn", "dist", "build", ".next", ".cache"]);

/** How much of a project is looked at for an external agent's change report. */
export interface ProjectFilesLimits {
  /** Files read at most; a bigger project reports the changes among these only. */
  files: number;
  /** Folders listed at most: a repository of 50,000 empty folders held no file and was walked to the end. */
  folders: number;
  /** Entries of one folder listed at most (then sorted): a folder of 200,000 files took 0.16 s to sort. */
  entriesPerFolder: number;
}

/** The limits runs use. */
export const PROJECT_FILES_LIMITS: ProjectFilesLimits = {
  files: 2000,
  folders: 2000,
  entriesPerFolder: 5000,
};

/**
 * The project's files (paths relative to its root), breadth first, without following symlinks, skipping
 * caches and version control, within `limits`. An external agent CLI edits files itself, so Parley reads
 * them before and after its run to report what it changed; a cloned repository decides how big it is.
 */
export async function projectFiles(
  projectRoot: string,
  limits: ProjectFilesLimits = PROJECT_FILES_LIMITS,
): Promise<string[]> {
  const files: string[] = [];
  const folders = [projectRoot];
  for (let index = 0; index < folders.length && files.length < limits.files; index++) {
    const folder = folders[index] as string;
    const { entries } = await listFolder(folder, limits.entriesPerFolder);
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      if (entry.isDirectory() && !SKIPPED.has(entry.name)) {
        if (folders.length < limits.folders) folders.push(join(folder, entry.name));
      } else if (entry.isFile() && files.length < limits.files)
        files.push(relative(projectRoot, join(folder, entry.name)));
    }
  }
  return files;
}
