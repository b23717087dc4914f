import type { SessionUpdate } from "@agentclientprotocol/sdk";
import type { MessageParam } from "@parley/protocol";
import { acpToolCall } from "./acp-tool-calls.ts";
import { blocksOf, toolResultUpdates } from "./turn-updates.ts";

/**
 * A stored conversation as the `session/update`s `session/load` replays: the person's words as user
 * chunks, the agent's as message and thought chunks, every tool call with its result.
 */
export function historyUpdates(history: readonly MessageParam[], cwd: string): SessionUpdate[] {
  return history.flatMap((message): SessionUpdate[] =>
    blocksOf(message.content).flatMap((block): SessionUpdate[] => {
      if (block.type === "text" && typeof block.text === "string") {
        return [
          {
            sessionUpdate: message.role === "user" ? "user_message_chunk" : "agent_message_chunk",
            content: { type: "text", text: block.text },
          },
        ];
      }
      if (block.type === "thinking" && typeof block.thinking === "string") {
        return [{ sessionUpdate: "agent_thought_chunk", content: { type: "text", text: block.thinking } }];
      }
      if (block.type === "tool_use") {
        return [acpToolCall(String(block.id), String(block.name), block.input, cwd)];
      }
      if (block.type === "tool_result") return toolResultUpdates([block]);
      return [];
    }),
  );
}
