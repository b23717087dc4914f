import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";
import { EventRoutingSchema } from "./event-routing.ts";

/** Context window statistics of an agent's conversation (seed 002 `ContextUsage`). */
export const ContextUsageEventSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("ContextUsage"),
    agent_id: z.string().optional(),
    message_count: z.int().nonnegative(),
    estimated_tokens: z.int().nonnegative(),
    /** Whether older messages were compacted into a summary to fit the window. */
    compressed: z.boolean(),
    /** The model's context window in tokens, when known. */
    context_window: z.int().positive().optional(),
    /** With `compressed`: the estimated size before the compaction, what started it, and its marker message. */
    pre_tokens: z.int().nonnegative().optional(),
    trigger: z.enum(["auto", "manual"]).optional(),
    message_id: z.string().optional(),
    run_id: z.string().optional(),
    ...EventRoutingSchema.shape,
  }),
);
export type ContextUsageEvent = z.infer<typeof ContextUsageEventSchema>;
