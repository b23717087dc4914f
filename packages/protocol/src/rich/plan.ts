import { z } from "zod";

/** One numbered step of a plan, with the tools it needs when the model says so. */
export const PlanStepSchema = z.looseObject({
  step_number: z.number().int().positive(),
  action: z.string().min(1),
  reason: z.string(),
  tools_needed: z.array(z.string()).optional(),
  estimated_time: z.string().optional(),
});
export type PlanStep = z.infer<typeof PlanStepSchema>;

/**
 * The data of a Plan rich message (seed 000): a goal and at least one step. `tools_needed` and
 * `estimated_time` are accepted per step and for the plan as a whole.
 */
export const PlanDataSchema = z.looseObject({
  goal: z.string().min(1),
  steps: z.array(PlanStepSchema).min(1),
  risks: z.array(z.string()).optional(),
  tools_needed: z.array(z.string()).optional(),
  estimated_time: z.string().optional(),
});
export type PlanData = z.infer<typeof PlanDataSchema>;

/** A Plan rich message, rendered as a plan card with Execute and Refine actions. */
export const PlanMessageSchema = z.looseObject({
  kind: z.literal("Plan"),
  data: PlanDataSchema,
});
export type PlanMessage = z.infer<typeof PlanMessageSchema>;
