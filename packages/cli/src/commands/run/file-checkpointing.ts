import type { EngineTool, EnvironmentVariables, FileCheckpoints } from "@parley/engine";

/** The tools whose calls change files, each naming the file in `file_path`. */
const FILE_WRITERS = new Set(["Write", "Edit"]);

/**
 * Whether the host asked for file checkpoints: the official SDK's `enableFileCheckpointing` starts the CLI
 * with `CLAUDE_CODE_ENABLE_SDK_FILE_CHECKPOINTING=true`.
 */
export function checkpointingRequested(env: EnvironmentVariables): boolean {
  const value = env.CLAUDE_CODE_ENABLE_SDK_FILE_CHECKPOINTING?.trim().toLowerCase();
  return value === "true" || value === "1";
}

/**
 * `Write` and `Edit` keep the file they name in the current checkpoint before they change it; a call that
 * fails and left the file as it was keeps nothing.
 */
export function withCheckpoints(tools: readonly EngineTool[], checkpoints: FileCheckpoints): EngineTool[] {
  return tools.map((tool) =>
    FILE_WRITERS.has(tool.name)
      ? {
          ...tool,
          execute: async (input, context) => {
            const filePath = (input as { file_path?: unknown }).file_path;
            const kept = typeof filePath === "string" ? await checkpoints.beforeChange(filePath) : undefined;
            let failed = true;
            try {
              const output = await tool.execute(input, context);
              failed = typeof output !== "string" && output.isError === true;
              return output;
            } finally {
              if (failed && kept !== undefined) await checkpoints.settle(kept);
            }
          },
        }
      : tool,
  );
}
