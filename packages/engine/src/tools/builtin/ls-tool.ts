import { readlink } from "node:fs/promises";
import { join } from "node:path";
import { lazySchema } from "@parley/protocol";
import { z } from "zod";
import { confinePath } from "../../permissions/confine-path.ts";
import { matchesGlob } from "../../permissions/glob-pattern.ts";
import { listFolder } from "../../util/list-folder.ts";
import { defineTool } from "../engine-tool.ts";
import { exclusionBelow, exclusionNote } from "../fs/search-exclusion.ts";

/** Entries `LS` lists at most. */
export const LS_MAX_ENTRIES = 1000;
/**
 * Entries of a folder read at most (then sorted): `readdir` made every entry of a folder of 200,000 files in
 * one go and the sort followed, 114 ms of the event loop; a repository decides how big its folders are.
 */
export const LS_MAX_READ = 10_000;

const DESCRIPTION = `Lists one folder of the project: folders end with '/', symlinks are shown as 'name -> target' (never followed).
- path is relative to the project root; omit it (or use '.') for the root.
- ignore takes glob patterns of names to leave out.
- Use Glob to find files by pattern and Grep to search their contents.`;

const LsInputSchema = lazySchema(() =>
  z.object({
    path: z.string().optional().describe("Folder to list, relative to the project root (default: the root)"),
    ignore: z.array(z.string()).optional().describe("Glob patterns of names to leave out"),
  }),
);

/** `LS`: the entries of one project folder, bounded, symlinks not followed. */
export const lsTool = defineTool({
  name: "LS",
  description: DESCRIPTION,
  inputSchema: LsInputSchema,
  requiresApproval: false,
  access: (input) => ({ kind: "read", path: input.path ?? "." }),
  execute: async (input, context) => {
    const shown = input.path ?? ".";
    const confined = await confinePath(context.cwd, shown, {
      intent: "read",
      additionalRoots: context.additionalDirectories ?? [],
    });
    if (confined.kind === undefined) throw new Error(`Folder does not exist: ${shown}`);
    if (confined.kind !== "directory") throw new Error(`${shown} is a file; use Read to read it.`);
    const { entries, more, error } = await listFolder(confined.absolute, LS_MAX_READ);
    // A folder the server may not read is not an empty one.
    if (error !== undefined) throw new Error(`Cannot list ${shown}: ${error.code ?? error.message}`);
    const ignore = input.ignore ?? [];
    const excludedByRule = exclusionBelow(context, confined);
    const listed = entries.filter(
      (entry) => !excludedByRule?.(join(confined.absolute, entry.name), entry.isDirectory()),
    );
    const names = listed
      .filter((entry) => !ignore.some((pattern) => matchesGlob(pattern, entry.name)))
      .sort((left, right) => (left.name < right.name ? -1 : left.name > right.name ? 1 : 0));
    const lines: string[] = [];
    for (const entry of names.slice(0, LS_MAX_ENTRIES)) {
      if (entry.isSymbolicLink()) {
        const target = await readlink(join(confined.absolute, entry.name)).catch(() => "?");
        lines.push(`${entry.name} -> ${target}`);
      } else lines.push(entry.isDirectory() ? `${entry.name}/` : entry.name);
    }
    if (more) {
      lines.push(
        `[The folder holds more than ${LS_MAX_READ} entries: these are the first ${Math.min(names.length, LS_MAX_ENTRIES)} by name of ${LS_MAX_READ} read; use Glob to narrow down.]`,
      );
    } else if (names.length > LS_MAX_ENTRIES) {
      lines.push(`[${names.length - LS_MAX_ENTRIES} more entries not shown; use Glob to narrow down.]`);
    }
    const excluded = exclusionNote(entries.length - listed.length);
    if (excluded) lines.push(excluded);
    const folder = confined.relative === "" ? "." : confined.relative;
    return {
      content: lines.length === 0 ? `${folder}/ is empty.` : lines.join("\n"),
      data: { path: folder, entries: names.length, truncated: more || names.length > LS_MAX_ENTRIES },
    };
  },
});
