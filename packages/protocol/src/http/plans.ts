import { z } from "zod";
import { PlanDecisionSchema } from "../rich/plan.ts";
import { lazySchema } from "../shared/lazy-schema.ts";
import { ChatResponseSchema, MAX_CHAT_TEXT } from "./chat.ts";
import { IdSchema } from "./common.ts";

/** Path parameters of plan routes: the Plan chat message. */
export const PlanParamsSchema = lazySchema(() => z.looseObject({ message_id: IdSchema }));

/**
 * `POST /api/plans/:message_id/execute`: leaves plan mode (for `permission_mode`, default `default`) and
 * tells the agent to carry the plan out.
 */
export const ExecutePlanRequestSchema = lazySchema(() =>
  z.looseObject({
    permission_mode: z.enum(["default", "acceptEdits", "bypassPermissions", "dontAsk"]).optional(),
    /** Run the plan as a workflow: one agent turn per step, shown (and paused, resumed) on a WorkflowExecution card. */
    step_by_step: z.boolean().optional(),
  }),
);
export type ExecutePlanRequest = z.infer<typeof ExecutePlanRequestSchema>;

/** `POST /api/plans/:message_id/refine`: stays in plan mode and sends the feedback for a new plan. */
export const RefinePlanRequestSchema = lazySchema(() =>
  z.looseObject({
    feedback: z.string().trim().min(1, "must not be empty").max(MAX_CHAT_TEXT),
  }),
);
export type RefinePlanRequest = z.infer<typeof RefinePlanRequestSchema>;

/**
 * What a plan action did: the agent's mode now, the decision as the plan card records it, and the message
 * it sent (started or queued).
 */
export const PlanActionResponseSchema = lazySchema(() =>
  z.looseObject({
    message_id: z.string(),
    action: z.enum(["execute", "refine"]),
    permission_mode: z.string(),
    decision: PlanDecisionSchema,
    chat: ChatResponseSchema,
    /** With `step_by_step`: the workflow execution that carries the plan out. */
    workflow_execution_id: z.string().optional(),
  }),
);
export type PlanActionResponse = z.infer<typeof PlanActionResponseSchema>;
