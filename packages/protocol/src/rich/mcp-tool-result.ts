import { z } from "zod";
import { JsonValueSchema } from "../shared/json-value.ts";
import { lazySchema } from "../shared/lazy-schema.ts";
import { IsoTimestampSchema } from "../shared/timestamps.ts";
import { ErrorDetailSchema } from "./error-detail.ts";
import { ExecutionStatusSchema } from "./execution-status.ts";

/**
 * The data of an MCPToolResult rich message: seed 001's `MCPToolResultMsg` (its first eight fields; `error`
 * is an `Option` there, so both a missing key and `null` mean "no error"), then Parley's card fields: the
 * model's tool_use id and tool name, the result as text (`output`, capped like a ToolResult's), whether the
 * model was told it failed, and the activity headline. `result` is the server's `tools/call` result, with
 * large binary content replaced by its size.
 */
export const MCPToolResultDataSchema = lazySchema(() =>
  z.looseObject({
    server_name: z.string().min(1),
    tool_name: z.string().min(1),
    request_id: z.string().min(1),
    result: JsonValueSchema,
    status: ExecutionStatusSchema,
    executed_at: IsoTimestampSchema,
    duration_ms: z.number().int().nonnegative(),
    error: ErrorDetailSchema.nullish(),
    tool_use_id: z.string().optional(),
    model_tool_name: z.string().optional(),
    output: z.string().optional(),
    is_error: z.boolean().optional(),
    headline: z.string().optional(),
    output_truncated: z.boolean().optional(),
    output_chars: z.number().int().nonnegative().optional(),
    parent_tool_use_id: z.string().optional(),
  }),
);
export type MCPToolResultData = z.infer<typeof MCPToolResultDataSchema>;

/** An MCPToolResult rich message, correlated with its request by `request_id`. */
export const MCPToolResultMessageSchema = lazySchema(() =>
  z.looseObject({
    kind: z.literal("MCPToolResult"),
    data: MCPToolResultDataSchema,
  }),
);
export type MCPToolResultMessage = z.infer<typeof MCPToolResultMessageSchema>;
