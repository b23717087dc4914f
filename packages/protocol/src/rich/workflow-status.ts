import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";

/** The lifecycle state of a workflow execution (seed 001's `WorkflowStatus`). */
export const WorkflowStatusSchema = lazySchema(() =>
  z.enum(["Pending", "Running", "Paused", "Completed", "Failed", "Cancelled"]),
);
export type WorkflowStatus = z.infer<typeof WorkflowStatusSchema>;
