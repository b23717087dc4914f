import { lazySchema } from "@parley/protocol";
import { z } from "zod";
import { type ConfinedPath, confinePath, shownPathBelow } from "../../permissions/confine-path.ts";
import { compileGlob } from "../../permissions/glob-pattern.ts";
import { defineTool } from "../engine-tool.ts";
import { exclusionBelow, exclusionNote } from "../fs/search-exclusion.ts";
import { walkProject } from "../fs/walk-project.ts";
import type { GrepMatcher } from "./grep-matcher.ts";
import { formatGrepResults, type GrepOutputMode } from "./grep-output.ts";
import { GREP_MAX_FILE_BYTES, GrepSearch } from "./grep-search.ts";

export { GREP_MAX_FILE_BYTES } from "./grep-search.ts";

/** Names `Grep` looks at before it stops. */
export const GREP_MAX_VISITED = 50_000;

const DESCRIPTION = `Searches the contents of project files with a JavaScript regular expression.
- output_mode: "files_with_matches" (default, file paths), "content" (matching lines as path:line:text, with -A/-B/-C context lines) or "count" (matches per file).
- path (optional) is a file or folder relative to the project root (or absolute, inside a directory added to the session); glob filters file names (e.g. '*.ts', '*.{ts,tsx}', 'src/**/*.js').
- "-i" ignores case; head_limit caps the lines of output (default 250).
- .git, node_modules, binary files and files over ${GREP_MAX_FILE_BYTES} bytes are skipped; symlinks are not followed.`;

const GrepInputSchema = lazySchema(() =>
  z.object({
    pattern: z.string().min(1).describe("Regular expression (JavaScript syntax)"),
    path: z
      .string()
      .optional()
      .describe("File or folder to search, relative to the project root or absolute in an added directory"),
    glob: z.string().optional().describe("Only files whose path matches this glob"),
    output_mode: z.enum(["files_with_matches", "content", "count"]).optional(),
    "-i": z.boolean().optional().describe("Ignore case"),
    "-n": z.boolean().optional().describe("Show line numbers in content mode (default true)"),
    "-A": z.number().int().min(0).max(50).optional().describe("Lines of context after each match"),
    "-B": z.number().int().min(0).max(50).optional().describe("Lines of context before each match"),
    "-C": z.number().int().min(0).max(50).optional().describe("Lines of context around each match"),
    head_limit: z.number().int().min(1).optional().describe("Output lines at most (default 250)"),
  }),
);

/** What a `Grep` tool is given: tests pass a matcher with a shorter deadline. */
export interface GrepToolOptions {
  matcher?: GrepMatcher;
}

/**
 * `Grep`: a regular-expression search over project files, bounded. The walk, confinement, reading and
 * output stay on the event loop; the lines are matched in a worker thread with a deadline (grep-matcher.ts),
 * so a pattern that backtracks for ever fails its own search instead of freezing the process.
 */
export function createGrepTool(options: GrepToolOptions = {}) {
  return defineTool({
    name: "Grep",
    description: DESCRIPTION,
    inputSchema: GrepInputSchema,
    requiresApproval: false,
    access: (input) => ({ kind: "read", path: input.path ?? "." }),
    execute: async (input, context) => {
      const flags = input["-i"] ? "i" : "";
      try {
        new RegExp(input.pattern, flags);
      } catch (error) {
        throw new Error(`The pattern is not a valid regular expression: ${(error as Error).message}`);
      }
      const shown = input.path ?? ".";
      const confined = await confinePath(context.cwd, shown, {
        intent: "read",
        additionalRoots: context.additionalDirectories ?? [],
      });
      if (confined.kind === undefined) throw new Error(`Path does not exist: ${shown}`);
      const mode: GrepOutputMode = input.output_mode ?? "files_with_matches";
      const around = input["-C"] ?? 0;
      const before = mode === "content" ? (input["-B"] ?? around) : 0;
      const after = mode === "content" ? (input["-A"] ?? around) : 0;
      const headLimit = input.head_limit ?? 250;
      const search = new GrepSearch({
        pattern: input.pattern,
        flags,
        mode,
        before,
        after,
        // Content beyond what will be shown is not worth keeping in memory (a single file is searched whole).
        stopAfterLines: confined.kind === "file" ? Number.POSITIVE_INFINITY : headLimit,
        signal: context.signal,
        ...(options.matcher && { matcher: options.matcher }),
      });
      const fileFilter = input.glob ? compileGlob(input.glob, { matchBase: true }) : undefined;
      const base = confined.kind === "directory" && confined.relative !== "" ? `${confined.relative}/` : "";
      let truncated = false;
      let excluded = 0;
      const add = async (file: ConfinedPath) => {
        if (!fileFilter || fileFilter.test(file.relative.slice(base.length))) await search.add(file);
      };
      if (confined.kind === "file") await add(confined);
      else {
        const walk = walkProject({
          root: confined.root,
          start: confined.absolute,
          maxEntries: GREP_MAX_VISITED,
          signal: context.signal,
          exclude: exclusionBelow(context, confined),
        });
        let step = await walk.next();
        while (!step.done && !search.stopped) {
          const entry = step.value;
          if (entry.kind === "file") {
            await add({
              root: confined.root,
              absolute: entry.absolute,
              relative: shownPathBelow(confined, entry.absolute),
              kind: "file",
            });
          }
          step = await walk.next();
        }
        if (step.done && !search.stopped) {
          truncated = step.value.truncated;
          excluded = step.value.excluded;
        }
      }
      await search.finish();
      if (search.stopped) {
        truncated = true;
        excluded = 0;
      }
      const results = search.results.sort((left, right) =>
        left.path < right.path ? -1 : left.path > right.path ? 1 : 0,
      );
      const content = formatGrepResults(results, {
        mode,
        lineNumbers: input["-n"] ?? true,
        headLimit,
        withContext: before + after > 0,
      });
      const notes: string[] = [];
      if (search.skipped > 0)
        notes.push(`[${search.skipped} binary, unreadable or oversized files were skipped.]`);
      if (truncated) notes.push(`[The search stopped after ${GREP_MAX_VISITED} names; use a narrower path.]`);
      const excludedNote = exclusionNote(excluded);
      if (excludedNote) notes.push(excludedNote);
      return {
        content: [content.text, ...notes].join("\n"),
        data: {
          mode,
          numFiles: results.length,
          numMatches: results.reduce((total, file) => total + file.count, 0),
          truncated: content.truncated || truncated,
        },
      };
    },
  });
}

/** `Grep` with the process's shared matcher. */
export const grepTool = createGrepTool();
