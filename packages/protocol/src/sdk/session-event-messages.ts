import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";
import { messageIdentity } from "./message-identity.ts";
import { UuidSchema } from "./uuid.ts";

/** `auth_status`: progress of an interactive login, with the lines to show the person. */
export const SDKAuthStatusMessageSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("auth_status"),
    isAuthenticating: z.boolean(),
    output: z.array(z.string()),
    error: z.string().optional(),
    ...messageIdentity(),
  }),
);
export type SDKAuthStatusMessage = z.infer<typeof SDKAuthStatusMessageSchema>;

const rateLimitStatus = lazySchema(() => z.enum(["allowed", "allowed_warning", "rejected"]));

/** Where the account stands against its rate limits. */
export const SDKRateLimitInfoSchema = lazySchema(() =>
  z.looseObject({
    status: rateLimitStatus,
    resetsAt: z.number().optional(),
    rateLimitType: z
      .enum([
        "five_hour",
        "seven_day",
        "seven_day_opus",
        "seven_day_sonnet",
        "seven_day_overage_included",
        "overage",
      ])
      .optional(),
    utilization: z.number().optional(),
    overageStatus: rateLimitStatus.optional(),
    overageResetsAt: z.number().optional(),
    overageDisabledReason: z
      .enum([
        "overage_not_provisioned",
        "org_level_disabled",
        "org_level_disabled_until",
        "out_of_credits",
        "seat_tier_level_disabled",
        "member_level_disabled",
        "seat_tier_zero_credit_limit",
        "group_zero_credit_limit",
        "member_zero_credit_limit",
        "org_service_level_disabled",
        "no_limits_configured",
        "fetch_error",
        "unknown",
      ])
      .optional(),
    isUsingOverage: z.boolean().optional(),
    overageInUse: z.boolean().optional(),
    overageEnabled: z.boolean().optional(),
    surpassedThreshold: z.number().optional(),
    limitScope: z.enum(["service", "channel", "group_pool"]).optional(),
    errorCode: z.literal("credits_required").optional(),
    canUserPurchaseCredits: z.boolean().optional(),
    hasChargeableSavedPaymentMethod: z.boolean().optional(),
  }),
);
export type SDKRateLimitInfo = z.infer<typeof SDKRateLimitInfoSchema>;

/** `rate_limit_event`: the account's rate-limit standing changed. */
export const SDKRateLimitEventSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("rate_limit_event"),
    rate_limit_info: SDKRateLimitInfoSchema,
    ...messageIdentity(),
  }),
);
export type SDKRateLimitEvent = z.infer<typeof SDKRateLimitEventSchema>;

/** `prompt_suggestion`: a suggested next prompt, sent after a turn's `result`. */
export const SDKPromptSuggestionMessageSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("prompt_suggestion"),
    suggestion: z.string(),
    ...messageIdentity(),
  }),
);
export type SDKPromptSuggestionMessage = z.infer<typeof SDKPromptSuggestionMessageSchema>;

/** `conversation_reset`: the conversation restarted under a new id (`/clear`, plan-mode exit, ...). */
export const SDKConversationResetMessageSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("conversation_reset"),
    new_conversation_id: UuidSchema,
    ...messageIdentity(),
    trigger: z.enum(["clear", "plan_mode_exit", "fresh_session", "onboarding"]).optional(),
    user_message_uuid: z.string().optional(),
    timestamp: z.string().optional(),
  }),
);
export type SDKConversationResetMessage = z.infer<typeof SDKConversationResetMessageSchema>;

/** `active_goal` (stdout only, outside the SDKMessage union): the session's current goal, or `null`. */
export const SDKActiveGoalMessageSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("active_goal"),
    value: z
      .looseObject({
        condition: z.string(),
        iterations: z.number(),
        set_at: z.number(),
        tokens_at_start: z.number(),
        last_reason: z.string().optional(),
      })
      .nullable(),
    ...messageIdentity(),
  }),
);
export type SDKActiveGoalMessage = z.infer<typeof SDKActiveGoalMessageSchema>;
