import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";
import { EffortLevelSchema, PermissionModeSchema } from "./enums.ts";
import { McpServerConfigForProcessTransportSchema } from "./mcp-server-config.ts";

/** An MCP server a subagent may use: the name of a configured server, or inline configurations. */
export const AgentMcpServerSpecSchema = lazySchema(() =>
  z.union([z.string(), z.record(z.string(), McpServerConfigForProcessTransportSchema)]),
);
export type AgentMcpServerSpec = z.infer<typeof AgentMcpServerSpecSchema>;

/** A custom subagent the model can start through the Agent tool. */
export const AgentDefinitionSchema = lazySchema(() =>
  z.looseObject({
    description: z.string(),
    prompt: z.string(),
    tools: z.array(z.string()).optional(),
    disallowedTools: z.array(z.string()).optional(),
    model: z.string().optional(),
    mcpServers: z.array(AgentMcpServerSpecSchema).optional(),
    criticalSystemReminder_EXPERIMENTAL: z.string().optional(),
    skills: z.array(z.string()).optional(),
    initialPrompt: z.string().optional(),
    maxTurns: z.number().optional(),
    autoCompactWindow: z.number().optional(),
    background: z.boolean().optional(),
    omitClaudeMd: z.boolean().optional(),
    memory: z.enum(["user", "project", "local"]).optional(),
    effort: z.union([EffortLevelSchema, z.number()]).optional(),
    permissionMode: PermissionModeSchema.optional(),
    observer: z.string().optional(),
    observerMessage: z.string().optional(),
  }),
);
export type AgentDefinition = z.infer<typeof AgentDefinitionSchema>;

/** A subagent the CLI offers (initialize reply; the SDK's `AgentInfo`). */
export const SdkAgentInfoSchema = lazySchema(() =>
  z.looseObject({
    name: z.string(),
    description: z.string(),
    model: z.string().optional(),
  }),
);
export type SdkAgentInfo = z.infer<typeof SdkAgentInfoSchema>;
