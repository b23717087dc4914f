import type { ChatMessage } from "@parley/sdk";
import { memo } from "react";
import { AgentMessage } from "./agent-message.tsx";
import { UserMessage } from "./user-message.tsx";

/**
 * One row of the chat. Memoized on the message object: the store replaces only the message that changed,
 * so a streamed token re-renders the streaming turn and nothing else.
 */
export const MessageRow = memo(function MessageRow({ message }: { message: ChatMessage }) {
  return message.role === "user" ? <UserMessage message={message} /> : <AgentMessage message={message} />;
});
