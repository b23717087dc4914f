import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";
import { messageIdentity } from "./message-identity.ts";

/** `tool_progress`: a tool is still running (elapsed seconds), e.g. a long Bash command or a subagent. */
export const SDKToolProgressMessageSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("tool_progress"),
    tool_use_id: z.string(),
    tool_name: z.string(),
    parent_tool_use_id: z.string().nullable(),
    elapsed_time_seconds: z.number(),
    task_id: z.string().optional(),
    ...messageIdentity(),
    heartbeat: z.boolean().optional(),
    subagent_type: z.string().optional(),
    subagent_retry: z
      .looseObject({
        agent_id: z.string(),
        attempt: z.number(),
        max_retries: z.number(),
        retry_delay_ms: z.number(),
        error_status: z.number().nullable(),
        error_category: z.string(),
      })
      .optional(),
  }),
);
export type SDKToolProgressMessage = z.infer<typeof SDKToolProgressMessageSchema>;

/** `tool_use_summary`: a one-line summary of the tool calls that preceded it. */
export const SDKToolUseSummaryMessageSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("tool_use_summary"),
    summary: z.string(),
    preceding_tool_use_ids: z.array(z.string()),
    ...messageIdentity(),
  }),
);
export type SDKToolUseSummaryMessage = z.infer<typeof SDKToolUseSummaryMessageSchema>;
