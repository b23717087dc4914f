import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";
import { AgentDefinitionSchema } from "./agent-definition.ts";
import {
  EffortLevelSchema,
  PermissionModeSchema,
  SdkBetaSchema,
  SettingSourceSchema,
  ThinkingDisplaySchema,
} from "./enums.ts";
import { HookCallbacksSchema } from "./hooks.ts";
import type {
  OnElicitation,
  OnUserDialog,
  SessionStore,
  SpawnedProcess,
  SpawnOptions,
} from "./host-callbacks.ts";
import { McpServerConfigSchema, SdkPluginConfigSchema } from "./mcp-server-config.ts";
import type { CanUseTool } from "./permissions.ts";
import { SandboxSettingsSchema } from "./sandbox-settings.ts";

/** How the model thinks: adaptively, with a fixed budget, or not at all. */
export const ThinkingConfigSchema = lazySchema(() =>
  z.discriminatedUnion("type", [
    z.looseObject({ type: z.literal("adaptive"), display: ThinkingDisplaySchema.optional() }),
    z.looseObject({
      type: z.literal("enabled"),
      budgetTokens: z.number().optional(),
      display: ThinkingDisplaySchema.optional(),
    }),
    z.looseObject({ type: z.literal("disabled") }),
  ]),
);
export type ThinkingConfig = z.infer<typeof ThinkingConfigSchema>;

/** Structured output: the final result must match this JSON Schema (`--json-schema`). */
export const OutputFormatSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("json_schema"),
    schema: z.record(z.string(), z.unknown()),
  }),
);
export type OutputFormat = z.infer<typeof OutputFormatSchema>;

/**
 * The system prompt: a string, string parts, a custom prompt, or Claude Code's own preset with an
 * optional append. (With none, the SDK sends `systemPrompt: [""]` and the CLI uses a minimal prompt.)
 */
export const SystemPromptConfigSchema = lazySchema(() =>
  z.union([
    z.string(),
    z.array(z.string()),
    z.looseObject({
      type: z.literal("custom"),
      prompt: z.union([z.string(), z.array(z.string())]),
      snapshot: z.boolean().optional(),
    }),
    z.looseObject({
      type: z.literal("preset"),
      preset: z.literal("claude_code"),
      append: z.string().optional(),
      excludeDynamicSections: z.boolean().optional(),
      snapshot: z.boolean().optional(),
    }),
  ]),
);
export type SystemPromptConfig = z.infer<typeof SystemPromptConfigSchema>;

/** Per-tool configuration (how AskUserQuestion previews are formatted). */
export const ToolConfigSchema = lazySchema(() =>
  z.looseObject({
    askUserQuestion: z.looseObject({ previewFormat: z.enum(["markdown", "html"]).optional() }).optional(),
  }),
);
export type ToolConfig = z.infer<typeof ToolConfigSchema>;

/** Claude Code settings (the shape of settings.json); open-ended, so only its JSON-ness is checked. */
export const SettingsSchema = lazySchema(() => z.record(z.string(), z.unknown()));
export type Settings = z.infer<typeof SettingsSchema>;

const fn = <T>(what: string) => z.custom<T>((value) => typeof value === "function", `expected ${what}`);
const object = <T>(what: string) =>
  z.custom<T>((value) => typeof value === "object" && value !== null, `expected ${what}`);
const strings = lazySchema(() => z.array(z.string()).optional());
const flag = lazySchema(() => z.boolean().optional());

/**
 * Everything a host can configure for a query (the SDK's `Options`, all 70 fields). Callbacks and
 * live objects are `z.custom`; everything else is plain JSON. §3.2 of the reference says how each
 * field reaches the CLI (flag, environment, or the initialize request).
 */
export const QueryOptionsSchema = lazySchema(() =>
  z.looseObject({
    abortController: object<AbortController>("an AbortController").optional(),
    additionalDirectories: strings,
    projectConfigRoot: z.string().optional(),
    agent: z.string().optional(),
    agents: z.record(z.string(), AgentDefinitionSchema).optional(),
    allowedTools: strings,
    canUseTool: fn<CanUseTool>("a canUseTool function").optional(),
    continue: flag,
    cwd: z.string().optional(),
    disallowedTools: strings,
    toolAliases: z.record(z.string(), z.string()).optional(),
    tools: z
      .union([
        z.array(z.string()),
        z.looseObject({ type: z.literal("preset"), preset: z.literal("claude_code") }),
      ])
      .optional(),
    env: z.record(z.string(), z.string().optional()).optional(),
    executable: z.enum(["bun", "deno", "node"]).optional(),
    executableArgs: strings,
    extraArgs: z.record(z.string(), z.string().nullable()).optional(),
    fallbackModel: z.string().optional(),
    enableFileCheckpointing: flag,
    toolConfig: ToolConfigSchema.optional(),
    forkSession: flag,
    betas: z.array(SdkBetaSchema).optional(),
    hooks: HookCallbacksSchema.optional(),
    onElicitation: fn<OnElicitation>("an onElicitation function").optional(),
    onUserDialog: fn<OnUserDialog>("an onUserDialog function").optional(),
    supportedDialogKinds: strings,
    perTaskStopAffordance: flag,
    persistSession: flag,
    sessionStore: object<SessionStore>("a session store").optional(),
    sessionStoreFlush: z.enum(["batched", "eager"]).optional(),
    loadTimeoutMs: z.number().optional(),
    includeHookEvents: flag,
    includePartialMessages: flag,
    forwardSubagentText: flag,
    verbatimPrompts: flag,
    thinking: ThinkingConfigSchema.optional(),
    effort: EffortLevelSchema.optional(),
    maxThinkingTokens: z.number().optional(),
    maxTurns: z.number().optional(),
    maxBudgetUsd: z.number().optional(),
    taskBudget: z.looseObject({ total: z.number() }).optional(),
    mcpServers: z.record(z.string(), McpServerConfigSchema).optional(),
    mcpServersDelivery: z.enum(["argv", "initialize"]).optional(),
    model: z.string().optional(),
    outputFormat: OutputFormatSchema.optional(),
    pathToClaudeCodeExecutable: z.string().optional(),
    permissionMode: PermissionModeSchema.optional(),
    planModeInstructions: z.string().optional(),
    allowDangerouslySkipPermissions: flag,
    permissionPromptToolName: z.string().optional(),
    permissionPrompts: z.enum(["host", "none"]).optional(),
    plugins: z.array(SdkPluginConfigSchema).optional(),
    pluginDelivery: z.enum(["argv", "initialize"]).optional(),
    promptSuggestions: flag,
    agentProgressSummaries: flag,
    resume: z.string().optional(),
    sessionId: z.string().optional(),
    resumeSessionAt: z.string().optional(),
    resumeDropsTurn: z.string().optional(),
    sandbox: SandboxSettingsSchema.optional(),
    settings: z.union([z.string(), SettingsSchema]).optional(),
    managedSettings: SettingsSchema.optional(),
    settingSources: z.array(SettingSourceSchema).optional(),
    skills: z.union([z.array(z.string()), z.literal("all")]).optional(),
    debug: flag,
    debugFile: z.string().optional(),
    stderr: fn<(data: string) => void>("a stderr function").optional(),
    strictMcpConfig: flag,
    systemPrompt: SystemPromptConfigSchema.optional(),
    title: z.string().optional(),
    spawnClaudeCodeProcess: fn<(options: SpawnOptions) => SpawnedProcess>("a spawn function").optional(),
  }),
);
export type QueryOptions = z.infer<typeof QueryOptionsSchema>;
