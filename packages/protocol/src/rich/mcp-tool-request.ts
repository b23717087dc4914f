import { z } from "zod";
import { JsonValueSchema } from "../shared/json-value.ts";
import { IsoTimestampSchema } from "../shared/timestamps.ts";
import { ApprovalStatusSchema } from "./approval-status.ts";

/** The data of an MCPToolRequest rich message, exactly seed 001's `MCPToolRequestMsg`. */
export const MCPToolRequestDataSchema = z.looseObject({
  server_name: z.string().min(1),
  tool_name: z.string().min(1),
  arguments: z.record(z.string(), JsonValueSchema),
  request_id: z.string().min(1),
  approval_status: ApprovalStatusSchema,
  requested_at: IsoTimestampSchema,
});
export type MCPToolRequestData = z.infer<typeof MCPToolRequestDataSchema>;

/** An MCPToolRequest rich message: routed to the MCP executor by `server_name`. */
export const MCPToolRequestMessageSchema = z.looseObject({
  kind: z.literal("MCPToolRequest"),
  data: MCPToolRequestDataSchema,
});
export type MCPToolRequestMessage = z.infer<typeof MCPToolRequestMessageSchema>;
