import type { EngineTool } from "./engine-tool.ts";

/** The tools whose calls change files, each naming the file in `file_path`. */
const FILE_WRITERS = new Set(["Write", "Edit"]);

/**
 * Runs before a `Write` or `Edit` changes the file it names (as given, not yet confined); what it returns
 * runs once the call has ended, told whether it failed (it threw, or returned an error).
 */
export type FileChangeHook = (
  filePath: string,
) => Promise<((ended: { failed: boolean }) => Promise<void>) | undefined>;

/**
 * `tools` with `Write` and `Edit` wrapped so `hook` sees each file before they change it and again after:
 * what a host needs to keep a file's content for a change report or a checkpoint. Other tools are as given;
 * a wrapped tool keeps every own field, only `execute` differs.
 */
export function watchFileWrites(tools: readonly EngineTool[], hook: FileChangeHook): EngineTool[] {
  return tools.map((tool) =>
    FILE_WRITERS.has(tool.name)
      ? {
          ...tool,
          execute: async (input, context) => {
            const filePath = (input as { file_path?: unknown }).file_path;
            const after = typeof filePath === "string" ? await hook(filePath) : undefined;
            let failed = true;
            try {
              const output = await tool.execute(input, context);
              failed = typeof output !== "string" && output.isError === true;
              return output;
            } finally {
              await after?.({ failed });
            }
          },
        }
      : tool,
  );
}
