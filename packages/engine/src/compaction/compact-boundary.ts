import { newCompactBoundary, type SDKCompactBoundaryMessage } from "@parley/protocol";
import type { CompactionResult } from "./compact-conversation.ts";

/**
 * The `system/compact_boundary` SDK message for a compaction (`trigger`: `manual` for a user's request,
 * `auto` when `shouldCompact` said so), with its `pre_tokens` and `post_tokens`. Hosts emit it after
 * replacing the history.
 */
export function compactBoundaryFor(
  compaction: Pick<CompactionResult, "preTokens" | "postTokens">,
  details: { trigger: "manual" | "auto"; sessionId: string; durationMs?: number },
): SDKCompactBoundaryMessage {
  return newCompactBoundary(details.trigger, compaction.preTokens, details.sessionId, {
    postTokens: compaction.postTokens,
    ...(details.durationMs !== undefined && { durationMs: details.durationMs }),
  });
}
