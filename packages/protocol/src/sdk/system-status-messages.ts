import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";
import { PermissionModeSchema, SDKAssistantMessageErrorSchema, SDKStatusSchema } from "./enums.ts";
import { systemMessageShape } from "./message-identity.ts";

/** `system`/`status`: the CLI started or stopped requesting/compacting, or the permission mode changed. */
export const SDKStatusMessageSchema = lazySchema(() =>
  z.looseObject({
    ...systemMessageShape("status"),
    status: SDKStatusSchema,
    permissionMode: PermissionModeSchema.optional(),
    compact_result: z.enum(["success", "failed"]).optional(),
    compact_error: z.string().optional(),
  }),
);
export type SDKStatusMessage = z.infer<typeof SDKStatusMessageSchema>;

/**
 * `system`/`session_state_changed`: running, waiting on the host (`requires_action`) or idle. The SDK
 * waits for `idle` after a `result` before closing stdin. The real CLI adds `sdk_host_only: true`.
 */
export const SDKSessionStateChangedMessageSchema = lazySchema(() =>
  z.looseObject({
    ...systemMessageShape("session_state_changed"),
    state: z.enum(["idle", "running", "requires_action"]),
  }),
);
export type SDKSessionStateChangedMessage = z.infer<typeof SDKSessionStateChangedMessageSchema>;

/** `system`/`api_retry`: an API call failed and will be retried after `retry_delay_ms`. */
export const SDKAPIRetryMessageSchema = lazySchema(() =>
  z.looseObject({
    ...systemMessageShape("api_retry"),
    attempt: z.number(),
    max_retries: z.number(),
    retry_delay_ms: z.number(),
    error_status: z.number().nullable(),
    error: SDKAssistantMessageErrorSchema,
    no_response: z.looseObject({ waited_ms: z.number(), retry_wait_ms: z.number() }).optional(),
  }),
);
export type SDKAPIRetryMessage = z.infer<typeof SDKAPIRetryMessageSchema>;

/** `system`/`control_request_progress`: progress of a long-running host control request. */
export const SDKControlRequestProgressMessageSchema = lazySchema(() =>
  z.looseObject({
    ...systemMessageShape("control_request_progress"),
    request_id: z.string(),
    status: z.enum(["started", "api_retry"]),
    attempt: z.number().optional(),
    max_retries: z.number().optional(),
    retry_delay_ms: z.number().optional(),
    error_status: z.number().nullish(),
  }),
);
export type SDKControlRequestProgressMessage = z.infer<typeof SDKControlRequestProgressMessageSchema>;

/** `system`/`thinking_tokens`: a running estimate of thinking tokens spent. */
export const SDKThinkingTokensMessageSchema = lazySchema(() =>
  z.looseObject({
    ...systemMessageShape("thinking_tokens"),
    estimated_tokens: z.number(),
    estimated_tokens_delta: z.number(),
    user_message_uuid: z.string().optional(),
  }),
);
export type SDKThinkingTokensMessage = z.infer<typeof SDKThinkingTokensMessageSchema>;

/** `system`/`worker_shutting_down`: the CLI is about to exit. */
export const SDKWorkerShuttingDownMessageSchema = lazySchema(() =>
  z.looseObject({
    ...systemMessageShape("worker_shutting_down"),
    reason: z.string(),
  }),
);
export type SDKWorkerShuttingDownMessage = z.infer<typeof SDKWorkerShuttingDownMessageSchema>;
