import { lazySchema, ProjectStructureTypeSchema } from "@parley/protocol";
import { z } from "zod";
import type { EnvironmentVariables } from "../config/resolve-model-config.ts";
import { defineTool, type EngineTool } from "../tools/engine-tool.ts";
import { generateProjectStructure } from "./generate-project-structure.ts";
import { projectStructureModelText } from "./project-structure-model-text.ts";

const DESCRIPTION = `Shows the structure of the whole project in one call: its directory tree, a flat file list, or its dependency graph.
- type "tree": folders and files with size and language; "file_list": every file, alphabetically or most recently changed first (order "relevance"); "dependencies": packages from package.json/package-lock.json/pnpm-lock.yaml/yarn.lock, Cargo.toml/Cargo.lock, pyproject.toml/requirements.txt/uv.lock/poetry.lock and go.mod/go.sum, direct and transitive, with dev and optional flags, across workspaces.
- .git, node_modules and whatever .gitignore ignores are left out; exclude adds gitignore-style patterns.
- Large projects are cut at a depth and an entry count, and the output says so. Files it could not use (too large, invalid, too slow to read) are listed first as problems.
- Use LS, Glob and Read to look closer.`;

/** The tool's name, as the model calls it. */
export const PROJECT_STRUCTURE_TOOL_NAME = "ProjectStructure";

/**
 * Entries the tool walks at most: the model reads a summary within its token budget anyway, and hosts store
 * the whole structure as a card, which should stay small enough to send to every open tab.
 */
export const PROJECT_STRUCTURE_TOOL_MAX_ENTRIES = 5_000;

/** The input of the `ProjectStructure` tool. */
export const ProjectStructureInputSchema = lazySchema(() =>
  z.object({
    type: ProjectStructureTypeSchema.describe("tree, file_list or dependencies"),
    order: z
      .enum(["alphabetical", "relevance"])
      .optional()
      .describe("file_list order: alphabetical (default) or relevance (recently changed first)"),
    max_depth: z.number().int().min(1).max(64).optional().describe("Folder levels to enter (default 12)"),
    exclude: z.array(z.string()).optional().describe("Extra gitignore-style patterns to leave out"),
  }),
);

/** How `ProjectStructure` runs git for "recently changed" (every field has a default). */
export interface ProjectStructureToolOptions {
  /** What git starts from, asked for at each call (default: this process's environment minus Parley's secrets). */
  environment?: () => EnvironmentVariables | Promise<EnvironmentVariables>;
}

/**
 * `ProjectStructure`: seed 001's ProjectStructure message for the project (read-only, no approval). The
 * model gets a summary within a token budget; the whole message goes out as the result's `data`, which
 * hosts show as a ProjectStructure card.
 */
export function createProjectStructureTool(options: ProjectStructureToolOptions = {}): EngineTool {
  return defineTool({
    name: PROJECT_STRUCTURE_TOOL_NAME,
    description: DESCRIPTION,
    inputSchema: ProjectStructureInputSchema,
    requiresApproval: false,
    access: () => ({ kind: "read", path: "." }),
    execute: async (input, context) => {
      const env = await options.environment?.();
      const structure = await generateProjectStructure({
        root: context.cwd,
        type: input.type,
        maxEntries: PROJECT_STRUCTURE_TOOL_MAX_ENTRIES,
        ...(input.order && { order: input.order }),
        ...(input.max_depth && { maxDepth: input.max_depth }),
        ...(input.exclude && { excludedPatterns: input.exclude }),
        signal: context.signal,
        ...(env && { env }),
      });
      return {
        content: projectStructureModelText(structure),
        data: { kind: "ProjectStructure", data: structure },
      };
    },
  });
}

/** `ProjectStructure` with its defaults. */
export const projectStructureTool: EngineTool = createProjectStructureTool();
