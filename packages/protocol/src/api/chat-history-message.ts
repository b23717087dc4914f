import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";
import { IsoTimestampSchema } from "../shared/timestamps.ts";

/** Who wrote a history message. */
export const HistoryRoleSchema = lazySchema(() => z.enum(["user", "assistant"]));
export type HistoryRole = z.infer<typeof HistoryRoleSchema>;

/** What a history message holds: plain text, a tool result, or a tool call. */
export const HistoryContentTypeSchema = lazySchema(() => z.enum(["text", "tool", "tool_use"]));
export type HistoryContentType = z.infer<typeof HistoryContentTypeSchema>;

/** One message of an exported chat history as the frontend receives it (seed 003); `content` may be empty. */
export const ChatHistoryMessageSchema = lazySchema(() =>
  z.looseObject({
    messageId: z.string().optional(),
    role: HistoryRoleSchema,
    type: HistoryContentTypeSchema,
    content: z.string(),
    /** `null` when the agent CLI recorded no time for the message. */
    timestamp: IsoTimestampSchema.nullable().optional(),
    partId: z.string().optional(),
    callId: z.string().optional(),
  }),
);
export type ChatHistoryMessage = z.infer<typeof ChatHistoryMessageSchema>;
