import { lazySchema } from "@parley/protocol";
import { z } from "zod";
import { confinePath } from "../../permissions/confine-path.ts";
import { defineTool } from "../engine-tool.ts";
import { cappedLines } from "../fs/capped-lines.ts";
import { openConfinedForRead } from "../fs/confined-file.ts";
import { looksBinary, sniff } from "../fs/text-content.ts";

/** Lines `Read` returns when no `limit` is given. */
export const READ_DEFAULT_LIMIT = 2000;
/** Longer lines are cut to this many characters. */
export const READ_MAX_LINE_CHARS = 2000;
/** `Read` stops once its answer reaches this many characters (the model is told where to go on). */
export const READ_MAX_OUTPUT_CHARS = 100_000;

const DESCRIPTION = `Reads a text file in the project and returns its lines numbered like \`cat -n\` (line number, tab, text).
- file_path is relative to the project root (absolute paths, '..' and paths leading outside the project are refused).
- By default it returns up to ${READ_DEFAULT_LIMIT} lines from the start; use offset (1-based line) and limit to read long files in parts.
- Lines longer than ${READ_MAX_LINE_CHARS} characters are cut. Binary files are not shown.
- Use LS for folders and Grep or Glob to find files.`;

const ReadInputSchema = lazySchema(() =>
  z.object({
    file_path: z.string().describe("Path of the file, relative to the project root"),
    offset: z.number().int().min(1).optional().describe("Line to start at (1-based)"),
    limit: z.number().int().min(1).optional().describe("How many lines to read"),
  }),
);

/** `Read`: numbered lines of a project text file, in pages. */
export const readTool = defineTool({
  name: "Read",
  description: DESCRIPTION,
  inputSchema: ReadInputSchema,
  requiresApproval: false,
  access: (input) => ({ kind: "read", path: input.file_path }),
  execute: async (input, context) => {
    const confined = await confinePath(context.cwd, input.file_path, {
      intent: "read",
      additionalRoots: context.additionalDirectories ?? [],
    });
    if (confined.kind === undefined) throw new Error(`File does not exist: ${input.file_path}`);
    if (confined.kind === "directory") {
      throw new Error(`${input.file_path} is a directory; use LS to list it.`);
    }
    const handle = await openConfinedForRead(confined, input.file_path);
    try {
      const { size } = await handle.stat();
      if (looksBinary(await sniff(handle))) {
        return {
          content: `${input.file_path} is a binary file (${size} bytes); it is not shown.`,
          isError: true,
        };
      }
      const offset = input.offset ?? 1;
      const limit = input.limit ?? READ_DEFAULT_LIMIT;
      const stream = handle.createReadStream({ encoding: "utf8", start: 0, autoClose: false });
      const lines = cappedLines(stream, READ_MAX_LINE_CHARS, context.signal);
      const shown: string[] = [];
      let lineNumber = 0;
      let chars = 0;
      let stoppedAt: number | undefined;
      let more = false;
      for await (const { text: line, cut } of lines) {
        if (context.signal.aborted) break;
        lineNumber += 1;
        if (lineNumber < offset) continue;
        if (shown.length >= limit) {
          more = true;
          break;
        }
        const text = cut ? `${line}… [line cut]` : line;
        const numbered = `${String(lineNumber).padStart(6)}\t${text}`;
        if (chars + numbered.length > READ_MAX_OUTPUT_CHARS) {
          stoppedAt = lineNumber;
          break;
        }
        shown.push(numbered);
        chars += numbered.length + 1;
      }
      await lines.return(undefined);
      stream.destroy();
      const data = { filePath: confined.relative, startLine: offset, numLines: shown.length, size };
      if (size === 0) return { content: `${input.file_path} is empty.`, data };
      if (shown.length === 0) {
        return {
          content: `${input.file_path} has ${lineNumber} lines; offset ${offset} is past the end.`,
          isError: true,
          data,
        };
      }
      const notes: string[] = [];
      if (stoppedAt !== undefined) {
        notes.push(
          `[Output stopped at ${READ_MAX_OUTPUT_CHARS} characters; continue with offset ${stoppedAt}.]`,
        );
      } else if (more) {
        notes.push(`[More lines follow; continue with offset ${offset + shown.length}.]`);
      }
      return { content: [...shown, ...notes].join("\n"), data };
    } finally {
      await handle.close();
    }
  },
});
