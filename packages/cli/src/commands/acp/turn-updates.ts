import type { SessionUpdate } from "@agentclientprotocol/sdk";
import type { EngineMessage } from "@parley/engine";
import { acpToolCall, toolResultContent } from "./acp-tool-calls.ts";

/** The blocks of a message's content, whatever form it came in. */
type Block = { type: string } & Record<string, unknown>;

/**
 * Turns the engine's messages of one turn into ACP `session/update`s: streamed text and thinking deltas
 * as message and thought chunks, each tool call once its input is complete (with its kind, file and
 * diff), and each result as the call's final update. Subagents' words stay inside their `Task` call;
 * their tool calls are shown.
 */
export class TurnUpdates {
  readonly #cwd: string;
  /** The text the main agent said this turn (plan mode reads its plan from it). */
  text = "";

  constructor(cwd: string) {
    this.#cwd = cwd;
  }

  /** The updates one engine message makes (often none). */
  updatesFor(message: EngineMessage): SessionUpdate[] {
    const nested = "parent_tool_use_id" in message && message.parent_tool_use_id != null;
    switch (message.type) {
      case "stream_event":
        return nested ? [] : this.#delta(message.event as Block);
      case "assistant":
        return blocksOf(message.message.content).flatMap((block) =>
          block.type === "tool_use"
            ? [acpToolCall(String(block.id), String(block.name), block.input, this.#cwd)]
            : [],
        );
      case "user":
        return toolResultUpdates(message.message.content);
      default:
        return [];
    }
  }

  #delta(event: Block): SessionUpdate[] {
    if (event.type !== "content_block_delta") return [];
    const delta = event.delta as Block;
    if (delta.type === "text_delta" && typeof delta.text === "string") {
      this.text += delta.text;
      return [{ sessionUpdate: "agent_message_chunk", content: { type: "text", text: delta.text } }];
    }
    if (delta.type === "thinking_delta" && typeof delta.thinking === "string") {
      return [{ sessionUpdate: "agent_thought_chunk", content: { type: "text", text: delta.thinking } }];
    }
    return [];
  }
}

/** A user message's tool results as the final updates of their calls (completed, or failed on error). */
export function toolResultUpdates(content: unknown): SessionUpdate[] {
  return blocksOf(content).flatMap((block): SessionUpdate[] => {
    if (block.type !== "tool_result") return [];
    const text = resultText(block.content);
    return [
      {
        sessionUpdate: "tool_call_update",
        toolCallId: String(block.tool_use_id),
        status: block.is_error === true ? "failed" : "completed",
        content: toolResultContent(text),
        rawOutput: text,
      },
    ];
  });
}

/** A message's content as blocks (a plain string is one text block). */
export function blocksOf(content: unknown): Block[] {
  if (typeof content === "string") return [{ type: "text", text: content }];
  return Array.isArray(content) ? (content as Block[]) : [];
}

function resultText(content: unknown): string {
  return blocksOf(content)
    .flatMap((block) => (block.type === "text" && typeof block.text === "string" ? [block.text] : []))
    .join("\n");
}
