import { z } from "zod";
import { PermissionModeSchema } from "../sdk/enums.ts";
import { lazySchema } from "../shared/lazy-schema.ts";

/** How far a plan step got, from the agent's progress reports while the plan runs. */
export const PlanStepStatusSchema = lazySchema(() =>
  z.enum(["pending", "in_progress", "completed", "skipped"]),
);
export type PlanStepStatus = z.infer<typeof PlanStepStatusSchema>;

/**
 * One numbered step of a plan, with the tools it needs when the model says so. Once the plan runs, Parley
 * keeps the step's `status` and the agent's `note` on it.
 */
export const PlanStepSchema = lazySchema(() =>
  z.looseObject({
    step_number: z.number().int().positive(),
    action: z.string().min(1),
    reason: z.string(),
    tools_needed: z.array(z.string()).optional(),
    estimated_time: z.string().optional(),
    status: PlanStepStatusSchema.optional(),
    note: z.string().optional(),
  }),
);
export type PlanStep = z.infer<typeof PlanStepSchema>;

/** Where a plan card stands: proposed, being carried out, replaced by a refined plan, or done. */
export const PlanStatusSchema = lazySchema(() => z.enum(["proposed", "executing", "refining", "completed"]));
export type PlanStatus = z.infer<typeof PlanStatusSchema>;

/** A person's decision on a plan card, taken once: carry it out (in a mode) or refine it (with feedback). */
export const PlanDecisionSchema = lazySchema(() =>
  z.looseObject({
    action: z.enum(["execute", "refine"]),
    at_ms: z.number().int().nonnegative(),
    permission_mode: PermissionModeSchema.optional(),
    feedback: z.string().optional(),
  }),
);
export type PlanDecision = z.infer<typeof PlanDecisionSchema>;

/**
 * The data of a Plan rich message (seed 000): a goal and at least one step. `tools_needed` and
 * `estimated_time` are accepted per step and for the plan as a whole. Parley's plan cards add the
 * plan's `status`, the person's `decision`, and the `explanation` of the agent's latest progress report.
 */
export const PlanDataSchema = lazySchema(() =>
  z.looseObject({
    goal: z.string().min(1),
    steps: z.array(PlanStepSchema).min(1),
    risks: z.array(z.string()).optional(),
    tools_needed: z.array(z.string()).optional(),
    estimated_time: z.string().optional(),
    status: PlanStatusSchema.optional(),
    decision: PlanDecisionSchema.optional(),
    explanation: z.string().optional(),
  }),
);
export type PlanData = z.infer<typeof PlanDataSchema>;

/** A Plan rich message, rendered as a plan card with Execute and Refine actions. */
export const PlanMessageSchema = lazySchema(() =>
  z.looseObject({
    kind: z.literal("Plan"),
    data: PlanDataSchema,
  }),
);
export type PlanMessage = z.infer<typeof PlanMessageSchema>;
