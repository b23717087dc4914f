import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";
import { EventRoutingSchema } from "./event-routing.ts";

/** A finalized chunk of agent text (seed 002 `TextSegment`), e.g. the text before a tool call. */
export const TextSegmentEventSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("TextSegment"),
    agent_id: z.string(),
    text: z.string(),
    message_id: z.string().optional(),
    run_id: z.string().optional(),
    ...EventRoutingSchema.shape,
  }),
);
export type TextSegmentEvent = z.infer<typeof TextSegmentEventSchema>;
