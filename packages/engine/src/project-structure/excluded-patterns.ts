import type { ProjectStructureJob } from "./build-project-structure.ts";

/** Names a project structure always leaves out, whatever `.gitignore` says. */
export const ALWAYS_EXCLUDED: readonly string[] = [".git", "node_modules"];

/**
 * What a structure says it left out: the fixed names, `.gitignore` rules and the job's own patterns. In a file
 * of its own so the server, which only describes structures it could not build, does not load the builder (the
 * worker's code, with its MIME table and ignore rules).
 */
export function excludedPatternsOf(job: ProjectStructureJob): string[] {
  return [...ALWAYS_EXCLUDED, ".gitignore rules", ...job.excludedPatterns];
}
