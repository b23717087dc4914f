import type { EngineTool } from "../tools/engine-tool.ts";
import { McpConnection } from "./mcp-connection.ts";
import { mcpEngineTool } from "./mcp-engine-tool.ts";
import {
  expandVariables,
  McpRemoteServerConfigSchema,
  McpStdioServerConfigSchema,
} from "./mcp-server-config.ts";

/** How long a server may take to start and list its tools, and a call to answer. */
export interface McpTimeouts {
  startupMs: number;
  callMs: number;
}

const DEFAULT_TIMEOUTS: McpTimeouts = { startupMs: 30_000, callMs: 10 * 60 * 1000 };

/** A server's status as `mcp_status` and settings report it. */
export interface McpServerStatusView {
  name: string;
  status: "pending" | "connected" | "failed";
  error?: string;
  serverInfo?: { name: string; version: string };
  tools: { name: string; description?: string }[];
}

/**
 * The MCP servers of one session: each configured server (`${VAR}` expanded) is connected in parallel with a
 * startup timeout, so one slow or broken server never holds up the others or the chat; a config that is not
 * valid is `failed` with what is wrong. Their tools are offered as `mcp__<server>__<tool>`.
 */
export class McpServers {
  readonly connections: McpConnection[] = [];
  readonly #invalid: McpServerStatusView[] = [];
  readonly #timeouts: McpTimeouts;

  constructor(timeouts: Partial<McpTimeouts> = {}) {
    this.#timeouts = { ...DEFAULT_TIMEOUTS, ...timeouts };
  }

  /** Connects every server; resolves when each is connected or failed. */
  async connect(
    servers: Readonly<Record<string, unknown>>,
    env: Readonly<Record<string, string | undefined>>,
  ): Promise<void> {
    const starting: Promise<void>[] = [];
    for (const [name, raw] of Object.entries(servers)) {
      const expanded = expandVariables(raw, env) as { type?: unknown; url?: unknown } | null;
      // Judged against the shape it claims (remote or stdio), so the error names the field that is wrong.
      const remote = expanded?.type === "http" || expanded?.type === "sse" || expanded?.url !== undefined;
      const parsed = (remote ? McpRemoteServerConfigSchema : McpStdioServerConfigSchema).safeParse(expanded);
      if (!parsed.success) {
        const transport = (raw as { type?: unknown } | null)?.type;
        this.#invalid.push({
          name,
          status: "failed",
          error:
            typeof transport === "string" && !["stdio", "http", "sse"].includes(transport)
              ? `unknown transport "${transport}" (use stdio, http or sse)`
              : `not a valid MCP server config: ${parsed.error.issues.map((issue) => `${issue.path.join(".") || "config"}: ${issue.message}`).join("; ")}`,
          tools: [],
        });
        continue;
      }
      const connection = new McpConnection(name, parsed.data);
      this.connections.push(connection);
      starting.push(connection.connect(this.#timeouts.startupMs));
    }
    await Promise.all(starting);
  }

  /** The connected servers' tools as engine tools. */
  tools(): EngineTool[] {
    return this.connections
      .filter((connection) => connection.state === "connected")
      .flatMap((connection) =>
        connection.tools.map((tool) =>
          mcpEngineTool(connection.name, tool, (args, _toolUseId, signal) =>
            connection.callTool(tool.name, args, signal, this.#timeouts.callMs),
          ),
        ),
      );
  }

  status(): McpServerStatusView[] {
    return [
      ...this.connections.map((connection) => ({
        name: connection.name,
        status: connection.state,
        ...(connection.error !== undefined && { error: connection.error }),
        ...(connection.serverInfo !== undefined && { serverInfo: connection.serverInfo }),
        tools: connection.tools.map((tool) => ({
          name: tool.name,
          ...(tool.description !== undefined && { description: tool.description }),
        })),
      })),
      ...this.#invalid,
    ];
  }

  async close(): Promise<void> {
    await Promise.all(this.connections.map((connection) => connection.close()));
  }
}
