import { z } from "zod";
import { JsonValueSchema } from "../shared/json-value.ts";
import { IsoTimestampSchema } from "../shared/timestamps.ts";
import { ApprovalStatusSchema } from "./approval-status.ts";

/**
 * The data of a ToolRequest rich message: a built-in or custom tool call and its approval state.
 * `request_id` correlates it with its ToolResult; `tool_use_id` is the model's tool_use block id when known.
 */
export const ToolRequestDataSchema = z.looseObject({
  request_id: z.string().min(1),
  tool_use_id: z.string().optional(),
  tool_name: z.string().min(1),
  parameters: z.record(z.string(), JsonValueSchema),
  description: z.string().optional(),
  requires_approval: z.boolean(),
  approval_status: ApprovalStatusSchema,
  requested_at: IsoTimestampSchema,
});
export type ToolRequestData = z.infer<typeof ToolRequestDataSchema>;

/** A ToolRequest rich message; with `requires_approval` it is rendered as an approval card. */
export const ToolRequestMessageSchema = z.looseObject({
  kind: z.literal("ToolRequest"),
  data: ToolRequestDataSchema,
});
export type ToolRequestMessage = z.infer<typeof ToolRequestMessageSchema>;
