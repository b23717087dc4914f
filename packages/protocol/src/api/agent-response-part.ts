import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";
import { IsoTimestampSchema } from "../shared/timestamps.ts";

/** What an agent response part is: model reasoning, a tool call, or the final answer. */
export const ResponsePartTypeSchema = lazySchema(() => z.enum(["thinking", "tool", "final"]));
export type ResponsePartType = z.infer<typeof ResponsePartTypeSchema>;

/** One part of an agent reply as the frontend receives it (seed 003); `text` may be empty. */
export const AgentResponsePartSchema = lazySchema(() =>
  z.looseObject({
    text: z.string(),
    timestamp: IsoTimestampSchema.optional(),
    type: ResponsePartTypeSchema.optional(),
    partId: z.string().optional(),
    callId: z.string().optional(),
  }),
);
export type AgentResponsePart = z.infer<typeof AgentResponsePartSchema>;
