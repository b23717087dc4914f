import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";

/** Prompt-cache writes split by time-to-live. */
export const BetaCacheCreationSchema = lazySchema(() =>
  z.looseObject({
    ephemeral_1h_input_tokens: z.number(),
    ephemeral_5m_input_tokens: z.number(),
  }),
);
export type BetaCacheCreation = z.infer<typeof BetaCacheCreationSchema>;

/** How many server tool requests a turn made. */
export const BetaServerToolUsageSchema = lazySchema(() =>
  z.looseObject({
    web_fetch_requests: z.number(),
    web_search_requests: z.number(),
  }),
);
export type BetaServerToolUsage = z.infer<typeof BetaServerToolUsageSchema>;

/** Breakdown of output tokens. */
export const BetaOutputTokensDetailsSchema = lazySchema(() => z.looseObject({ thinking_tokens: z.number() }));
export type BetaOutputTokensDetails = z.infer<typeof BetaOutputTokensDetailsSchema>;

/** Whether a fallback credit was redeemed for a refused request. */
export const BetaFallbackCreditUsageSchema = lazySchema(() =>
  z.looseObject({
    status: z.discriminatedUnion("type", [
      z.looseObject({ type: z.literal("redeemed") }),
      z.looseObject({
        type: z.literal("not_applied"),
        reason: z.enum([
          "body_mismatch",
          "continuation_excluded",
          "continuation_only",
          "expired",
          "invalid_target_model",
          "not_enabled",
          "reprice_unavailable",
          "temporarily_unavailable",
          "variant_fields_present",
          "wrong_organization",
          "wrong_platform",
          "wrong_workspace",
        ]),
        remove_to_redeem: z.array(z.string()).nullish(),
      }),
    ]),
  }),
);
export type BetaFallbackCreditUsage = z.infer<typeof BetaFallbackCreditUsageSchema>;

const iteration = () => ({
  cache_creation: BetaCacheCreationSchema.nullish(),
  cache_creation_input_tokens: z.number(),
  cache_read_input_tokens: z.number(),
  input_tokens: z.number(),
  output_tokens: z.number(),
});

/** Per-iteration usage when one request ran several sampling passes (compaction, advisor, fallback). */
export const BetaIterationsUsageSchema = lazySchema(() =>
  z.array(
    z.discriminatedUnion("type", [
      z.looseObject({ type: z.literal("message"), ...iteration(), model: z.string().nullish() }),
      z.looseObject({ type: z.literal("compaction"), ...iteration() }),
      z.looseObject({ type: z.literal("advisor_message"), ...iteration(), model: z.string() }),
      z.looseObject({ type: z.literal("fallback_message"), ...iteration(), model: z.string() }),
    ]),
  ),
);
export type BetaIterationsUsage = z.infer<typeof BetaIterationsUsageSchema>;

/**
 * Token usage of a Messages API response. Only the token counts are required: the CLI omits the
 * rest on streamed assistant messages, and third-party CLIs often send just the counts.
 */
export const BetaUsageSchema = lazySchema(() =>
  z.looseObject({
    input_tokens: z.number(),
    output_tokens: z.number(),
    cache_creation_input_tokens: z.number().nullish(),
    cache_read_input_tokens: z.number().nullish(),
    cache_creation: BetaCacheCreationSchema.nullish(),
    output_tokens_details: BetaOutputTokensDetailsSchema.nullish(),
    server_tool_use: BetaServerToolUsageSchema.nullish(),
    service_tier: z.enum(["standard", "priority", "batch"]).nullish(),
    inference_geo: z.string().nullish(),
    iterations: BetaIterationsUsageSchema.nullish(),
    speed: z.enum(["standard", "fast"]).nullish(),
    fallback_credit: BetaFallbackCreditUsageSchema.nullish(),
  }),
);
export type BetaUsage = z.infer<typeof BetaUsageSchema>;

/**
 * The cumulative usage on a `result` message (the SDK's `NonNullableUsage`): the real CLI sends
 * every BetaUsage field non-null except `fallback_credit`; third-party CLIs may send only the counts.
 */
export const NonNullableUsageSchema = lazySchema(() =>
  z.looseObject({
    input_tokens: z.number(),
    output_tokens: z.number(),
    cache_creation_input_tokens: z.number().optional(),
    cache_read_input_tokens: z.number().optional(),
    cache_creation: BetaCacheCreationSchema.optional(),
    output_tokens_details: BetaOutputTokensDetailsSchema.optional(),
    server_tool_use: BetaServerToolUsageSchema.optional(),
    service_tier: z.enum(["standard", "priority", "batch"]).optional(),
    inference_geo: z.string().optional(),
    iterations: BetaIterationsUsageSchema.optional(),
    speed: z.enum(["standard", "fast"]).optional(),
    fallback_credit: BetaFallbackCreditUsageSchema.nullish(),
  }),
);
export type NonNullableUsage = z.infer<typeof NonNullableUsageSchema>;

/** Usage reported by a `message_delta` stream event (cumulative for the message). */
export const BetaMessageDeltaUsageSchema = lazySchema(() =>
  z.looseObject({
    output_tokens: z.number(),
    input_tokens: z.number().nullish(),
    cache_creation_input_tokens: z.number().nullish(),
    cache_read_input_tokens: z.number().nullish(),
    output_tokens_details: BetaOutputTokensDetailsSchema.nullish(),
    server_tool_use: BetaServerToolUsageSchema.nullish(),
    iterations: BetaIterationsUsageSchema.nullish(),
    fallback_credit: BetaFallbackCreditUsageSchema.nullish(),
  }),
);
export type BetaMessageDeltaUsage = z.infer<typeof BetaMessageDeltaUsageSchema>;
