import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";

/** Per-tool permission policy for an MCP server. */
export const McpServerToolPolicySchema = lazySchema(() =>
  z.looseObject({
    name: z.string(),
    permission_policy: z.enum(["always_allow", "always_ask", "always_deny"]).optional(),
    org_max_permission: z.enum(["allow", "ask", "blocked"]).optional(),
  }),
);
export type McpServerToolPolicy = z.infer<typeof McpServerToolPolicySchema>;

/** An MCP server the CLI starts as a subprocess (`type` may be omitted). */
export const McpStdioServerConfigSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("stdio").optional(),
    command: z.string(),
    args: z.array(z.string()).optional(),
    env: z.record(z.string(), z.string()).optional(),
    timeout: z.number().optional(),
    alwaysLoad: z.boolean().optional(),
  }),
);
export type McpStdioServerConfig = z.infer<typeof McpStdioServerConfigSchema>;

const remote = () => ({
  url: z.string(),
  headers: z.record(z.string(), z.string()).optional(),
  tools: z.array(McpServerToolPolicySchema).optional(),
  timeout: z.number().optional(),
  alwaysLoad: z.boolean().optional(),
});

/** A remote MCP server reached over server-sent events. */
export const McpSSEServerConfigSchema = lazySchema(() =>
  z.looseObject({ type: z.literal("sse"), ...remote() }),
);
export type McpSSEServerConfig = z.infer<typeof McpSSEServerConfigSchema>;

/** A remote MCP server reached over streamable HTTP. */
export const McpHttpServerConfigSchema = lazySchema(() =>
  z.looseObject({ type: z.literal("http"), ...remote() }),
);
export type McpHttpServerConfig = z.infer<typeof McpHttpServerConfigSchema>;

/** An MCP server hosted in the SDK process; the CLI reaches it through `mcp_message` control requests. */
export const McpSdkServerConfigSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("sdk"),
    name: z.string(),
    timeout: z.number().optional(),
    tools: z.array(McpServerToolPolicySchema).optional(),
  }),
);
export type McpSdkServerConfig = z.infer<typeof McpSdkServerConfigSchema>;

/** An SDK-hosted MCP server together with its in-process server object (host side only, never on the wire). */
export const McpSdkServerConfigWithInstanceSchema = lazySchema(() =>
  McpSdkServerConfigSchema.extend({
    instance: z.custom<object>(
      (value) => typeof value === "object" && value !== null,
      "expected an MCP server",
    ),
  }),
);
export type McpSdkServerConfigWithInstance = z.infer<typeof McpSdkServerConfigWithInstanceSchema>;

/** A claude.ai-proxied MCP server (appears only in status reports). */
export const McpClaudeAIProxyServerConfigSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("claudeai-proxy"),
    url: z.string(),
    id: z.string(),
    timeout: z.number().optional(),
  }),
);
export type McpClaudeAIProxyServerConfig = z.infer<typeof McpClaudeAIProxyServerConfigSchema>;

/** An MCP server configuration as it crosses the process boundary (`--mcp-config`, initialize). */
export const McpServerConfigForProcessTransportSchema = lazySchema(() =>
  z.union([
    McpStdioServerConfigSchema,
    McpSSEServerConfigSchema,
    McpHttpServerConfigSchema,
    McpSdkServerConfigSchema,
  ]),
);
export type McpServerConfigForProcessTransport = z.infer<typeof McpServerConfigForProcessTransportSchema>;

/** An MCP server configuration as the host passes it in `QueryOptions.mcpServers`. */
export const McpServerConfigSchema = lazySchema(() =>
  z.union([
    McpStdioServerConfigSchema,
    McpSSEServerConfigSchema,
    McpHttpServerConfigSchema,
    McpSdkServerConfigWithInstanceSchema,
  ]),
);
export type McpServerConfig = z.infer<typeof McpServerConfigSchema>;

/** The state of one MCP server, as `mcp_status` reports it. */
export const McpServerStatusSchema = lazySchema(() =>
  z.looseObject({
    name: z.string(),
    status: z.enum(["connected", "failed", "needs-auth", "pending", "disabled"]),
    serverInfo: z.looseObject({ name: z.string(), version: z.string() }).optional(),
    error: z.string().optional(),
    config: z
      .union([McpServerConfigForProcessTransportSchema, McpClaudeAIProxyServerConfigSchema])
      .optional(),
    scope: z.string().optional(),
    source: z.string().optional(),
    tools: z
      .array(
        z.looseObject({
          name: z.string(),
          description: z.string().optional(),
          annotations: z
            .looseObject({
              readOnly: z.boolean().optional(),
              destructive: z.boolean().optional(),
              openWorld: z.boolean().optional(),
            })
            .optional(),
          _meta: z.record(z.string(), z.unknown()).optional(),
        }),
      )
      .optional(),
  }),
);
export type McpServerStatus = z.infer<typeof McpServerStatusSchema>;

/** What `mcp_set_servers` changed. */
export const McpSetServersResultSchema = lazySchema(() =>
  z.looseObject({
    added: z.array(z.string()),
    removed: z.array(z.string()),
    errors: z.record(z.string(), z.string()),
  }),
);
export type McpSetServersResult = z.infer<typeof McpSetServersResultSchema>;

/** A local plugin directory to load. */
export const SdkPluginConfigSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("local"),
    path: z.string(),
    skipMcpDiscovery: z.boolean().optional(),
  }),
);
export type SdkPluginConfig = z.infer<typeof SdkPluginConfigSchema>;
