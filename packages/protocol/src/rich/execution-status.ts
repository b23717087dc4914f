import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";

/** How a finished tool call (built-in or MCP) ended. */
export const ExecutionStatusSchema = lazySchema(() => z.enum(["Success", "Failed", "Timeout", "Cancelled"]));
export type ExecutionStatus = z.infer<typeof ExecutionStatusSchema>;
