import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";
import { EventRoutingSchema } from "./event-routing.ts";
import { RunOutcomeSchema } from "./run-outcome.ts";

/** A child agent finished (seed 002 `SubagentResult`); `run_id` is the child's own run. */
export const SubagentResultEventSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("SubagentResult"),
    parent_id: z.string(),
    subagent_id: z.string(),
    outcome: RunOutcomeSchema,
    /** What the child reported back to its parent. */
    summary: z.string().optional(),
    error: z.string().optional(),
    parent_run_id: z.string().optional(),
    tool_use_id: z.string().optional(),
    duration_ms: z.number().nonnegative().optional(),
    /** How many tool calls the child made. */
    tool_uses: z.int().nonnegative().optional(),
    run_id: z.string().optional(),
    ...EventRoutingSchema.shape,
  }),
);
export type SubagentResultEvent = z.infer<typeof SubagentResultEventSchema>;
