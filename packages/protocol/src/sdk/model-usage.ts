import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";

/** Per-model usage and cost on `result` messages (`modelUsage`), in camelCase as the CLI writes it. */
export const ModelUsageSchema = lazySchema(() =>
  z.looseObject({
    inputTokens: z.number(),
    outputTokens: z.number(),
    thinkingTokens: z.number().optional(),
    cacheReadInputTokens: z.number(),
    cacheCreationInputTokens: z.number(),
    cacheCreationEphemeral5mInputTokens: z.number().optional(),
    cacheCreationEphemeral1hInputTokens: z.number().optional(),
    webSearchRequests: z.number(),
    costUSD: z.number(),
    contextWindow: z.number(),
    maxOutputTokens: z.number(),
    canonicalModel: z.string().optional(),
    provider: z.string().optional(),
    costBasis: z.enum(["list", "managed", "unknown"]).optional(),
  }),
);
export type ModelUsage = z.infer<typeof ModelUsageSchema>;
