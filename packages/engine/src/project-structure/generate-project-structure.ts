import { realpath } from "node:fs/promises";
import type { ProjectStructureData, ProjectStructureType } from "@parley/protocol";
import type { EnvironmentVariables } from "../config/resolve-model-config.ts";
import type { FileListOrder } from "./build-file-list.ts";
import {
  buildStructureInWorker,
  DEFAULT_PROJECT_STRUCTURE_BUDGET,
  type ProjectStructureBudget,
} from "./build-structure-in-worker.ts";

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
  /** Time and memory the worker may use (default 30 s per attempt, 1,024 MiB). */
  budget?: Partial<ProjectStructureBudget>;
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
 * graph, within the limits and saying so (`truncated`) when they cut it. A repository is untrusted input,
 * so the work runs in a worker thread with a time and memory budget (see `buildStructureInWorker`): the
 * caller's event loop stays free, and files that could not be used are listed as `problems`.
 */
export async function generateProjectStructure(
  options: ProjectStructureOptions,
): Promise<ProjectStructureData> {
  return JSON.parse(await generateProjectStructureJson(options)) as ProjectStructureData;
}

/**
 * `generateProjectStructure`'s answer as JSON text, for a caller that only sends it on (an HTTP response):
 * a structure of 100,000 files is then never parsed or serialized on the caller's thread.
 */
export async function generateProjectStructureJson(options: ProjectStructureOptions): Promise<string> {
  const job = {
    root: await realpath(options.root),
    type: options.type,
    order: options.order ?? "alphabetical",
    maxDepth: options.maxDepth ?? PROJECT_STRUCTURE_LIMITS.maxDepth,
    maxEntries: options.maxEntries ?? PROJECT_STRUCTURE_LIMITS.maxEntries,
    maxDependencies: options.maxDependencies ?? PROJECT_STRUCTURE_LIMITS.maxDependencies,
    excludedPatterns: [...(options.excludedPatterns ?? [])],
    generatedAt: (options.now ?? (() => new Date()))().toISOString(),
    known: [],
    ...(options.env && { gitEnvironment: options.env }),
  };
  const budget = { ...DEFAULT_PROJECT_STRUCTURE_BUDGET, ...options.budget };
  return buildStructureInWorker(job, budget, options.signal);
}
