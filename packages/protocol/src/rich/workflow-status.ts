import { z } from "zod";

/** The lifecycle state of a workflow execution (seed 001's `WorkflowStatus`). */
export const WorkflowStatusSchema = z.enum([
  "Pending",
  "Running",
  "Paused",
  "Completed",
  "Failed",
  "Cancelled",
]);
export type WorkflowStatus = z.infer<typeof WorkflowStatusSchema>;
