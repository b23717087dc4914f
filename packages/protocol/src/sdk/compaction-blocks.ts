import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";

const toolReference = lazySchema(() =>
  z.looseObject({ type: z.literal("tool_reference"), name: z.string() }),
);
const mcpToolReference = lazySchema(() =>
  z.looseObject({
    type: z.literal("mcp_tool_reference"),
    name: z.string(),
    server_name: z.string(),
  }),
);
const mcpToolsetReference = lazySchema(() =>
  z.looseObject({
    type: z.literal("mcp_toolset_reference"),
    server_name: z.string(),
  }),
);

/**
 * A tool definition echoed back inside a compaction block. Carried opaquely: it is one of ~30 tool
 * shapes that change with every API release, and nothing in the SDK protocol reads it.
 */
export const BetaToolDefinitionSchema = lazySchema(() =>
  z.looseObject({
    type: z.string().optional(),
    name: z.string().optional(),
  }),
);
export type BetaToolDefinition = z.infer<typeof BetaToolDefinitionSchema>;

/** A tool that became available, or stopped being available, across a compaction. */
export const BetaToolChangeSchema = lazySchema(() =>
  z.discriminatedUnion("type", [
    z.looseObject({
      type: z.literal("tool_addition"),
      tool: z.discriminatedUnion("type", [
        toolReference,
        mcpToolReference,
        mcpToolsetReference,
        z.looseObject({ type: z.literal("tool_definition"), definition: BetaToolDefinitionSchema }),
      ]),
    }),
    z.looseObject({
      type: z.literal("tool_removal"),
      tool: z.discriminatedUnion("type", [toolReference, mcpToolReference, mcpToolsetReference]),
    }),
  ]),
);
export type BetaToolChange = z.infer<typeof BetaToolChangeSchema>;

/** A server-side summary that replaces earlier conversation history. */
export const BetaCompactionBlockSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("compaction"),
    content: z.string().nullish(),
    encrypted_content: z.string().nullish(),
    signature: z.string().nullish(),
    tool_changes: z.array(BetaToolChangeSchema).nullish(),
  }),
);
export type BetaCompactionBlock = z.infer<typeof BetaCompactionBlockSchema>;

const refusalCategory = lazySchema(() =>
  z.enum(["cyber", "bio", "frontier_llm", "reasoning_extraction", "general_harms"]).nullable(),
);

/** Marks where the API switched to a fallback model after a refusal. */
export const BetaFallbackBlockSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("fallback"),
    from: z.looseObject({ model: z.string() }),
    to: z.looseObject({ model: z.string() }),
    trigger: z.looseObject({ type: z.literal("refusal"), category: refusalCategory }),
  }),
);
export type BetaFallbackBlock = z.infer<typeof BetaFallbackBlockSchema>;

/** The category of a refusal, when the API names one. */
export const RefusalCategorySchema = refusalCategory;
export type RefusalCategory = z.infer<typeof RefusalCategorySchema>;
