import type { MessageParam } from "@parley/protocol";

/** A history cut in two: the older part to summarize and the recent part kept verbatim. */
export interface CompactionSplit {
  summarized: MessageParam[];
  kept: MessageParam[];
}

/**
 * Keeps at least the last `keepRecent` messages, moving the cut earlier until the kept part starts with
 * an assistant message or a user message that holds no tool results: a `tool_use` and its `tool_result`
 * always land on the same side. Everything before the cut is summarized (nothing, when no cut fits).
 */
export function splitForCompaction(history: readonly MessageParam[], keepRecent: number): CompactionSplit {
  let cut = Math.max(0, history.length - Math.max(0, Math.floor(keepRecent)));
  while (cut > 0 && cut < history.length && !startsCleanly(history[cut] as MessageParam)) cut -= 1;
  return { summarized: history.slice(0, cut), kept: history.slice(cut) };
}

function startsCleanly(message: MessageParam): boolean {
  if (message.role !== "user" || typeof message.content === "string") return true;
  return !message.content.some((block) => block.type === "tool_result");
}
