import { realpath } from "node:fs/promises";
import { basename } from "node:path";
import type { ProjectStructureData, ProjectStructureProblem, ProjectStructureType } from "@parley/protocol";
import type { EnvironmentVariables } from "../config/resolve-model-config.ts";
import { buildFileList, type FileListOrder } from "./build-file-list.ts";
import { buildProjectTree } from "./build-project-tree.ts";
import { readProjectDependencies } from "./dependencies/read-project-dependencies.ts";
import { excludedPatternsOf } from "./excluded-patterns.ts";
import { type FileProgress, FileReport } from "./file-report.ts";
import { walkProjectFiles } from "./walk-project-files.ts";

/** One structure to build, as plain data: it crosses to the worker that builds it. */
export interface ProjectStructureJob {
  /** The project root; symlinks inside it are never followed. */
  root: string;
  type: ProjectStructureType;
  order: FileListOrder;
  maxDepth: number;
  maxEntries: number;
  maxDependencies: number;
  excludedPatterns: readonly string[];
  /** When the structure counts as generated (ISO 8601). */
  generatedAt: string;
  /** Files an earlier attempt was stopped on: listed as problems and not read again. */
  known: readonly ProjectStructureProblem[];
  /** What git (for recently changed files) starts from; default the worker's own environment. */
  gitEnvironment?: EnvironmentVariables;
}

/**
 * Builds seed 001's ProjectStructure data in this thread: the project's tree, its file list or its
 * dependency graph, walking it asynchronously within the job's limits and saying so (`truncated`) when
 * they cut it; files it cannot use are `problems`. `onProgress` hears which file is being read and worked
 * on, and which have been read, so whoever runs this in a worker can name the file it had to stop on.
 */
export async function buildProjectStructure(
  job: ProjectStructureJob,
  onProgress?: (progress: FileProgress) => void,
  signal?: AbortSignal,
): Promise<ProjectStructureData> {
  const root = await realpath(job.root);
  const report = new FileReport(onProgress, job.known);
  const walk = walkProjectFiles({
    root,
    maxDepth: job.maxDepth,
    maxEntries: job.maxEntries,
    excludedPatterns: job.excludedPatterns,
    withSizes: job.type !== "dependencies",
    report,
    ...(signal && { signal }),
  });
  const common = {
    root_path: root,
    generated_at: job.generatedAt,
    excluded_patterns: excludedPatternsOf(job),
  };
  switch (job.type) {
    case "tree": {
      const { tree, truncated } = await buildProjectTree(basename(root), walk);
      return {
        ...common,
        structure_type: "tree",
        content: tree,
        ...(truncated && { truncated }),
        ...report.fields(),
      };
    }
    case "file_list": {
      const list = await buildFileList({
        root,
        walk,
        order: job.order,
        ...(signal && { signal }),
        ...(job.gitEnvironment && { env: job.gitEnvironment }),
      });
      return {
        ...common,
        structure_type: "file_list",
        content: list.files,
        ...(list.truncated && { truncated: true }),
        ...(list.omitted > 0 && { omitted_count: list.omitted }),
        ...report.fields(),
      };
    }
    case "dependencies": {
      const { graph, truncated } = await readProjectDependencies({
        root,
        walk,
        maxDependencies: job.maxDependencies,
        report,
      });
      const cut = truncated || graph.omitted_count !== undefined;
      return {
        ...common,
        structure_type: "dependencies",
        content: graph,
        ...(cut && { truncated: true }),
        ...report.fields(),
      };
    }
  }
}
