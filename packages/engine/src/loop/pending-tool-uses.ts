import type { BetaToolUseBlock, ContentBlockParam, MessageParam } from "@parley/protocol";

/**
 * The tool calls a stored conversation left waiting: the `tool_use` blocks of its last assistant message
 * that have no `tool_result` yet, in the order the model made them. The history may end with that
 * assistant message, or with a user message holding results for some of its calls (those are answered).
 * Empty when the conversation is not waiting on a tool.
 */
export function pendingToolUses(history: readonly MessageParam[]): BetaToolUseBlock[] {
  const last = history.at(-1);
  if (last?.role === "assistant") return toolUsesIn(last);
  const previous = history.at(-2);
  if (last?.role !== "user" || previous?.role !== "assistant" || !holdsOnlyToolResults(last)) return [];
  const answered = new Set(blocksOf(last.content).flatMap((block) => toolResultId(block) ?? []));
  return toolUsesIn(previous).filter((call) => !answered.has(call.id));
}

/** A user message made only of tool results: what the loop writes after running a response's calls. */
export function holdsOnlyToolResults(message: MessageParam): boolean {
  const blocks = blocksOf(message.content);
  return blocks.length > 0 && blocks.every((block) => block.type === "tool_result");
}

function toolUsesIn(message: MessageParam): BetaToolUseBlock[] {
  return blocksOf(message.content).flatMap((block) =>
    block.type === "tool_use"
      ? [{ type: "tool_use", id: block.id, name: block.name, input: block.input } as BetaToolUseBlock]
      : [],
  );
}

function toolResultId(block: ContentBlockParam): string | undefined {
  return block.type === "tool_result" ? block.tool_use_id : undefined;
}

function blocksOf(content: MessageParam["content"]): ContentBlockParam[] {
  return typeof content === "string" ? [] : (content as ContentBlockParam[]);
}
