import { lazySchema } from "@parley/protocol";
import { z } from "zod";
import type { EnvironmentVariables } from "../config/resolve-model-config.ts";
import { expandString } from "./mcp-variables.ts";

/** A server Parley starts and talks to over stdin/stdout (Claude Code's and Claude Desktop's shape). */
export const McpStdioServerConfigSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("stdio").optional(),
    command: z.string().min(1),
    args: z.array(z.string()).optional(),
    env: z.record(z.string(), z.string()).optional(),
  }),
);

export type McpStdioServerConfig = z.infer<typeof McpStdioServerConfigSchema>;

/**
 * A remote server: Streamable HTTP (`http`) or the older SSE transport (`sse`). The URL is checked once its
 * variables are expanded (`${BASE}/mcp` is a URL only then).
 */
export const McpRemoteServerConfigSchema = lazySchema(() =>
  z.looseObject({
    type: z.enum(["http", "sse"]),
    url: z.string().min(1),
    headers: z.record(z.string(), z.string()).optional(),
  }),
);

export type McpRemoteServerConfig = z.infer<typeof McpRemoteServerConfigSchema>;

/** One entry of `mcpServers`. */
export const McpServerConfigSchema = lazySchema(() =>
  z.union([McpStdioServerConfigSchema, McpRemoteServerConfigSchema]),
);
export type McpServerConfig = z.infer<typeof McpServerConfigSchema>;

/** An MCP configuration file (`.mcp.json`, `--mcp-config`): `{ "mcpServers": { name: config } }`. */
export const McpConfigFileSchema = lazySchema(() =>
  z.looseObject({ mcpServers: z.record(z.string(), z.unknown()) }),
);

/** The transports an entry's `type` may name. */
export const MCP_TRANSPORTS = ["stdio", "http", "sse"] as const;

/** A parsed entry: the config to connect with, and the values `${VAR}` put into it (to conceal in errors). */
export type ParsedMcpServerConfig =
  | { success: true; config: McpServerConfig; inserted: string[] }
  | { success: false; error: string };

/**
 * One `mcpServers` entry, checked as written before any `${VAR}` is expanded (so `type` must name a transport
 * as written, and no error ever shows an expanded value), then expanded with `env` in the fields Claude
 * Code expands: `command`, `args`, `env`, `url` and `headers`. Remote when `type` is http/sse or it has a
 * `url`, else stdio.
 */
export function parseMcpServerConfig(raw: unknown, env: EnvironmentVariables): ParsedMcpServerConfig {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    return { success: false, error: "not a valid MCP server config: expected an object" };
  }
  const written = raw as { type?: unknown; url?: unknown };
  const transport = written.type;
  if (transport !== undefined && !MCP_TRANSPORTS.includes(transport as never)) {
    return { success: false, error: `unknown transport ${quoteWritten(transport)} (use stdio, http or sse)` };
  }
  const remote = transport === "http" || transport === "sse" || written.url !== undefined;
  const checked = (remote ? McpRemoteServerConfigSchema : McpStdioServerConfigSchema).safeParse(raw);
  if (!checked.success) {
    const issues = checked.error.issues.map(
      (issue) => `${issue.path.join(".") || "config"}: ${issue.message}`,
    );
    return { success: false, error: `not a valid MCP server config: ${issues.join("; ")}` };
  }
  const inserted: string[] = [];
  const expand = (text: string) => expandString(text, env, inserted);
  const expandValues = (values: Record<string, string> | undefined) =>
    values && Object.fromEntries(Object.entries(values).map(([key, value]) => [key, expand(value)]));
  if (remote) {
    const config = checked.data as McpRemoteServerConfig;
    const url = expand(config.url);
    if (!URL.canParse(url)) return { success: false, error: `url: ${describeWritten(config.url, url)}` };
    const headers = expandValues(config.headers);
    return { success: true, config: { ...config, url, ...(headers && { headers }) }, inserted };
  }
  const config = checked.data as McpStdioServerConfig;
  const command = expand(config.command);
  if (command.trim() === "") {
    return { success: false, error: `command: ${quoteWritten(config.command)} is empty once expanded` };
  }
  const args = config.args?.map(expand);
  const variables = expandValues(config.env);
  return {
    success: true,
    config: { ...config, command, ...(args && { args }), ...(variables && { env: variables }) },
    inserted,
  };
}

/** A URL that does not parse, named as written (an expanded one could hold a secret). */
function describeWritten(written: string, expanded: string): string {
  return written === expanded
    ? `${quoteWritten(written)} is not a valid URL`
    : `${quoteWritten(written)} is not a valid URL once its variables are expanded`;
}

/** A value as the file has it, quoted and cut short. */
function quoteWritten(value: unknown): string {
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}…` : text);
}
