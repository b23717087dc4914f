import { z } from "zod";
import { lazySchema } from "../../shared/lazy-schema.ts";
import { AgentDefinitionSchema, SdkAgentInfoSchema } from "../agent-definition.ts";
import {
  EffortLevelSchema,
  FastModeDisabledReasonSchema,
  FastModeStateSchema,
  HOOK_EVENTS,
} from "../enums.ts";
import { SDKHookCallbackMatcherSchema } from "../hooks.ts";
import {
  McpServerConfigForProcessTransportSchema,
  McpServerToolPolicySchema,
  SdkPluginConfigSchema,
} from "../mcp-server-config.ts";
import { SlashCommandSchema } from "../slash-command.ts";

/**
 * `initialize`: the first line the SDK writes. Registers hook callback ids, SDK MCP servers, agents
 * and the system prompt. The real CLI does not require it unless started with `--await-initialize`.
 */
export const SDKControlInitializeRequestSchema = lazySchema(() =>
  z.looseObject({
    subtype: z.literal("initialize"),
    hooks: z.partialRecord(z.enum(HOOK_EVENTS), z.array(SDKHookCallbackMatcherSchema)).optional(),
    sdkMcpServers: z.array(z.string()).optional(),
    sdkMcpServerConfigs: z
      .record(
        z.string(),
        z.looseObject({
          timeout: z.number().optional(),
          tools: z.array(McpServerToolPolicySchema).optional(),
        }),
      )
      .optional(),
    sdkMcpServerManifests: z
      .record(
        z.string(),
        z.looseObject({
          initializeResult: z.record(z.string(), z.unknown()),
          toolsListResult: z.record(z.string(), z.unknown()).optional(),
        }),
      )
      .optional(),
    sdkMcpServerManifestsOrigin: z.literal("host_per_send").optional(),
    jsonSchema: z.record(z.string(), z.unknown()).optional(),
    systemPrompt: z.array(z.string()).optional(),
    appendSystemPrompt: z.string().optional(),
    systemPromptSnapshot: z.boolean().optional(),
    planModeInstructions: z.string().optional(),
    toolAliases: z.record(z.string(), z.string()).optional(),
    excludeDynamicSections: z.boolean().optional(),
    agents: z.record(z.string(), AgentDefinitionSchema).optional(),
    title: z.string().optional(),
    skills: z.array(z.string()).optional(),
    promptSuggestions: z.boolean().optional(),
    agentProgressSummaries: z.boolean().optional(),
    forwardSubagentText: z.boolean().optional(),
    supportedDialogKinds: z.array(z.string()).optional(),
    perTaskStopAffordance: z.boolean().optional(),
    plugins: z.array(SdkPluginConfigSchema).optional(),
    mcpServers: z.record(z.string(), McpServerConfigForProcessTransportSchema).optional(),
  }),
);
export type SDKControlInitializeRequest = z.infer<typeof SDKControlInitializeRequestSchema>;

/** A model the CLI offers, with what it supports. */
export const ModelInfoSchema = lazySchema(() =>
  z.looseObject({
    value: z.string(),
    resolvedModel: z.string().optional(),
    displayName: z.string(),
    description: z.string(),
    supportsEffort: z.boolean().optional(),
    supportedEffortLevels: z.array(EffortLevelSchema).optional(),
    supportsAdaptiveThinking: z.boolean().optional(),
    supportsFastMode: z.boolean().optional(),
    supportsAutoMode: z.boolean().optional(),
  }),
);
export type ModelInfo = z.infer<typeof ModelInfoSchema>;

/** The logged-in account (all optional: an API-key login reports only where the key came from). */
export const AccountInfoSchema = lazySchema(() =>
  z.looseObject({
    email: z.string().optional(),
    organization: z.string().optional(),
    subscriptionType: z.string().optional(),
    tokenSource: z.string().optional(),
    apiKeySource: z.string().optional(),
    apiProvider: z
      .enum([
        "firstParty",
        "bedrock",
        "vertex",
        "foundry",
        "anthropicAws",
        "anthropicGoogleCloud",
        "mantle",
        "gateway",
      ])
      .optional(),
  }),
);
export type AccountInfo = z.infer<typeof AccountInfoSchema>;

/**
 * The CLI's reply to `initialize`: commands, agents, output styles, models and account are required
 * (a reply with just those is enough for the official SDK).
 */
export const SDKControlInitializeResponseSchema = lazySchema(() =>
  z.looseObject({
    commands: z.array(SlashCommandSchema),
    agents: z.array(SdkAgentInfoSchema),
    output_style: z.string(),
    available_output_styles: z.array(z.string()),
    models: z.array(ModelInfoSchema),
    account: AccountInfoSchema,
    hooks_applied: z.boolean().optional(),
    hook_on_failure_supported: z.boolean().optional(),
    plugins_applied: z.boolean().optional(),
    mcp_servers_applied: z.boolean().optional(),
    sdk_mcp_manifests_parked: z
      .record(
        z.string(),
        z.enum(["parked", "already_connected", "protocol_version_mismatch", "malformed", "not_honoured"]),
      )
      .optional(),
    claude_code_version: z.string().optional(),
    fast_mode_state: FastModeStateSchema.optional(),
    fast_mode_disabled_reason: FastModeDisabledReasonSchema.optional(),
  }),
);
export type SDKControlInitializeResponse = z.infer<typeof SDKControlInitializeResponseSchema>;
