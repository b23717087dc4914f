import type { ContentBlockParam, MessageParam, SDKMessage, ToolResultBlockParam } from "@parley/protocol";
import type { EngineMessage } from "./engine-message.ts";
import { INTERRUPTED_TOOL_RESULT } from "./turn-messages.ts";

type Entry = { role: "user" | "assistant"; content: ContentBlockParam[]; messageId?: string };

/**
 * Folds what a turn emitted back into `MessageParam` entries for the next turn's `history`: the
 * prompt, assistant blocks grouped by message id, tool results and delivered queued messages.
 * Synthetic API-error messages, superseded (retried) messages and subagents' messages (those with a
 * `parent_tool_use_id`) are left out, and a tool call left without a result (the consumer stopped
 * reading) gets an "interrupted" error result, so the history is always valid to send. A turn still
 * `running` is folded as far as it got: its open calls stay open (their results are still to come).
 */
export function foldTurnIntoHistory(turn: {
  prompt?: MessageParam["content"];
  messages: readonly (EngineMessage | SDKMessage)[];
  running?: boolean;
}): MessageParam[] {
  const superseded = new Set<string>();
  for (const message of turn.messages) {
    if (message.type === "assistant") for (const uuid of message.supersedes ?? []) superseded.add(uuid);
  }
  const entries: Entry[] = [];
  if (turn.prompt !== undefined) appendUser(entries, blocksOf(turn.prompt));
  for (const message of turn.messages) {
    // A subagent's messages belong to its own conversation; the parent keeps only the Task call and result.
    if ("parent_tool_use_id" in message && typeof message.parent_tool_use_id === "string") continue;
    if (message.type === "assistant") {
      if (message.error !== undefined || superseded.has(message.uuid)) continue;
      const blocks = message.message.content as ContentBlockParam[];
      const last = entries.at(-1);
      if (last?.role === "assistant" && last.messageId === message.message.id) last.content.push(...blocks);
      else entries.push({ role: "assistant", content: [...blocks], messageId: message.message.id });
    } else if (message.type === "user" && message.message.role === "user") {
      appendUser(entries, blocksOf(message.message.content));
    }
  }
  if (turn.running !== true) closeDanglingToolUses(entries);
  return entries.map(({ role, content }) => ({ role, content }));
}

/** Consecutive user content is merged into one message, as the Messages API expects. */
function appendUser(entries: Entry[], blocks: ContentBlockParam[]): void {
  const last = entries.at(-1);
  if (last?.role === "user") last.content.push(...blocks);
  else entries.push({ role: "user", content: [...blocks] });
}

function closeDanglingToolUses(entries: Entry[]): void {
  for (let index = 0; index < entries.length; index++) {
    const entry = entries[index] as Entry;
    if (entry.role !== "assistant") continue;
    const next = entries[index + 1];
    const answered = new Set(
      (next?.role === "user" ? next.content : [])
        .filter((block): block is ToolResultBlockParam => block.type === "tool_result")
        .map((block) => block.tool_use_id),
    );
    const missing: ToolResultBlockParam[] = entry.content
      .filter((block) => block.type === "tool_use" && !answered.has(block.id))
      .map((block) => ({
        type: "tool_result",
        tool_use_id: (block as { id: string }).id,
        content: INTERRUPTED_TOOL_RESULT,
        is_error: true,
      }));
    if (missing.length === 0) continue;
    if (next?.role === "user") next.content.unshift(...missing);
    else entries.splice(index + 1, 0, { role: "user", content: missing });
  }
}

function blocksOf(content: MessageParam["content"]): ContentBlockParam[] {
  return typeof content === "string"
    ? [{ type: "text", text: content }]
    : [...(content as ContentBlockParam[])];
}
