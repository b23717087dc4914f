import { resolve } from "node:path";
import { ApiError } from "../api-error.ts";

/**
 * Checks a request's `project_root` (optional: a server serves one project) and returns the server's.
 * A different project is "not found" rather than silently answered with this project's data.
 */
export function requireProject(projectRoot: string, requested: string | undefined): string {
  if (requested !== undefined && resolve(requested) !== projectRoot) {
    throw new ApiError(
      "not_found",
      `this server serves ${JSON.stringify(projectRoot)}, not ${JSON.stringify(requested)}`,
    );
  }
  return projectRoot;
}
