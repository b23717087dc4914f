import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";
import { IsoTimestampSchema } from "../shared/timestamps.ts";
import { AgentResponsePartSchema } from "./agent-response-part.ts";

/** The frontend's answer to one chat request (seed 003): the combined text plus its structured parts. */
export const AgentReplySchema = lazySchema(() =>
  z.looseObject({
    messageId: z.string(),
    /** When the user's message was sent. */
    sent: IsoTimestampSchema,
    /** All part texts combined for display, or the error message of a failed run. */
    response: z.string(),
    prompt: z.string().optional(),
    responses: z.array(AgentResponsePartSchema).optional(),
    sessionId: z.string().optional(),
  }),
);
export type AgentReply = z.infer<typeof AgentReplySchema>;
