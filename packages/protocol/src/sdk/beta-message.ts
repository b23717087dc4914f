import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";
import { BetaUsageSchema } from "./beta-usage.ts";
import { RefusalCategorySchema } from "./compaction-blocks.ts";
import { BetaContentBlockSchema } from "./content-block.ts";

/** Why the model stopped generating. */
export const BETA_STOP_REASONS = [
  "end_turn",
  "max_tokens",
  "stop_sequence",
  "tool_use",
  "pause_turn",
  "compaction",
  "refusal",
  "model_context_window_exceeded",
] as const;
/** Why the model stopped generating. */
export const BetaStopReasonSchema = lazySchema(() => z.enum(BETA_STOP_REASONS));
export type BetaStopReason = z.infer<typeof BetaStopReasonSchema>;

/** The code-execution container a response used. */
export const BetaContainerSchema = lazySchema(() =>
  z.looseObject({
    id: z.string(),
    expires_at: z.string(),
    skills: z
      .array(
        z.looseObject({ skill_id: z.string(), type: z.enum(["anthropic", "custom"]), version: z.string() }),
      )
      .nullish(),
  }),
);
export type BetaContainer = z.infer<typeof BetaContainerSchema>;

/** Context edits the API applied before sampling (cleared tool uses or thinking turns). */
export const BetaContextManagementResponseSchema = lazySchema(() =>
  z.looseObject({
    applied_edits: z.array(
      z.discriminatedUnion("type", [
        z.looseObject({
          type: z.literal("clear_tool_uses_20250919"),
          cleared_input_tokens: z.number(),
          cleared_tool_uses: z.number(),
        }),
        z.looseObject({
          type: z.literal("clear_thinking_20251015"),
          cleared_input_tokens: z.number(),
          cleared_thinking_turns: z.number(),
        }),
      ]),
    ),
  }),
);
export type BetaContextManagementResponse = z.infer<typeof BetaContextManagementResponseSchema>;

const cacheMissed = () => ({ cache_missed_input_tokens: z.number() });

/** Why the prompt cache was missed. */
export const BetaDiagnosticsSchema = lazySchema(() =>
  z.looseObject({
    cache_miss_reason: z
      .discriminatedUnion("type", [
        z.looseObject({ type: z.literal("model_changed"), ...cacheMissed() }),
        z.looseObject({ type: z.literal("system_changed"), ...cacheMissed() }),
        z.looseObject({ type: z.literal("tools_changed"), ...cacheMissed() }),
        z.looseObject({ type: z.literal("messages_changed"), ...cacheMissed() }),
        z.looseObject({ type: z.literal("previous_message_not_found") }),
        z.looseObject({ type: z.literal("unavailable") }),
      ])
      .nullish(),
  }),
);
export type BetaDiagnostics = z.infer<typeof BetaDiagnosticsSchema>;

/** Details of a refusal stop. */
export const BetaRefusalStopDetailsSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("refusal"),
    category: RefusalCategorySchema.optional(),
    explanation: z.string().nullish(),
    fallback_credit_token: z.string().nullish(),
    fallback_has_prefill_claim: z.boolean().nullish(),
    recommended_model: z.string().nullish(),
  }),
);
export type BetaRefusalStopDetails = z.infer<typeof BetaRefusalStopDetailsSchema>;

const bindingMismatch = lazySchema(() =>
  z.enum([
    "model_binding_mismatch",
    "prefix_binding_mismatch",
    "organization_binding_mismatch",
    "end_user_binding_mismatch",
  ]),
);

/** A change the API made to the request's input (e.g. dropped thinking blocks). */
export const BetaInputTransformationSchema = lazySchema(() =>
  z.discriminatedUnion("type", [
    z.looseObject({ type: z.literal("thinking_dropped"), path: z.string(), reason: bindingMismatch }),
    z.looseObject({
      type: z.literal("thinking_mismatch_allowed"),
      path: z.string(),
      reason: bindingMismatch,
    }),
  ]),
);
export type BetaInputTransformation = z.infer<typeof BetaInputTransformationSchema>;

/**
 * An Anthropic Messages API response message, as carried by `assistant` SDK messages. The CLI emits
 * one per completed content block (same `id`), with `stop_reason: null` until the last.
 */
export const BetaMessageSchema = lazySchema(() =>
  z.looseObject({
    id: z.string(),
    type: z.literal("message"),
    role: z.literal("assistant"),
    model: z.string(),
    content: z.array(BetaContentBlockSchema),
    stop_reason: BetaStopReasonSchema.nullish(),
    stop_sequence: z.string().nullish(),
    usage: BetaUsageSchema,
    container: BetaContainerSchema.nullish(),
    context_management: BetaContextManagementResponseSchema.nullish(),
    diagnostics: BetaDiagnosticsSchema.nullish(),
    stop_details: BetaRefusalStopDetailsSchema.nullish(),
    input_transformations: z.array(BetaInputTransformationSchema).nullish(),
  }),
);
export type BetaMessage = z.infer<typeof BetaMessageSchema>;
