import { realpath } from "node:fs/promises";
import { basename } from "node:path";
import type { ProjectStructureData, ProjectStructureType } from "@parley/protocol";
import type { EnvironmentVariables } from "../config/resolve-model-config.ts";
import { buildFileList, type FileListOrder } from "./build-file-list.ts";
import { buildProjectTree } from "./build-project-tree.ts";
import { readProjectDependencies } from "./dependencies/read-project-dependencies.ts";
import { ALWAYS_EXCLUDED } from "./project-ignore.ts";
import { walkProjectFiles } from "./walk-project-files.ts";

/** What to generate and within which limits. */
export interface ProjectStructureOptions {
  /** The project root; symlinks inside it are never followed. */
  root: string;
  type: ProjectStructureType;
  /** For `file_list`: by path or recently changed first (default alphabetical). */
  order?: FileListOrder;
  /** Folder levels entered (default 12). */
  maxDepth?: number;
  /** Files and folders walked at most (default 20,000). */
  maxEntries?: number;
  /** Packages kept in a dependency graph (default 5,000). */
  maxDependencies?: number;
  /** Gitignore-style patterns to leave out besides `.git`, `node_modules` and `.gitignore`'s. */
  excludedPatterns?: readonly string[];
  signal?: AbortSignal;
  /** What git (for recently changed files) starts from; default this process's environment minus Parley's secrets. */
  env?: EnvironmentVariables;
  /** The clock for `generated_at` (tests fix it). */
  now?: () => Date;
}

/** The default limits, for callers that show them. */
export const PROJECT_STRUCTURE_LIMITS = { maxDepth: 12, maxEntries: 20_000, maxDependencies: 5_000 };

/**
 * Produces seed 001's ProjectStructure data for a project: its tree, its file list or its dependency
 * graph, walking the project asynchronously within the limits and saying so (`truncated`) when they cut it.
 */
export async function generateProjectStructure(
  options: ProjectStructureOptions,
): Promise<ProjectStructureData> {
  const root = await realpath(options.root);
  const excluded = [...ALWAYS_EXCLUDED, ".gitignore rules", ...(options.excludedPatterns ?? [])];
  const walk = walkProjectFiles({
    root,
    maxDepth: options.maxDepth ?? PROJECT_STRUCTURE_LIMITS.maxDepth,
    maxEntries: options.maxEntries ?? PROJECT_STRUCTURE_LIMITS.maxEntries,
    ...(options.excludedPatterns && { excludedPatterns: options.excludedPatterns }),
    ...(options.signal && { signal: options.signal }),
    withSizes: options.type !== "dependencies",
  });
  const common = {
    root_path: root,
    generated_at: (options.now ?? (() => new Date()))().toISOString(),
    excluded_patterns: excluded,
  };
  switch (options.type) {
    case "tree": {
      const { tree, truncated } = await buildProjectTree(basename(root), walk);
      return { ...common, structure_type: "tree", content: tree, ...(truncated && { truncated }) };
    }
    case "file_list": {
      const list = await buildFileList({
        root,
        walk,
        order: options.order ?? "alphabetical",
        ...(options.signal && { signal: options.signal }),
        ...(options.env && { env: options.env }),
      });
      return {
        ...common,
        structure_type: "file_list",
        content: list.files,
        ...(list.truncated && { truncated: true }),
        ...(list.omitted > 0 && { omitted_count: list.omitted }),
      };
    }
    case "dependencies": {
      const maxDependencies = options.maxDependencies ?? PROJECT_STRUCTURE_LIMITS.maxDependencies;
      const { graph, truncated } = await readProjectDependencies({ root, walk, maxDependencies });
      const cut = truncated || graph.omitted_count !== undefined;
      return { ...common, structure_type: "dependencies", content: graph, ...(cut && { truncated: true }) };
    }
  }
}
