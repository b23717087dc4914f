import { z } from "zod";

/** How a finished tool call (built-in or MCP) ended. */
export const ExecutionStatusSchema = z.enum(["Success", "Failed", "Timeout", "Cancelled"]);
export type ExecutionStatus = z.infer<typeof ExecutionStatusSchema>;
