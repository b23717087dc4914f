import type { FileCheckpoints } from "@parley/engine";
import type { RewindFilesResult } from "@parley/protocol";

/**
 * `rewind_files`: the files `Write` and `Edit` changed since the user message `user_message_id` put back as
 * they were then, as Claude Code answers it. Without checkpoints, or without one at that message, the answer
 * is `canRewind: false` with Claude Code's words; a real rewind that cannot be done is refused instead. As in
 * Claude Code, a rewind is not held back while a turn runs (the host decides; its writes may follow). Files
 * that could not be put back are counted in `skippedLinks` and each is named through `warn`.
 */
export async function rewindFilesForHost(
  request: Record<string, unknown>,
  checkpoints: FileCheckpoints | undefined,
  warn: (message: string) => void,
): Promise<RewindFilesResult> {
  const dryRun = request.dry_run === true;
  const refuse = (error: string): RewindFilesResult => {
    if (dryRun) return { canRewind: false, error };
    // Claude Code answers a rewind it cannot do with an error, a dry run with the result.
    throw new Error(error);
  };
  if (checkpoints === undefined) return refuse("File rewinding is not enabled.");
  const outcome = await checkpoints.rewind(String(request.user_message_id), { dryRun });
  if (outcome === undefined) return refuse("No file checkpoint found for this message.");
  for (const { path, reason } of outcome.skipped) {
    // A repository's file names reach stderr: none of their control or direction-changing characters do.
    const [shown, why] = [path, reason].map((text) =>
      text.replace(/[\p{Cc}\u202A-\u202E\u2066-\u2069]/gu, "\uFFFD"),
    );
    warn(`parley: ${dryRun ? "a rewind would leave" : "the rewind left"} ${shown} as it is: ${why}`);
  }
  return {
    canRewind: true,
    filesChanged: outcome.filesChanged,
    insertions: outcome.insertions,
    deletions: outcome.deletions,
    ...(outcome.skipped.length > 0 && { skippedLinks: outcome.skipped.length }),
  };
}
