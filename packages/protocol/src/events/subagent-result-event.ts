import { z } from "zod";
import { EventRoutingSchema } from "./event-routing.ts";
import { RunOutcomeSchema } from "./run-outcome.ts";

/** A child agent finished (seed 002 `SubagentResult`); `run_id` is the child's own run. */
export const SubagentResultEventSchema = z.looseObject({
  type: z.literal("SubagentResult"),
  parent_id: z.string(),
  subagent_id: z.string(),
  outcome: RunOutcomeSchema,
  /** What the child reported back to its parent. */
  summary: z.string().optional(),
  error: z.string().optional(),
  run_id: z.string().optional(),
  ...EventRoutingSchema.shape,
});
export type SubagentResultEvent = z.infer<typeof SubagentResultEventSchema>;
