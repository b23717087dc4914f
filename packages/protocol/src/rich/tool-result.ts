import { z } from "zod";
import { JsonValueSchema } from "../shared/json-value.ts";
import { lazySchema } from "../shared/lazy-schema.ts";
import { IsoTimestampSchema } from "../shared/timestamps.ts";
import { ErrorDetailSchema } from "./error-detail.ts";
import { ExecutionStatusSchema } from "./execution-status.ts";

/**
 * The data of a ToolResult rich message: what a built-in or custom tool returned for `request_id`.
 * `is_error` is what the model is told; `status` says how the execution itself ended. Parley adds the
 * activity headline and, when the stored output was cut, `output_truncated` with the full length.
 */
export const ToolResultDataSchema = lazySchema(() =>
  z.looseObject({
    request_id: z.string().min(1),
    tool_use_id: z.string().optional(),
    tool_name: z.string().min(1),
    output: JsonValueSchema,
    status: ExecutionStatusSchema,
    is_error: z.boolean(),
    duration_ms: z.number().int().nonnegative().optional(),
    executed_at: IsoTimestampSchema,
    error: ErrorDetailSchema.optional(),
    headline: z.string().optional(),
    output_truncated: z.boolean().optional(),
    /** The output's full length in characters, when it was cut. */
    output_chars: z.number().int().nonnegative().optional(),
    /** The subagent's `Task` call this call belongs to, for calls made inside a subagent. */
    parent_tool_use_id: z.string().optional(),
  }),
);
export type ToolResultData = z.infer<typeof ToolResultDataSchema>;

/** A ToolResult rich message. */
export const ToolResultMessageSchema = lazySchema(() =>
  z.looseObject({
    kind: z.literal("ToolResult"),
    data: ToolResultDataSchema,
  }),
);
export type ToolResultMessage = z.infer<typeof ToolResultMessageSchema>;
