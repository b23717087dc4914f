import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";
import { isoFromEpochMs } from "../shared/timestamps.ts";
import {
  type ChatHistoryMessage,
  HistoryContentTypeSchema,
  HistoryRoleSchema,
} from "./chat-history-message.ts";
import { EpochMillisecondsSchema } from "./epoch-milliseconds.ts";

/** One message of a session's history, as an AgentCLI adapter exports it (seed 003 `HistoryMessage`). */
export const HistoryMessageSchema = lazySchema(() =>
  z.looseObject({
    message_id: z.string().nullable(),
    role: HistoryRoleSchema,
    content_type: HistoryContentTypeSchema,
    content: z.string(),
    /** When the message was written, in epoch milliseconds; `null` when the CLI did not record it. */
    timestamp: EpochMillisecondsSchema.nullable(),
    part_id: z.string().nullable().optional(),
    call_id: z.string().nullable().optional(),
  }),
);
export type HistoryMessage = z.infer<typeof HistoryMessageSchema>;

/**
 * Seed 003's `HistoryMessage.to_frontend_format`: `timestamp` is always present (ISO, or `null`), and
 * `messageId`, `partId`, `callId` are omitted when empty or null.
 */
export function historyMessageToFrontend(message: HistoryMessage): ChatHistoryMessage {
  const result: ChatHistoryMessage = {
    role: message.role,
    type: message.content_type,
    content: message.content,
  };
  if (message.message_id) result.messageId = message.message_id;
  result.timestamp = message.timestamp !== null ? isoFromEpochMs(message.timestamp) : null;
  if (message.part_id) result.partId = message.part_id;
  if (message.call_id) result.callId = message.call_id;
  return result;
}
