import { realpathSync } from "node:fs";
import { resolve } from "node:path";
import { ApiError } from "../api-error.ts";

/**
 * Checks a request's `project_root` (optional: a server serves one project) and returns the server's.
 * The comparison is on canonical paths, so a path through a symlink (macOS's `/var` for `/private/var`)
 * names the same project. A different project is "not found" rather than silently answered with this
 * project's data.
 */
export function requireProject(projectRoot: string, requested: string | undefined): string {
  if (requested !== undefined && canonical(requested) !== projectRoot) {
    throw new ApiError(
      "not_found",
      `this server serves ${JSON.stringify(projectRoot)}, not ${JSON.stringify(requested)}`,
    );
  }
  return projectRoot;
}

function canonical(path: string): string {
  const absolute = resolve(path);
  try {
    return realpathSync(absolute);
  } catch {
    return absolute;
  }
}
