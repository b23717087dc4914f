import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";

/**
 * Where a tool call stands in the approval flow. `AutoApproved` means a permission rule allowed it
 * without asking; `Expired` means nobody answered in time; `Cancelled` means the run stopped first.
 */
export const ApprovalStatusSchema = lazySchema(() =>
  z.enum(["Pending", "Approved", "AutoApproved", "Rejected", "Expired", "Cancelled"]),
);
export type ApprovalStatus = z.infer<typeof ApprovalStatusSchema>;
