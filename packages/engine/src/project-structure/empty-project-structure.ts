import { basename } from "node:path";
import type { ProjectStructureData, ProjectStructureProblem } from "@parley/protocol";
import type { ProjectStructureJob } from "./build-project-structure.ts";
import { excludedPatternsOf } from "./excluded-patterns.ts";
import { MAX_LISTED_PROBLEMS } from "./file-report.ts";

/** The structure a job gets when it could not be built at all: no content, cut short, and why. */
export function emptyProjectStructure(
  job: ProjectStructureJob,
  problems: readonly ProjectStructureProblem[],
): ProjectStructureData {
  const common = {
    root_path: job.root,
    generated_at: job.generatedAt,
    excluded_patterns: excludedPatternsOf(job),
    truncated: true,
    problems: problems.slice(0, MAX_LISTED_PROBLEMS),
    ...(problems.length > MAX_LISTED_PROBLEMS && {
      omitted_problem_count: problems.length - MAX_LISTED_PROBLEMS,
    }),
  };
  switch (job.type) {
    case "tree":
      return {
        ...common,
        structure_type: "tree",
        content: { name: basename(job.root), path: "", files: [], directories: [] },
      };
    case "file_list":
      return { ...common, structure_type: "file_list", content: [] };
    case "dependencies":
      return { ...common, structure_type: "dependencies", content: { manifests: [], dependencies: [] } };
  }
}
