import { z } from "zod";
import { ApprovalDecisionSchema } from "../http/approvals.ts";
import { PermissionRuleSpecSchema } from "../http/permission-rules.ts";
import { JsonValueSchema } from "../shared/json-value.ts";
import { lazySchema } from "../shared/lazy-schema.ts";
import { IsoTimestampSchema } from "../shared/timestamps.ts";
import { ApprovalStatusSchema } from "./approval-status.ts";
import { ApprovalDeciderSchema } from "./tool-request.ts";

/** An MCP tool's annotations as its server declares them: hints, not guarantees. */
export const McpToolAnnotationsSchema = lazySchema(() =>
  z.looseObject({
    title: z.string().optional(),
    readOnlyHint: z.boolean().optional(),
    destructiveHint: z.boolean().optional(),
    idempotentHint: z.boolean().optional(),
    openWorldHint: z.boolean().optional(),
  }),
);
export type McpToolAnnotations = z.infer<typeof McpToolAnnotationsSchema>;

/** A `notifications/progress` the server sent for a running call, as its card shows it. */
export const McpCallProgressSchema = lazySchema(() =>
  z.looseObject({
    progress: z.number(),
    total: z.number().optional(),
    message: z.string().optional(),
  }),
);
export type McpCallProgress = z.infer<typeof McpCallProgressSchema>;

/**
 * The data of an MCPToolRequest rich message: seed 001's `MCPToolRequestMsg` (its first six fields), then
 * Parley's card fields. `tool_name` is the server's own name for the tool; `model_tool_name` the name the
 * model called (`mcp__<server>__<tool>`). The tool's title, description and annotations come from the
 * server's `tools/list`; `server_icon` is a `data:` image from its `initialize` answer (never fetched);
 * `progress` is the last progress notification. The approval fields mean what they mean on a ToolRequest
 * (`arguments` is then what ran, `original_arguments` what the model asked for if a person edited it).
 */
export const MCPToolRequestDataSchema = lazySchema(() =>
  z.looseObject({
    server_name: z.string().min(1),
    tool_name: z.string().min(1),
    arguments: z.record(z.string(), JsonValueSchema),
    request_id: z.string().min(1),
    approval_status: ApprovalStatusSchema,
    requested_at: IsoTimestampSchema,
    tool_use_id: z.string().optional(),
    model_tool_name: z.string().optional(),
    title: z.string().optional(),
    description: z.string().optional(),
    annotations: McpToolAnnotationsSchema.optional(),
    server_icon: z.string().startsWith("data:image/").optional(),
    progress: McpCallProgressSchema.optional(),
    requires_approval: z.boolean().optional(),
    headline: z.string().optional(),
    reason: z.string().optional(),
    approval_id: z.string().min(1).optional(),
    suggested_rule: PermissionRuleSpecSchema.optional(),
    decided_by: ApprovalDeciderSchema.optional(),
    decision: ApprovalDecisionSchema.optional(),
    feedback: z.string().optional(),
    answered_at: IsoTimestampSchema.optional(),
    original_arguments: z.record(z.string(), JsonValueSchema).optional(),
    parent_tool_use_id: z.string().optional(),
  }),
);
export type MCPToolRequestData = z.infer<typeof MCPToolRequestDataSchema>;

/** An MCPToolRequest rich message: routed to the MCP executor by `server_name`. */
export const MCPToolRequestMessageSchema = lazySchema(() =>
  z.looseObject({
    kind: z.literal("MCPToolRequest"),
    data: MCPToolRequestDataSchema,
  }),
);
export type MCPToolRequestMessage = z.infer<typeof MCPToolRequestMessageSchema>;
