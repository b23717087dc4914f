import { z } from "zod";
import { lazySchema } from "../../shared/lazy-schema.ts";
import { SDKExtraUsageSchema, SDKSessionUsageTotalsSchema } from "../context-usage.ts";

const window = lazySchema(() =>
  z.looseObject({ utilization: z.number().nullable(), resets_at: z.string().nullable() }).nullish(),
);
const namePct = lazySchema(() => z.array(z.looseObject({ name: z.string(), pct: z.number() })));
const behaviorKey = lazySchema(() =>
  z.enum([
    "cache_miss",
    "long_context",
    "subagent_heavy",
    "high_parallel",
    "cron",
    "max_effort",
    "workflow",
    "always_on_context",
    "large_tool_results",
  ]),
);

/** What drove usage over a period (day or week), with recommendations. */
export const SDKUsageBehaviorPeriodSchema = lazySchema(() =>
  z.looseObject({
    request_count: z.number(),
    session_count: z.number(),
    behaviors: z.array(z.looseObject({ key: behaviorKey, pct: z.number(), count: z.number() })),
    recommendations: z
      .array(
        z.looseObject({ key: z.string(), pct: z.number(), title: z.string(), detail: z.string().optional() }),
      )
      .optional(),
    fix: z.looseObject({ keys: z.array(z.string()), messages: z.array(z.string()) }).optional(),
    agents: namePct,
    skills: namePct,
    plugins: namePct,
    mcp_servers: namePct,
  }),
);
export type SDKUsageBehaviorPeriod = z.infer<typeof SDKUsageBehaviorPeriodSchema>;

/** The success payload of `get_usage` (experimental): session totals, subscription limits, behaviours. */
export const SDKControlGetUsageResponseSchema = lazySchema(() =>
  z.looseObject({
    session: SDKSessionUsageTotalsSchema,
    subscription_type: z.string().nullable(),
    rate_limits_available: z.boolean(),
    rate_limits: z
      .looseObject({
        five_hour: window,
        seven_day: window,
        seven_day_oauth_apps: window,
        seven_day_opus: window,
        seven_day_sonnet: window,
        model_scoped: z
          .array(
            z.looseObject({
              display_name: z.string(),
              utilization: z.number().nullable(),
              resets_at: z.string().nullable(),
            }),
          )
          .optional(),
        extra_usage: SDKExtraUsageSchema.nullish(),
      })
      .nullable(),
    behaviors: z
      .looseObject({ day: SDKUsageBehaviorPeriodSchema, week: SDKUsageBehaviorPeriodSchema })
      .nullable(),
  }),
);
export type SDKControlGetUsageResponse = z.infer<typeof SDKControlGetUsageResponseSchema>;
