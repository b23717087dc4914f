import { lazySchema } from "@parley/protocol";
import { z } from "zod";
import { type ConfinedPath, confinePath, shownPathBelow } from "../../permissions/confine-path.ts";
import { compileGlob } from "../../permissions/glob-pattern.ts";
import { defineTool } from "../engine-tool.ts";
import { openConfinedForRead } from "../fs/confined-file.ts";
import { exclusionBelow, exclusionNote } from "../fs/search-exclusion.ts";
import { BINARY_SNIFF_BYTES, looksBinary } from "../fs/text-content.ts";
import { walkProject } from "../fs/walk-project.ts";
import {
  formatGrepResults,
  type GrepFileMatches,
  type GrepOutputMode,
  matchingLines,
} from "./grep-output.ts";

/** Files larger than this are not searched. */
export const GREP_MAX_FILE_BYTES = 5_000_000;
/** Names `Grep` looks at before it stops. */
export const GREP_MAX_VISITED = 50_000;
/** Lines are matched on at most this many characters (keeps a pathological line from stalling a search). */
const MAX_MATCHED_LINE_CHARS = 10_000;

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

/** `Grep`: a regular-expression search over project files, in Node, bounded. */
export const grepTool = defineTool({
  name: "Grep",
  description: DESCRIPTION,
  inputSchema: GrepInputSchema,
  requiresApproval: false,
  access: (input) => ({ kind: "read", path: input.path ?? "." }),
  execute: async (input, context) => {
    let regex: RegExp;
    try {
      regex = new RegExp(input.pattern, input["-i"] ? "i" : "");
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
    const options: SearchOptions = {
      mode,
      before: mode === "content" ? (input["-B"] ?? around) : 0,
      after: mode === "content" ? (input["-A"] ?? around) : 0,
    };
    const headLimit = input.head_limit ?? 250;
    const fileFilter = input.glob ? compileGlob(input.glob, { matchBase: true }) : undefined;
    const base = confined.kind === "directory" && confined.relative !== "" ? `${confined.relative}/` : "";
    const results: GrepFileMatches[] = [];
    let shownLines = 0;
    let skipped = 0;
    let truncated = false;
    let excluded = 0;
    const search = async (file: ConfinedPath) => {
      if (fileFilter && !fileFilter.test(file.relative.slice(base.length))) return;
      const found = await searchFile(file, regex, options);
      if (found === "skipped") skipped += 1;
      else if (found.count > 0) {
        results.push(found);
        shownLines += found.lines.length;
      }
    };
    if (confined.kind === "file") await search(confined);
    else {
      const walk = walkProject({
        root: confined.root,
        start: confined.absolute,
        maxEntries: GREP_MAX_VISITED,
        signal: context.signal,
        exclude: exclusionBelow(context, confined),
      });
      let step = await walk.next();
      while (!step.done) {
        const entry = step.value;
        if (entry.kind === "file") {
          await search({
            root: confined.root,
            absolute: entry.absolute,
            relative: shownPathBelow(confined, entry.absolute),
            kind: "file",
          });
        }
        // Content beyond what will be shown is not worth keeping in memory.
        if (mode === "content" && shownLines > headLimit) {
          truncated = true;
          break;
        }
        step = await walk.next();
      }
      if (step.done) {
        truncated = step.value.truncated;
        excluded = step.value.excluded;
      }
    }
    results.sort((left, right) => (left.path < right.path ? -1 : left.path > right.path ? 1 : 0));
    const content = formatGrepResults(results, {
      mode,
      lineNumbers: input["-n"] ?? true,
      headLimit,
      withContext: options.before + options.after > 0,
    });
    const notes: string[] = [];
    if (skipped > 0) notes.push(`[${skipped} binary, unreadable or oversized files were skipped.]`);
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

interface SearchOptions {
  mode: GrepOutputMode;
  before: number;
  after: number;
}

async function searchFile(
  file: ConfinedPath,
  regex: RegExp,
  options: SearchOptions,
): Promise<GrepFileMatches | "skipped"> {
  let handle: Awaited<ReturnType<typeof openConfinedForRead>>;
  try {
    handle = await openConfinedForRead(file, file.relative);
  } catch {
    return "skipped";
  }
  try {
    const { size } = await handle.stat();
    if (size > GREP_MAX_FILE_BYTES) return "skipped";
    const bytes = await handle.readFile();
    if (looksBinary(bytes.subarray(0, BINARY_SNIFF_BYTES))) return "skipped";
    const lines = bytes.toString("utf8").split(/\r?\n/);
    if (lines.at(-1) === "") lines.pop();
    if (options.mode === "files_with_matches") {
      const found = lines.some((line) => regex.test(line.slice(0, MAX_MATCHED_LINE_CHARS)));
      return { path: file.relative, count: found ? 1 : 0, lines: [] };
    }
    const { count, shown } = matchingLines(lines, regex, {
      ...options,
      maxMatchedChars: MAX_MATCHED_LINE_CHARS,
    });
    return { path: file.relative, count, lines: options.mode === "content" ? shown : [] };
  } finally {
    await handle.close();
  }
}
