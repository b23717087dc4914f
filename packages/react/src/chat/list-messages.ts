import type { ChatMessage } from "@parley/sdk";

/**
 * The messages the list lays out: `previous` again when `next` differs from it only in what the last
 * message streamed (same id, role, run, cards and tool activity, every other message the same object).
 * The list then does not re-render for a token, so neither the virtualizer's update (which reads the
 * scroller's height, a forced layout) nor the workflow fold (a pass over the whole session) runs per token;
 * the last row reads its latest copy from the store itself (`LiveMessageRow`).
 */
export function listMessages(
  previous: readonly ChatMessage[] | undefined,
  next: readonly ChatMessage[],
): readonly ChatMessage[] {
  if (previous === undefined || previous === next || previous.length !== next.length) return next;
  const last = next.length - 1;
  const before = previous[last];
  const after = next[last];
  if (before === undefined || after === undefined || !sameLayout(before, after)) return next;
  for (let index = last - 1; index >= 0; index -= 1) if (previous[index] !== next[index]) return next;
  return previous;
}

/** What the list reads of a message (its key, size estimate, workflow fold and live workflow) is unchanged. */
function sameLayout(before: ChatMessage, after: ChatMessage): boolean {
  return (
    before.id === after.id &&
    before.role === after.role &&
    before.runId === after.runId &&
    before.cards === after.cards &&
    before.activityItems === after.activityItems
  );
}

/** The store's copy of `message` when it is the session's last message (the one the list may hold stale). */
export function latestCopy(messages: readonly ChatMessage[] | undefined, message: ChatMessage): ChatMessage {
  const last = messages?.at(-1);
  return last !== undefined && last !== message && last.id === message.id ? last : message;
}
