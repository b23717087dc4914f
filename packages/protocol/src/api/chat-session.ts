import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";

/** One entry of the frontend's session list (seed 003). */
export const ChatSessionSchema = lazySchema(() =>
  z.looseObject({
    id: z.string(),
    title: z.string(),
    /** When the session last changed, as the agent CLI words it (not necessarily ISO 8601). */
    updated: z.string(),
  }),
);
export type ChatSession = z.infer<typeof ChatSessionSchema>;

/** The frontend's session list: what the session-list routes answer. */
export const ChatSessionArraySchema = lazySchema(() => z.array(ChatSessionSchema));
