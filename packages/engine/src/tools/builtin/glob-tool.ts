import { lstat } from "node:fs/promises";
import { lazySchema } from "@parley/protocol";
import { z } from "zod";
import { confinePath, shownPathBelow } from "../../permissions/confine-path.ts";
import { compileGlob } from "../../permissions/glob-pattern.ts";
import { defineTool } from "../engine-tool.ts";
import { exclusionBelow, exclusionNote } from "../fs/search-exclusion.ts";
import { walkProject } from "../fs/walk-project.ts";

/** Paths `Glob` returns at most. */
export const GLOB_MAX_RESULTS = 100;
/** Names `Glob` looks at before it stops. */
export const GLOB_MAX_VISITED = 50_000;

const DESCRIPTION = `Finds files in the project by glob pattern and returns their paths, most recently modified first.
- Patterns: '*' within a name, '**' across folders, '?', '[abc]', '{ts,tsx}'; e.g. '**/*.ts' or 'src/**/*.test.ts'.
- path (optional) is the folder to search, relative to the project root (or absolute, inside a directory added to the session); patterns are matched against paths relative to it.
- .git and node_modules are skipped and symlinked folders are not followed. At most ${GLOB_MAX_RESULTS} paths are returned.`;

const GlobInputSchema = lazySchema(() =>
  z.object({
    pattern: z.string().min(1).describe("Glob pattern, e.g. '**/*.ts'"),
    path: z
      .string()
      .optional()
      .describe(
        "Folder to search in, relative to the project root or absolute in an added directory (default: the root)",
      ),
  }),
);

/** `Glob`: project files matching a pattern, newest first, bounded. */
export const globTool = defineTool({
  name: "Glob",
  description: DESCRIPTION,
  inputSchema: GlobInputSchema,
  requiresApproval: false,
  access: (input) => ({ kind: "read", path: input.path ?? "." }),
  execute: async (input, context) => {
    const shown = input.path ?? ".";
    const confined = await confinePath(context.cwd, shown, {
      intent: "read",
      additionalRoots: context.additionalDirectories ?? [],
    });
    if (confined.kind !== "directory") throw new Error(`${shown} is not a folder.`);
    const matcher = compileGlob(input.pattern.replace(/^\.\//, ""));
    const base = confined.relative === "" ? "" : `${confined.relative}/`;
    const walk = walkProject({
      root: confined.root,
      start: confined.absolute,
      maxEntries: GLOB_MAX_VISITED,
      signal: context.signal,
      exclude: exclusionBelow(context, confined),
    });
    const matches: { path: string; modified: number }[] = [];
    let step = await walk.next();
    while (!step.done) {
      const entry = step.value;
      const path = shownPathBelow(confined, entry.absolute);
      if (entry.kind !== "directory" && matcher.test(path.slice(base.length))) {
        const info = await lstat(entry.absolute).catch(() => undefined);
        matches.push({ path, modified: info?.mtimeMs ?? 0 });
      }
      step = await walk.next();
    }
    matches.sort((left, right) => right.modified - left.modified || (left.path < right.path ? -1 : 1));
    const shownPaths = matches.slice(0, GLOB_MAX_RESULTS).map((match) => match.path);
    const notes: string[] = [];
    if (matches.length > GLOB_MAX_RESULTS) {
      notes.push(
        `[${matches.length - GLOB_MAX_RESULTS} more matches not shown; use a narrower pattern or path.]`,
      );
    }
    if (step.value.truncated) {
      notes.push(`[The search stopped after ${GLOB_MAX_VISITED} names; use a narrower path.]`);
    }
    const excluded = exclusionNote(step.value.excluded);
    if (excluded) notes.push(excluded);
    return {
      content: shownPaths.length === 0 ? "No files found." : [...shownPaths, ...notes].join("\n"),
      data: { filenames: shownPaths, numFiles: matches.length, truncated: notes.length > 0 },
    };
  },
});
