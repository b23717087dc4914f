import {
  type EngineTool,
  type EnvironmentVariables,
  type FileCheckpoints,
  watchFileWrites,
} from "@parley/engine";

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
  return watchFileWrites(tools, async (filePath) => {
    const kept = await checkpoints.beforeChange(filePath);
    return async ({ failed }) => {
      if (failed && kept !== undefined) await checkpoints.settle(kept);
    };
  });
}
