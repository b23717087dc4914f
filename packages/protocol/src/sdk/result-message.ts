import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";
import { NonNullableUsageSchema } from "./beta-usage.ts";
import {
  FastModeDisabledReasonSchema,
  FastModeStateSchema,
  SDKStartupFailureReasonSchema,
  TerminalReasonSchema,
} from "./enums.ts";
import { messageIdentity } from "./message-identity.ts";
import { ModelUsageSchema } from "./model-usage.ts";
import { SDKMessageOriginSchema } from "./user-message.ts";

/** A tool call the permission system refused during the turn. */
export const SDKPermissionDenialSchema = lazySchema(() =>
  z.looseObject({
    tool_name: z.string(),
    tool_use_id: z.string(),
    tool_input: z.record(z.string(), z.unknown()),
  }),
);
export type SDKPermissionDenial = z.infer<typeof SDKPermissionDenialSchema>;

/** A tool call deferred to the host (the turn ended with `terminal_reason: "tool_deferred"`). */
export const SDKDeferredToolUseSchema = lazySchema(() =>
  z.looseObject({
    id: z.string(),
    name: z.string(),
    input: z.record(z.string(), z.unknown()),
  }),
);
export type SDKDeferredToolUse = z.infer<typeof SDKDeferredToolUseSchema>;

/** The subtypes of a failed turn's `result`. */
export const RESULT_ERROR_SUBTYPES = [
  "error_during_execution",
  "error_max_turns",
  "error_max_budget_usd",
  "error_max_structured_output_retries",
] as const;
/** The subtype of a failed turn's `result`. */
export const ResultErrorSubtypeSchema = lazySchema(() => z.enum(RESULT_ERROR_SUBTYPES));
export type ResultErrorSubtype = z.infer<typeof ResultErrorSubtypeSchema>;

const queuedBehind = lazySchema(() =>
  z.enum(["durable_post", "ephemeral_post", "retry_backoff", "hold", "none"]).optional(),
);

const resultFields = () => ({
  type: z.literal("result"),
  duration_ms: z.number(),
  duration_api_ms: z.number(),
  is_error: z.boolean(),
  num_turns: z.number(),
  stop_reason: z.string().nullable(),
  total_cost_usd: z.number(),
  usage: NonNullableUsageSchema,
  modelUsage: z.record(z.string(), ModelUsageSchema),
  permission_denials: z.array(SDKPermissionDenialSchema),
  queued_turn_count: z.number().optional(),
  user_message_uuid: z.string().optional(),
  user_message_uuids: z.array(z.string()).optional(),
  resume_reason: z.string().optional(),
  terminal_reason: TerminalReasonSchema.optional(),
  result_index: z.number().optional(),
  credential_expires_at: z.string().optional(),
  fast_mode_state: FastModeStateSchema.optional(),
  fast_mode_disabled_reason: FastModeDisabledReasonSchema.optional(),
  origin: SDKMessageOriginSchema.optional(),
  ...messageIdentity(),
});

/**
 * The end of a turn that produced an answer (`result`/`success`). Exactly one `result` ends each
 * turn. An API error also ends with `success` but `is_error: true` and `api_error_status` set.
 */
export const SDKResultSuccessSchema = lazySchema(() =>
  z.looseObject({
    ...resultFields(),
    subtype: z.literal("success"),
    result: z.string(),
    ttft_ms: z.number().optional(),
    ttft_stream_ms: z.number().optional(),
    time_to_request_ms: z.number().optional(),
    local_command: z.string().optional(),
    request_sent_wall_ms: z.number().optional(),
    first_content_frame_ms: z.number().optional(),
    first_stream_post_ms: z.number().optional(),
    first_stream_post_ack_ms: z.number().optional(),
    first_stream_post_queue_wait_ms: z.number().optional(),
    first_stream_post_queued_behind: queuedBehind,
    first_stream_post_wall_ms: z.number().optional(),
    first_text_post_ms: z.number().optional(),
    first_text_post_queue_wait_ms: z.number().optional(),
    first_text_post_queued_behind: queuedBehind,
    first_text_post_wall_ms: z.number().optional(),
    time_to_request_from_spawn_ms: z.number().optional(),
    warm_spare_claimed: z.boolean().optional(),
    time_origin_ms: z.number().optional(),
    api_error_status: z.number().nullish(),
    structured_output: z.unknown().optional(),
    deferred_tool_use: SDKDeferredToolUseSchema.optional(),
  }),
);
export type SDKResultSuccess = z.infer<typeof SDKResultSuccessSchema>;

/** The end of a turn that failed (interrupted, out of turns, out of budget, ...), with `errors`. */
export const SDKResultErrorSchema = lazySchema(() =>
  z.looseObject({
    ...resultFields(),
    subtype: ResultErrorSubtypeSchema,
    errors: z.array(z.string()),
    startup_failure_reason: SDKStartupFailureReasonSchema.optional(),
    invalid_config_file: z
      .looseObject({
        path: z.string(),
        is_global: z.boolean(),
        backup_searched: z.boolean(),
        backup_path: z.string().optional(),
      })
      .optional(),
  }),
);
export type SDKResultError = z.infer<typeof SDKResultErrorSchema>;

/** The turn-complete signal: success or one of the error subtypes. */
export const SDKResultMessageSchema = lazySchema(() =>
  z.union([SDKResultSuccessSchema, SDKResultErrorSchema]),
);
export type SDKResultMessage = z.infer<typeof SDKResultMessageSchema>;
