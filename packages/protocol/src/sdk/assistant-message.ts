import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";
import { BetaMessageSchema } from "./beta-message.ts";
import { SDKContextUsageSchema, SDKUsageReportSchema } from "./context-usage.ts";
import { SDKAssistantMessageErrorSchema } from "./enums.ts";
import { messageIdentity } from "./message-identity.ts";
import { UuidSchema } from "./uuid.ts";

/**
 * A completed assistant content block (`type: "assistant"`). `parent_tool_use_id` names the Agent
 * tool call when a subagent produced it; `error` is set on synthetic API-error messages.
 */
export const SDKAssistantMessageSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("assistant"),
    message: BetaMessageSchema,
    parent_tool_use_id: z.string().nullable(),
    error: SDKAssistantMessageErrorSchema.optional(),
    ...messageIdentity(),
    request_id: z.string().optional(),
    user_message_uuid: z.string().optional(),
    user_message_uuids: z.array(z.string()).optional(),
    resume_reason: z.string().optional(),
    resumed_from_incomplete_thinking: z.literal(true).optional(),
    supersedes: z.array(UuidSchema).optional(),
    aborted: z.literal(true).optional(),
    agent_id: z.string().optional(),
    subagent_type: z.string().optional(),
    task_description: z.string().optional(),
    timestamp: z.string().optional(),
    context_usage: SDKContextUsageSchema.optional(),
    usage_report: SDKUsageReportSchema.optional(),
  }),
);
export type SDKAssistantMessage = z.infer<typeof SDKAssistantMessageSchema>;
