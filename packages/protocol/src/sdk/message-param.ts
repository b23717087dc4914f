import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";
import { ContentBlockParamSchema } from "./content-block.ts";
import { BetaTextBlockSchema } from "./text-blocks.ts";

/** A message's content as sent to the model: plain text or an array of blocks. */
export const MessageContentParamSchema = lazySchema(() =>
  z.union([z.string(), z.array(ContentBlockParamSchema)]),
);
export type MessageContentParam = z.infer<typeof MessageContentParamSchema>;

/**
 * A message as sent to the Messages API (`MessageParam`). SDK user messages carry the `user` form;
 * the string form and the block form are both accepted on the wire.
 */
export const MessageParamSchema = lazySchema(() =>
  z.discriminatedUnion("role", [
    z.looseObject({ role: z.literal("user"), content: MessageContentParamSchema }),
    z.looseObject({ role: z.literal("assistant"), content: MessageContentParamSchema }),
    z.looseObject({
      role: z.literal("system"),
      content: z.union([z.string(), z.array(BetaTextBlockSchema)]),
    }),
  ]),
);
export type MessageParam = z.infer<typeof MessageParamSchema>;
