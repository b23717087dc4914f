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

/**
 * One `mcpServers` entry, `${VAR}` expanded and checked against the shape it claims (remote when it has a
 * `type` of http/sse or a `url`, else stdio), so an error names the field that is wrong or the unknown
 * transport.
 */
export function parseMcpServerConfig(
  raw: unknown,
  env: Readonly<Record<string, string | undefined>>,
): { success: true; config: McpServerConfig } | { success: false; error: string } {
  const expanded = expandVariables(raw, env) as { type?: unknown; url?: unknown } | null;
  const transport = expanded?.type;
  if (typeof transport === "string" && !["stdio", "http", "sse"].includes(transport)) {
    return { success: false, error: `unknown transport "${transport}" (use stdio, http or sse)` };
  }
  const remote = transport === "http" || transport === "sse" || expanded?.url !== undefined;
  const parsed = (remote ? McpRemoteServerConfigSchema : McpStdioServerConfigSchema).safeParse(expanded);
  if (parsed.success) return { success: true, config: parsed.data };
  const issues = parsed.error.issues.map((issue) => `${issue.path.join(".") || "config"}: ${issue.message}`);
  return { success: false, error: `not a valid MCP server config: ${issues.join("; ")}` };
}
