import { z } from "zod";
import { lazySchema } from "../../shared/lazy-schema.ts";

const nameTokens = lazySchema(() => z.looseObject({ name: z.string(), tokens: z.number() }));

/** The success payload of `get_context_usage`: the context window broken down by category. */
export const SDKControlGetContextUsageResponseSchema = lazySchema(() =>
  z.looseObject({
    categories: z.array(
      z.looseObject({
        id: z
          .enum([
            "system_prompt",
            "system_tools",
            "mcp_tools",
            "mcp_instructions",
            "mcp_tools_deferred",
            "system_tools_deferred",
            "custom_agents",
            "memory_files",
            "skills",
            "messages",
            "autocompact_buffer",
            "compact_buffer",
            "free_space",
          ])
          .optional(),
        name: z.string(),
        tokens: z.number(),
        color: z.string(),
        isDeferred: z.boolean().optional(),
        kind: z.enum(["used", "free", "buffer", "deferred"]),
      }),
    ),
    totalTokens: z.number(),
    maxTokens: z.number(),
    rawMaxTokens: z.number(),
    percentage: z.number(),
    gridRows: z.array(
      z.array(
        z.looseObject({
          color: z.string(),
          isFilled: z.boolean(),
          categoryName: z.string(),
          tokens: z.number(),
          percentage: z.number(),
          squareFullness: z.number(),
        }),
      ),
    ),
    model: z.string(),
    memoryFiles: z.array(z.looseObject({ path: z.string(), type: z.string(), tokens: z.number() })),
    mcpTools: z.array(
      z.looseObject({
        name: z.string(),
        serverName: z.string(),
        tokens: z.number(),
        isLoaded: z.boolean().optional(),
      }),
    ),
    mcpInstructions: z.array(z.looseObject({ serverName: z.string(), tokens: z.number() })).optional(),
    deferredBuiltinTools: z
      .array(z.looseObject({ name: z.string(), tokens: z.number(), isLoaded: z.boolean() }))
      .optional(),
    systemTools: z.array(nameTokens).optional(),
    systemPromptSections: z.array(nameTokens).optional(),
    agents: z.array(
      z.looseObject({
        agentType: z.string(),
        source: z.string(),
        pluginId: z.string().optional(),
        path: z.string().optional(),
        tokens: z.number(),
      }),
    ),
    slashCommands: z
      .looseObject({ totalCommands: z.number(), includedCommands: z.number(), tokens: z.number() })
      .optional(),
    skills: z
      .looseObject({
        totalSkills: z.number(),
        includedSkills: z.number(),
        tokens: z.number(),
        skillFrontmatter: z.array(
          z.looseObject({
            name: z.string(),
            source: z.string(),
            pluginName: z.string().optional(),
            pluginId: z.string().optional(),
            path: z.string().optional(),
            tokens: z.number(),
          }),
        ),
      })
      .optional(),
    autoCompactThreshold: z.number().optional(),
    isAutoCompactEnabled: z.boolean(),
    messageBreakdown: z
      .looseObject({
        toolCallTokens: z.number(),
        toolResultTokens: z.number(),
        attachmentTokens: z.number(),
        assistantMessageTokens: z.number(),
        userMessageTokens: z.number(),
        redirectedContextTokens: z.number(),
        unattributedTokens: z.number(),
        toolCallsByType: z.array(
          z.looseObject({ name: z.string(), callTokens: z.number(), resultTokens: z.number() }),
        ),
        attachmentsByType: z.array(nameTokens),
      })
      .optional(),
    apiUsage: z
      .looseObject({
        input_tokens: z.number(),
        output_tokens: z.number(),
        cache_creation_input_tokens: z.number(),
        cache_read_input_tokens: z.number(),
      })
      .nullable(),
  }),
);
export type SDKControlGetContextUsageResponse = z.infer<typeof SDKControlGetContextUsageResponseSchema>;
