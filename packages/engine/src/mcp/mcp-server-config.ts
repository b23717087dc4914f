import { z } from "zod";

/** A server Parley starts and talks to over stdin/stdout (Claude Code's and Claude Desktop's shape). */
export const McpStdioServerConfigSchema = z.looseObject({
  type: z.literal("stdio").optional(),
  command: z.string().min(1),
  args: z.array(z.string()).optional(),
  env: z.record(z.string(), z.string()).optional(),
});

export type McpStdioServerConfig = z.infer<typeof McpStdioServerConfigSchema>;

/** A remote server: Streamable HTTP (`http`) or the older SSE transport (`sse`). */
export const McpRemoteServerConfigSchema = z.looseObject({
  type: z.enum(["http", "sse"]),
  url: z.string().url(),
  headers: z.record(z.string(), z.string()).optional(),
});

export type McpRemoteServerConfig = z.infer<typeof McpRemoteServerConfigSchema>;

/** One entry of `mcpServers`. */
export const McpServerConfigSchema = z.union([McpStdioServerConfigSchema, McpRemoteServerConfigSchema]);
export type McpServerConfig = z.infer<typeof McpServerConfigSchema>;

/** An MCP configuration file (`.mcp.json`, `--mcp-config`): `{ "mcpServers": { name: config } }`. */
export const McpConfigFileSchema = z.looseObject({ mcpServers: z.record(z.string(), z.unknown()) });

/**
 * Expands `${VAR}` and `${VAR:-default}` in every string of a config, as Claude Code does; an unset variable
 * without a default becomes empty. Other values pass through.
 */
export function expandVariables<T>(value: T, env: Readonly<Record<string, string | undefined>>): T {
  if (typeof value === "string") {
    return value.replace(
      /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g,
      (_, name: string, fallback?: string) => {
        const set = env[name];
        return set !== undefined && set !== "" ? set : (fallback ?? "");
      },
    ) as T;
  }
  if (Array.isArray(value)) return value.map((item) => expandVariables(item, env)) as T;
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, expandVariables(item, env)]),
    ) as T;
  }
  return value;
}
