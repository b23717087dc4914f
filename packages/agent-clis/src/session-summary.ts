import type { SessionInfo } from "@parley/protocol";

/**
 * A session list entry from what a session file says: the first line of its first prompt as the title (the
 * id when there is none) and its last recorded time, else the file's modification time, as `updated`.
 */
export function sessionSummary(
  sessionId: string,
  firstPrompt: string,
  lastUpdatedMs: number | undefined,
  fileModified: string,
): SessionInfo {
  return {
    session_id: sessionId,
    title: firstPrompt.split("\n")[0]?.slice(0, 120) || sessionId,
    updated: lastUpdatedMs === undefined ? fileModified : new Date(lastUpdatedMs).toISOString(),
  };
}
