import { INTERRUPTED_TOOL_RESULT } from "@parley/engine";
import type { ContentBlockParam, MessageParam, ToolResultBlockParam } from "@parley/protocol";

/** The note the engine adds to the conversation when a turn is interrupted. */
const INTERRUPT_NOTE = "[Request interrupted by user";

/**
 * Brings the tool calls at the end of a stored conversation into a state the model can be sent:
 *
 * - when one of them waits for a person (`waiting`: a pending approval or question), that call and the
 *   calls after it stay open, without the "interrupted" results an interrupt or a crash gave them, so the
 *   conversation resumes at them once the person answers;
 * - otherwise every call still without a result gets the interrupted result.
 *
 * Returns the repaired conversation, or undefined when nothing had to change.
 */
export function settleOpenToolCalls(
  history: readonly MessageParam[],
  waiting: ReadonlySet<string>,
): MessageParam[] | undefined {
  const index = history.findLastIndex((message) => message.role === "assistant");
  if (index === -1) return undefined;
  const calls = blocksOf(history[index] as MessageParam).filter((block) => block.type === "tool_use");
  if (calls.length === 0) return undefined;
  const after = history.slice(index + 1);
  const keepFrom = calls.findIndex((call) => waiting.has(call.id));
  if (keepFrom !== -1) {
    const reopened = new Set(calls.slice(keepFrom).map((call) => call.id));
    let changed = false;
    const kept: MessageParam[] = [];
    for (const message of after) {
      const blocks = blocksOf(message);
      const content = blocks.filter(
        (block) =>
          !(block.type === "tool_result" && reopened.has(block.tool_use_id)) &&
          !(block.type === "text" && block.text.startsWith(INTERRUPT_NOTE)),
      );
      if (content.length !== blocks.length) changed = true;
      if (content.length > 0) kept.push({ ...message, content } as MessageParam);
    }
    return changed ? [...history.slice(0, index + 1), ...kept] : undefined;
  }
  const answered = new Set(
    after.flatMap((message) =>
      blocksOf(message).flatMap((block) => (block.type === "tool_result" ? [block.tool_use_id] : [])),
    ),
  );
  const missing: ToolResultBlockParam[] = calls
    .filter((call) => !answered.has(call.id))
    .map((call) => ({
      type: "tool_result",
      tool_use_id: call.id,
      content: INTERRUPTED_TOOL_RESULT,
      is_error: true,
    }));
  if (missing.length === 0) return undefined;
  const next = history[index + 1];
  if (next?.role === "user") {
    return [
      ...history.slice(0, index + 1),
      { ...next, content: [...missing, ...blocksOf(next)] } as MessageParam,
      ...history.slice(index + 2),
    ];
  }
  return [...history.slice(0, index + 1), { role: "user", content: missing }, ...after];
}

function blocksOf(message: MessageParam): ContentBlockParam[] {
  return typeof message.content === "string"
    ? [{ type: "text", text: message.content }]
    : [...(message.content as ContentBlockParam[])];
}
