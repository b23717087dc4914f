import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";
import { ModelUsageSchema } from "./model-usage.ts";

/** One slice of the context window (system prompt, tools, messages, free space, ...). */
export const SDKContextUsageCategorySchema = lazySchema(() =>
  z.looseObject({
    name: z.string(),
    tokens: z.number(),
    kind: z.enum(["used", "free", "buffer", "deferred"]),
  }),
);
export type SDKContextUsageCategory = z.infer<typeof SDKContextUsageCategorySchema>;

/** How full the context window is, attached to assistant messages when the host asks for it. */
export const SDKContextUsageSchema = lazySchema(() =>
  z.looseObject({
    model: z.string(),
    total_tokens: z.number(),
    raw_max_tokens: z.number(),
    percentage: z.number(),
    over_limit: z
      .looseObject({ tokens_over: z.number(), kind: z.enum(["hard_limit", "compaction_window"]) })
      .optional(),
    categories: z.array(SDKContextUsageCategorySchema),
    mcp_tools: z.array(z.looseObject({ name: z.string(), server_name: z.string(), tokens: z.number() })),
    memory_files: z.array(z.looseObject({ path: z.string(), type: z.string(), tokens: z.number() })),
    agents: z.array(z.looseObject({ agent_type: z.string(), source: z.string(), tokens: z.number() })),
    skills: z
      .array(
        z.looseObject({
          name: z.string(),
          source: z.string(),
          plugin_name: z.string().optional(),
          tokens: z.number(),
        }),
      )
      .optional(),
  }),
);
export type SDKContextUsage = z.infer<typeof SDKContextUsageSchema>;

/** Session totals (cost, durations, lines changed, per-model usage). */
export const SDKSessionUsageTotalsSchema = lazySchema(() =>
  z.looseObject({
    total_cost_usd: z.number(),
    total_api_duration_ms: z.number(),
    total_duration_ms: z.number(),
    total_lines_added: z.number(),
    total_lines_removed: z.number(),
    model_usage: z.record(z.string(), ModelUsageSchema),
  }),
);
export type SDKSessionUsageTotals = z.infer<typeof SDKSessionUsageTotalsSchema>;

/** Extra (paid) usage beyond the subscription. */
export const SDKExtraUsageSchema = lazySchema(() =>
  z.looseObject({
    is_enabled: z.boolean(),
    monthly_limit: z.number().nullable(),
    used_credits: z.number().nullable(),
    utilization: z.number().nullable(),
    currency: z.string().nullish(),
  }),
);
export type SDKExtraUsage = z.infer<typeof SDKExtraUsageSchema>;

const displayName = lazySchema(() => z.looseObject({ display_name: z.string() }).nullish());

/** Session usage and rate-limit standing, attached to assistant messages when the host asks for it. */
export const SDKUsageReportSchema = lazySchema(() =>
  z.looseObject({
    session: SDKSessionUsageTotalsSchema,
    rate_limits: z
      .looseObject({
        limits: z
          .array(
            z.looseObject({
              kind: z.string(),
              group: z.string(),
              percent: z.number(),
              resets_at: z.string().nullable(),
              scope: z.looseObject({ model: displayName, surface: displayName }).nullish(),
              severity: z.string(),
              is_active: z.boolean(),
            }),
          )
          .nullable(),
        extra_usage: SDKExtraUsageSchema.nullish(),
      })
      .nullable(),
  }),
);
export type SDKUsageReport = z.infer<typeof SDKUsageReportSchema>;
