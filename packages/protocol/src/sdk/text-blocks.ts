import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";
import { CacheControlEphemeralSchema, TextCitationSchema } from "./content-block-common.ts";

/** Text written by the model (or by the person, in a user message). */
export const BetaTextBlockSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("text"),
    text: z.string(),
    citations: z.array(TextCitationSchema).nullish(),
    cache_control: CacheControlEphemeralSchema.nullish(),
  }),
);
export type BetaTextBlock = z.infer<typeof BetaTextBlockSchema>;

/** The model's visible reasoning, with the signature that lets it be sent back. */
export const BetaThinkingBlockSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("thinking"),
    thinking: z.string(),
    signature: z.string(),
  }),
);
export type BetaThinkingBlock = z.infer<typeof BetaThinkingBlockSchema>;

/** Reasoning the API withheld, carried as opaque data. */
export const BetaRedactedThinkingBlockSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("redacted_thinking"),
    data: z.string(),
  }),
);
export type BetaRedactedThinkingBlock = z.infer<typeof BetaRedactedThinkingBlockSchema>;
