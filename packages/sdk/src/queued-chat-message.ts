import type { QueuedMessage } from "@parley/protocol";
import type { QueuedChatMessage } from "./chat-state.ts";

/** A queued message as the chat state holds it, from its wire form (events and snapshots). */
export function queuedChatMessage(item: QueuedMessage): QueuedChatMessage {
  return {
    id: item.id,
    text: item.preview,
    textLength: item.text_length,
    truncated: item.truncated,
    queuedAtMs: item.queued_at_ms,
    ...(item.client_message_id !== undefined && { clientMessageId: item.client_message_id }),
    ...(item.agent_id !== undefined && { agentId: item.agent_id }),
  };
}
