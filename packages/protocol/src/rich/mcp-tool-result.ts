import { z } from "zod";
import { JsonValueSchema } from "../shared/json-value.ts";
import { IsoTimestampSchema } from "../shared/timestamps.ts";
import { ErrorDetailSchema } from "./error-detail.ts";
import { ExecutionStatusSchema } from "./execution-status.ts";

/**
 * The data of an MCPToolResult rich message, exactly seed 001's `MCPToolResultMsg`.
 * `error` is an `Option` there, so both a missing key and `null` mean "no error".
 */
export const MCPToolResultDataSchema = z.looseObject({
  server_name: z.string().min(1),
  tool_name: z.string().min(1),
  request_id: z.string().min(1),
  result: JsonValueSchema,
  status: ExecutionStatusSchema,
  executed_at: IsoTimestampSchema,
  duration_ms: z.number().int().nonnegative(),
  error: ErrorDetailSchema.nullish(),
});
export type MCPToolResultData = z.infer<typeof MCPToolResultDataSchema>;

/** An MCPToolResult rich message, correlated with its request by `request_id`. */
export const MCPToolResultMessageSchema = z.looseObject({
  kind: z.literal("MCPToolResult"),
  data: MCPToolResultDataSchema,
});
export type MCPToolResultMessage = z.infer<typeof MCPToolResultMessageSchema>;
