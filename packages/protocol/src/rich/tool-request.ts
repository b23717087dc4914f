import { z } from "zod";
import { ApprovalDecisionSchema } from "../http/approvals.ts";
import { PermissionRuleSpecSchema } from "../http/permission-rules.ts";
import { JsonValueSchema } from "../shared/json-value.ts";
import { lazySchema } from "../shared/lazy-schema.ts";
import { IsoTimestampSchema } from "../shared/timestamps.ts";
import { ApprovalStatusSchema } from "./approval-status.ts";

/**
 * Who settled a call's approval: the permission policy, a person, the engine (it refused the call), the run
 * (it stopped first), or nobody because the tool needs no approval (`not_required`).
 */
export const ApprovalDeciderSchema = lazySchema(() =>
  z.enum(["policy", "user", "engine", "run", "not_required"]),
);
export type ApprovalDecider = z.infer<typeof ApprovalDeciderSchema>;

/**
 * The data of a ToolRequest rich message: a built-in or custom tool call and its approval state.
 * `request_id` correlates it with its ToolResult; `tool_use_id` is the model's tool_use block id when known.
 * The fields after `requested_at` are Parley's: the activity headline, why the policy asked, the approval
 * to answer and the rule "Always allow" would save, a protected path, and the answer once given
 * (`parameters` is then what ran; `original_parameters` what the model asked for, if a person edited it).
 */
export const ToolRequestDataSchema = lazySchema(() =>
  z.looseObject({
    request_id: z.string().min(1),
    tool_use_id: z.string().optional(),
    tool_name: z.string().min(1),
    parameters: z.record(z.string(), JsonValueSchema),
    description: z.string().optional(),
    requires_approval: z.boolean(),
    approval_status: ApprovalStatusSchema,
    requested_at: IsoTimestampSchema,
    headline: z.string().optional(),
    reason: z.string().optional(),
    approval_id: z.string().min(1).optional(),
    suggested_rule: PermissionRuleSpecSchema.optional(),
    protected_path: z.boolean().optional(),
    blocked_path: z.string().optional(),
    decided_by: ApprovalDeciderSchema.optional(),
    decision: ApprovalDecisionSchema.optional(),
    feedback: z.string().optional(),
    answered_at: IsoTimestampSchema.optional(),
    original_parameters: z.record(z.string(), JsonValueSchema).optional(),
    /** False when the caller cannot take an edited input (an agent CLI over ACP takes only yes or no). */
    input_editable: z.boolean().optional(),
    /** The subagent's `Task` call this call belongs to, for calls made inside a subagent. */
    parent_tool_use_id: z.string().optional(),
  }),
);
export type ToolRequestData = z.infer<typeof ToolRequestDataSchema>;

/** A ToolRequest rich message; with `requires_approval` it is rendered as an approval card. */
export const ToolRequestMessageSchema = lazySchema(() =>
  z.looseObject({
    kind: z.literal("ToolRequest"),
    data: ToolRequestDataSchema,
  }),
);
export type ToolRequestMessage = z.infer<typeof ToolRequestMessageSchema>;
