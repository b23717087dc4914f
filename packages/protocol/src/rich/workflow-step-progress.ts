import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";
import { IsoTimestampSchema } from "../shared/timestamps.ts";
import { ErrorDetailSchema } from "./error-detail.ts";

/** Where one step of a workflow execution stands. `interrupted`: a restart stopped it; it has not rerun. */
export const WorkflowStepStatusSchema = lazySchema(() =>
  z.enum(["pending", "running", "completed", "failed", "skipped", "cancelled", "interrupted"]),
);
export type WorkflowStepStatus = z.infer<typeof WorkflowStepStatusSchema>;

/**
 * One step as a WorkflowExecution card lists it (an addition to seed 001's `WorkflowExecMsg`, carried in
 * its `steps`): what it is, where it stands, when it ran, its output so far (live while it runs) and error.
 */
export const WorkflowStepProgressSchema = lazySchema(() =>
  z.looseObject({
    id: z.string().min(1),
    name: z.string(),
    kind: z.enum(["agent", "tool", "shell"]),
    status: WorkflowStepStatusSchema,
    /** How many times it has been started (retries included). */
    attempts: z.number().int().nonnegative(),
    started_at: IsoTimestampSchema.nullish(),
    ended_at: IsoTimestampSchema.nullish(),
    /** Its output, capped; while it runs, what it printed so far. */
    output: z.string().nullish(),
    error: ErrorDetailSchema.nullish(),
    /** This attempt's id: the step's own tool call is `toolu_<run_id>`, so its cards can be shown with the step. */
    run_id: z.string().nullish(),
    /** The agent turns an agent step ran as (one per attempt), so their messages can be shown with the step. */
    agent_run_ids: z.array(z.string()).optional(),
  }),
);
export type WorkflowStepProgress = z.infer<typeof WorkflowStepProgressSchema>;
