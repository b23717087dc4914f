import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";
import { systemMessageShape } from "./message-identity.ts";

/** A link to an MCP resource a background task produced. */
export const SDKMcpResourceLinkSchema = lazySchema(() =>
  z.looseObject({
    uri: z.string(),
    name: z.string(),
    title: z.string().optional(),
    description: z.string().optional(),
    mimeType: z.string().optional(),
    size: z.number().optional(),
    annotations: z.record(z.string(), z.unknown()).optional(),
  }),
);
export type SDKMcpResourceLink = z.infer<typeof SDKMcpResourceLinkSchema>;

/** Tokens, tool uses and time a task has consumed. */
export const SDKTaskUsageSchema = lazySchema(() =>
  z.looseObject({
    total_tokens: z.number(),
    tool_uses: z.number(),
    duration_ms: z.number(),
  }),
);
export type SDKTaskUsage = z.infer<typeof SDKTaskUsageSchema>;

const taskFields = () => ({ task_id: z.string(), run_id: z.string().optional() });

/** `system`/`task_started`: a subagent, background shell or workflow task began. */
export const SDKTaskStartedMessageSchema = lazySchema(() =>
  z.looseObject({
    ...systemMessageShape("task_started"),
    ...taskFields(),
    tool_use_id: z.string().optional(),
    description: z.string(),
    subagent_type: z.string().optional(),
    is_backgrounded: z.boolean().optional(),
    spawn_depth: z.number().optional(),
    parent_task_id: z.string().optional(),
    task_type: z.string().optional(),
    workflow_name: z.string().optional(),
    prompt: z.string().optional(),
    skip_transcript: z.boolean().optional(),
    ambient: z.boolean().optional(),
  }),
);
export type SDKTaskStartedMessage = z.infer<typeof SDKTaskStartedMessageSchema>;

/** `system`/`task_updated`: fields of a task changed (a patch, not the whole task). */
export const SDKTaskUpdatedMessageSchema = lazySchema(() =>
  z.looseObject({
    ...systemMessageShape("task_updated"),
    ...taskFields(),
    patch: z.looseObject({
      status: z.enum(["pending", "running", "completed", "failed", "killed", "paused"]).optional(),
      description: z.string().optional(),
      end_time: z.number().optional(),
      total_paused_ms: z.number().optional(),
      error: z.string().optional(),
      is_backgrounded: z.boolean().optional(),
    }),
  }),
);
export type SDKTaskUpdatedMessage = z.infer<typeof SDKTaskUpdatedMessageSchema>;

/** `system`/`task_progress`: a running task's usage and latest activity. */
export const SDKTaskProgressMessageSchema = lazySchema(() =>
  z.looseObject({
    ...systemMessageShape("task_progress"),
    ...taskFields(),
    tool_use_id: z.string().optional(),
    description: z.string(),
    subagent_type: z.string().optional(),
    usage: SDKTaskUsageSchema,
    last_tool_name: z.string().optional(),
    summary: z.string().optional(),
  }),
);
export type SDKTaskProgressMessage = z.infer<typeof SDKTaskProgressMessageSchema>;

/** `system`/`task_notification`: a task completed, failed or was stopped. */
export const SDKTaskNotificationMessageSchema = lazySchema(() =>
  z.looseObject({
    ...systemMessageShape("task_notification"),
    ...taskFields(),
    tool_use_id: z.string().optional(),
    status: z.enum(["completed", "failed", "stopped"]),
    reason: z.literal("worker_restart").optional(),
    output_file: z.string(),
    summary: z.string(),
    usage: SDKTaskUsageSchema.optional(),
    resource_links: z.array(SDKMcpResourceLinkSchema).optional(),
    skip_transcript: z.boolean().optional(),
    ambient: z.boolean().optional(),
  }),
);
export type SDKTaskNotificationMessage = z.infer<typeof SDKTaskNotificationMessageSchema>;

/** `system`/`background_tasks_changed`: the full current list of background tasks (replaces the last). */
export const SDKBackgroundTasksChangedMessageSchema = lazySchema(() =>
  z.looseObject({
    ...systemMessageShape("background_tasks_changed"),
    tasks: z.array(
      z.looseObject({
        ...taskFields(),
        task_type: z.string(),
        subagent_type: z.string().optional(),
        description: z.string(),
        parent_task_id: z.string().optional(),
        ambient: z.boolean().optional(),
      }),
    ),
  }),
);
export type SDKBackgroundTasksChangedMessage = z.infer<typeof SDKBackgroundTasksChangedMessageSchema>;
