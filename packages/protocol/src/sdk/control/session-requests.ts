import { z } from "zod";
import { lazySchema } from "../../shared/lazy-schema.ts";
import { PermissionModeSchema } from "../enums.ts";

// Host → CLI requests that steer the running session.

/** `interrupt`: stop the current turn (`cancel_queued` also drops queued prompts). */
export const SDKControlInterruptRequestSchema = lazySchema(() =>
  z.looseObject({
    subtype: z.literal("interrupt"),
    cancel_queued: z.boolean().optional(),
  }),
);
export type SDKControlInterruptRequest = z.infer<typeof SDKControlInterruptRequestSchema>;

/** `set_permission_mode`: switch the permission mode; answered with `{mode}`. */
export const SDKControlSetPermissionModeRequestSchema = lazySchema(() =>
  z.looseObject({
    subtype: z.literal("set_permission_mode"),
    mode: PermissionModeSchema,
  }),
);
export type SDKControlSetPermissionModeRequest = z.infer<typeof SDKControlSetPermissionModeRequestSchema>;

/** `set_model`: switch the model (`null`/absent restores the default); answered with `{model}`. */
export const SDKControlSetModelRequestSchema = lazySchema(() =>
  z.looseObject({
    subtype: z.literal("set_model"),
    model: z.string().nullish(),
  }),
);
export type SDKControlSetModelRequest = z.infer<typeof SDKControlSetModelRequestSchema>;

/** `set_max_thinking_tokens`: change the thinking budget and display. */
export const SDKControlSetMaxThinkingTokensRequestSchema = lazySchema(() =>
  z.looseObject({
    subtype: z.literal("set_max_thinking_tokens"),
    max_thinking_tokens: z.number().nullish(),
    thinking_display: z.enum(["summarized", "omitted", "highlights"]).nullish(),
  }),
);
export type SDKControlSetMaxThinkingTokensRequest = z.infer<
  typeof SDKControlSetMaxThinkingTokensRequestSchema
>;

/** `rename_session`: set the session's title. */
export const SDKControlRenameSessionRequestSchema = lazySchema(() =>
  z.looseObject({
    subtype: z.literal("rename_session"),
    title: z.string(),
    source: z.enum(["remote", "host"]).optional(),
    session_id: z.string().optional(),
  }),
);
export type SDKControlRenameSessionRequest = z.infer<typeof SDKControlRenameSessionRequestSchema>;

/** `set_color`: set the session's colour. */
export const SDKControlSetColorRequestSchema = lazySchema(() =>
  z.looseObject({
    subtype: z.literal("set_color"),
    color: z.string(),
  }),
);
export type SDKControlSetColorRequest = z.infer<typeof SDKControlSetColorRequestSchema>;

/** `set_has_subscribers`: tell the CLI whether anyone is watching the session. */
export const SDKControlSetHasSubscribersRequestSchema = lazySchema(() =>
  z.looseObject({
    subtype: z.literal("set_has_subscribers"),
    has_subscribers: z.boolean().nullable(),
  }),
);
export type SDKControlSetHasSubscribersRequest = z.infer<typeof SDKControlSetHasSubscribersRequestSchema>;

/** `cancel_async_message`: withdraw a queued user message; answered with `{cancelled}`. */
export const SDKControlCancelAsyncMessageRequestSchema = lazySchema(() =>
  z.looseObject({
    subtype: z.literal("cancel_async_message"),
    message_uuid: z.string(),
  }),
);
export type SDKControlCancelAsyncMessageRequest = z.infer<typeof SDKControlCancelAsyncMessageRequestSchema>;

/** `stop_task`: stop a background task. */
export const SDKControlStopTaskRequestSchema = lazySchema(() =>
  z.looseObject({
    subtype: z.literal("stop_task"),
    task_id: z.string(),
  }),
);
export type SDKControlStopTaskRequest = z.infer<typeof SDKControlStopTaskRequestSchema>;

/** `background_tasks`: move the running tool (or all) to the background; answered with `{backgrounded?}`. */
export const SDKControlBackgroundTasksRequestSchema = lazySchema(() =>
  z.looseObject({
    subtype: z.literal("background_tasks"),
    tool_use_id: z.string().optional(),
  }),
);
export type SDKControlBackgroundTasksRequest = z.infer<typeof SDKControlBackgroundTasksRequestSchema>;

/** `get_task_output`: read a background task's output. */
export const SDKControlGetTaskOutputRequestSchema = lazySchema(() =>
  z.looseObject({
    subtype: z.literal("get_task_output"),
    task_id: z.string(),
  }),
);
export type SDKControlGetTaskOutputRequest = z.infer<typeof SDKControlGetTaskOutputRequestSchema>;

/** `rewind_files`: restore files to their state at a user message (file checkpointing). */
export const SDKControlRewindFilesRequestSchema = lazySchema(() =>
  z.looseObject({
    subtype: z.literal("rewind_files"),
    user_message_id: z.string(),
    dry_run: z.boolean().optional(),
  }),
);
export type SDKControlRewindFilesRequest = z.infer<typeof SDKControlRewindFilesRequestSchema>;
