import { z } from "zod";
import { JsonValueSchema } from "../shared/json-value.ts";
import { lazySchema } from "../shared/lazy-schema.ts";
import { IsoTimestampSchema } from "../shared/timestamps.ts";
import { ErrorDetailSchema } from "./error-detail.ts";
import { WorkflowStatusSchema } from "./workflow-status.ts";
import { WorkflowStepProgressSchema } from "./workflow-step-progress.ts";

/**
 * The data of a WorkflowExecution rich message, exactly seed 001's `WorkflowExecMsg`. Its `Option`
 * fields accept a missing key or `null`. Change it with the functions in `workflow-transitions.ts`.
 */
export const WorkflowExecutionDataSchema = lazySchema(() =>
  z
    .looseObject({
      workflow_name: z.string().min(1),
      execution_id: z.string().min(1),
      status: WorkflowStatusSchema,
      current_step: z.string().nullish(),
      total_steps: z.number().int().nonnegative(),
      completed_steps: z.number().int().nonnegative(),
      started_at: IsoTimestampSchema,
      updated_at: IsoTimestampSchema,
      result: JsonValueSchema.optional(),
      error: ErrorDetailSchema.nullish(),
      /** Parley's addition: every step with its own status, output and timing, for the progress card. */
      steps: z.array(WorkflowStepProgressSchema).optional(),
    })
    .superRefine((execution, context) => {
      if (execution.completed_steps > execution.total_steps) {
        context.addIssue({
          code: "custom",
          path: ["completed_steps"],
          message: `${execution.completed_steps} completed steps exceed total_steps (${execution.total_steps})`,
        });
      }
    }),
);
export type WorkflowExecutionData = z.infer<typeof WorkflowExecutionDataSchema>;

/** A WorkflowExecution rich message: the progress card of a multi-step workflow. */
export const WorkflowExecutionMessageSchema = lazySchema(() =>
  z.looseObject({
    kind: z.literal("WorkflowExecution"),
    data: WorkflowExecutionDataSchema,
  }),
);
export type WorkflowExecutionMessage = z.infer<typeof WorkflowExecutionMessageSchema>;
