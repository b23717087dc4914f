// QueryOptions against the SDK's Options, and the shapes it is made of.
import type * as Ours from "../../../src/index.ts";
import type { Sdk } from "./official.ts";
import { accepts, some } from "./relax.ts";

/**
 * Two host-side fields hold Node objects this browser-safe package cannot name: the spawner returns
 * Node streams, and an SDK MCP server config holds an `McpServer` instance. Everything else is exact.
 */
type ComparableOptions = Omit<Sdk.Options, "spawnClaudeCodeProcess" | "mcpServers"> & {
  mcpServers?: Record<
    string,
    | Exclude<Sdk.McpServerConfig, Sdk.McpSdkServerConfigWithInstance>
    | (Sdk.McpSdkServerConfig & { instance: object })
  >;
  spawnClaudeCodeProcess?: (options: Sdk.SpawnOptions) => unknown;
};

accepts<ComparableOptions>(some<Ours.QueryOptions>());
accepts<Sdk.AgentDefinition>(some<Ours.AgentDefinition>());
accepts<Sdk.McpServerConfigForProcessTransport>(some<Ours.McpServerConfigForProcessTransport>());
accepts<Sdk.McpClaudeAIProxyServerConfig>(some<Ours.McpClaudeAIProxyServerConfig>());
accepts<Sdk.SandboxSettings>(some<Ours.SandboxSettings>());
accepts<Sdk.ThinkingConfig>(some<Ours.ThinkingConfig>());
accepts<Sdk.OutputFormat>(some<Ours.OutputFormat>());
accepts<Sdk.Options["systemPrompt"]>(some<Ours.SystemPromptConfig>());
accepts<Sdk.ToolConfig>(some<Ours.ToolConfig>());
accepts<Sdk.SdkPluginConfig>(some<Ours.SdkPluginConfig>());
accepts<Sdk.HookCallbackMatcher>(some<Ours.HookCallbackMatcher>());
accepts<Sdk.CanUseTool>(some<Ours.CanUseTool>());
accepts<Sdk.OnElicitation>(some<Ours.OnElicitation>());
accepts<Sdk.OnUserDialog>(some<Ours.OnUserDialog>());
accepts<Sdk.SessionStore>(some<Ours.SessionStore>());
accepts<Sdk.SpawnOptions>(some<Ours.SpawnOptions>());
accepts<Ours.SpawnOptions>(some<Sdk.SpawnOptions>());
accepts<Sdk.ElicitationRequest>(some<Ours.ElicitationRequest>());
accepts<Sdk.UserDialogRequest>(some<Ours.UserDialogRequest>());
