import { lazySchema } from "@parley/protocol";
import { z } from "zod";
import { confinePath } from "../../permissions/confine-path.ts";
import { defineTool } from "../engine-tool.ts";
import { openConfinedForRead, writeConfinedFile } from "../fs/confined-file.ts";
import { readWholeText } from "../fs/text-content.ts";

/** The largest file `Edit` changes, in bytes. */
export const EDIT_MAX_BYTES = 10_000_000;

const DESCRIPTION = `Replaces an exact string in a project text file.
- file_path is relative to the project root (absolute paths, '..' and paths leading outside the project are refused).
- old_string must match the file exactly, including whitespace and indentation, and must occur exactly once unless replace_all is true; add surrounding lines to make it unique.
- replace_all replaces every occurrence (for renames).
- To create a file, use Write.`;

const EditInputSchema = lazySchema(() =>
  z.object({
    file_path: z.string().describe("Path of the file, relative to the project root"),
    old_string: z.string().min(1).describe("The exact text to replace"),
    new_string: z.string().describe("The text to put in its place"),
    replace_all: z.boolean().optional().describe("Replace every occurrence (default false)"),
  }),
);
/** `Edit`\'s input: the file, the exact text to replace, its replacement, and whether to replace all. */
export type EditInput = z.infer<typeof EditInputSchema>;

/** `Edit`: exact-string replacement in a project file. */
export const editTool = defineTool({
  name: "Edit",
  description: DESCRIPTION,
  inputSchema: EditInputSchema,
  requiresApproval: true,
  access: (input) => ({ kind: "write", path: input.file_path }),
  execute: async (input, context) => {
    if (input.old_string === input.new_string) {
      throw new Error("old_string and new_string are the same; there is nothing to change.");
    }
    const confined = await confinePath(context.cwd, input.file_path, {
      intent: "write",
      additionalRoots: context.additionalDirectories ?? [],
    });
    if (confined.kind === undefined) {
      throw new Error(`File does not exist: ${input.file_path}. Use Write to create it.`);
    }
    if (confined.kind === "directory") throw new Error(`${input.file_path} is a directory, not a file.`);
    const handle = await openConfinedForRead(confined, input.file_path);
    let text: string;
    try {
      text = await readWholeText(handle, input.file_path, EDIT_MAX_BYTES);
    } finally {
      await handle.close();
    }
    const edit = applyEdit(text, input);
    await writeConfinedFile(confined, edit.text, input.file_path);
    return editOutput(input.file_path, confined.relative, edit.occurrences);
  },
});

/**
 * `Edit`'s replacement on a file's text: `old_string` must occur exactly once (or `replace_all`); the
 * model is told what to do otherwise. Shared with hosts that keep files elsewhere (an editor's buffers).
 */
export function applyEdit(text: string, input: EditInput): { text: string; occurrences: number } {
  const parts = text.split(input.old_string);
  const occurrences = parts.length - 1;
  if (occurrences === 0) {
    throw new Error(`old_string was not found in ${input.file_path}; it must match the file exactly.`);
  }
  if (occurrences > 1 && !input.replace_all) {
    throw new Error(
      `old_string occurs ${occurrences} times in ${input.file_path}; include more surrounding text to pick one, or set replace_all to replace them all.`,
    );
  }
  return { text: parts.join(input.new_string), occurrences };
}

/** What `Edit` tells the model and SDK hosts after a successful edit. */
export function editOutput(shownPath: string, relativePath: string, occurrences: number) {
  return {
    content: `Edited ${shownPath}: replaced ${occurrences} occurrence${occurrences === 1 ? "" : "s"}.`,
    data: { filePath: relativePath, replacements: occurrences },
  };
}
