import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";
import { ChatHistoryMessageSchema } from "./chat-history-message.ts";

/** A session's exported history as the frontend receives it (seed 003). */
export const ChatHistoryResponseSchema = lazySchema(() =>
  z.looseObject({
    sessionId: z.string(),
    messages: z.array(ChatHistoryMessageSchema),
  }),
);
export type ChatHistoryResponse = z.infer<typeof ChatHistoryResponseSchema>;
