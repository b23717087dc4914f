import type { BetaToolUseBlock, ContentBlockParam, MessageParam } from "@parley/protocol";
import { holdsOnlyToolResults, pendingToolUses } from "./pending-tool-uses.ts";

/** Where a turn starts: the conversation to send, and the stored calls to run first when resuming. */
export interface StartingPoint {
  conversation: MessageParam[];
  pending: BetaToolUseBlock[];
  /** Results already stored for the resumed response's other calls; they go first in the results message. */
  answered: ContentBlockParam[];
}

/**
 * Where a turn starts. With a prompt: the history plus the prompt. Without one (resuming): the calls
 * `pendingToolUses` lists, with the history minus a trailing message of stored results; or the history
 * itself when it ends with a user message. Throws when there is nothing to resume.
 */
export function startingPoint(
  history: readonly MessageParam[],
  prompt: MessageParam["content"] | undefined,
): StartingPoint {
  const conversation = [...history];
  if (prompt !== undefined) {
    conversation.push({ role: "user", content: prompt });
    return { conversation, pending: [], answered: [] };
  }
  const pending = pendingToolUses(history);
  if (pending.length > 0) {
    const last = conversation.at(-1);
    const answered =
      last?.role === "user" && holdsOnlyToolResults(last)
        ? (conversation.pop()?.content as ContentBlockParam[])
        : [];
    return { conversation, pending, answered };
  }
  if (conversation.at(-1)?.role === "user") return { conversation, pending: [], answered: [] };
  throw new Error(
    "runAgentTurn needs a prompt, unless the history ends with a user message or with tool calls that have no result yet",
  );
}
