import { lazySchema } from "@parley/protocol";
import { z } from "zod";
import { confinePath } from "../../permissions/confine-path.ts";
import { defineTool } from "../engine-tool.ts";
import { writeConfinedFile } from "../fs/confined-file.ts";

/** The largest content `Write` accepts, in characters. */
export const WRITE_MAX_CHARS = 10_000_000;

const DESCRIPTION = `Writes a file in the project, replacing it if it exists and creating it (and missing folders) if not.
- file_path is relative to the project root (absolute paths, '..' and paths leading outside the project are refused).
- Prefer Edit for changing part of an existing file; use Write for new files or complete rewrites.
- Creating or changing configuration that runs code (.git, .vscode, .parley, MCP config, .env files) always needs the user's approval.`;

const WriteInputSchema = lazySchema(() =>
  z.object({
    file_path: z.string().describe("Path of the file, relative to the project root"),
    content: z.string().max(WRITE_MAX_CHARS).describe("The complete new content of the file"),
  }),
);

/** `Write`: creates or replaces a project file. */
export const writeTool = defineTool({
  name: "Write",
  description: DESCRIPTION,
  inputSchema: WriteInputSchema,
  requiresApproval: true,
  access: (input) => ({ kind: "write", path: input.file_path }),
  execute: async (input, context) => {
    const confined = await confinePath(context.cwd, input.file_path, {
      intent: "write",
      additionalRoots: context.additionalDirectories ?? [],
    });
    const { created } = await writeConfinedFile(confined, input.content, input.file_path);
    const bytes = Buffer.byteLength(input.content, "utf8");
    return {
      content: `${created ? "Created" : "Updated"} ${input.file_path} (${bytes} bytes).`,
      data: { type: created ? "create" : "update", filePath: confined.relative, bytes },
    };
  },
});
