import type { EnvironmentVariables } from "../config/resolve-model-config.ts";
import type { EngineTool } from "../tools/engine-tool.ts";
import { McpConnection, type McpProcessOptions } from "./mcp-connection.ts";
import { type McpEngineTool, mcpEngineTool } from "./mcp-engine-tool.ts";
import { mcpResourceTools } from "./mcp-resource-tools.ts";
import { parseMcpServerConfig } from "./mcp-server-config.ts";

/** A connected server's tools as engine tools (`mcp__<server>__<tool>`), calls timed out after `callMs`. */
export function mcpConnectionTools(connection: McpConnection, callMs: number): McpEngineTool[] {
  const icon = connection.serverInfo?.icons?.find((candidate) =>
    candidate.src.startsWith("data:image/"),
  )?.src;
  return connection.tools.map((tool) =>
    mcpEngineTool(
      connection.name,
      tool,
      (args, call) => connection.callTool(tool.name, args, call.signal, callMs, call.onProgress),
      icon,
    ),
  );
}

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

/** Where and with what a session's servers are started. */
export interface McpConnectOptions {
  /** The environment one server's `${VAR}` may read, when not all of `env` (a project's servers). */
  environmentOf?: (name: string) => EnvironmentVariables;
  /** Where stdio servers run and the environment they start from. */
  spawning: McpProcessOptions;
  /** Values never shown in an error or a server's output (Parley's secrets). */
  conceal?: readonly string[];
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

  /**
   * Connects every server; resolves when each is connected or failed. `env` fills in `${VAR}`; stdio servers
   * run as `options.spawning` says (in the project, from the environment it gives).
   */
  async connect(
    servers: Readonly<Record<string, unknown>>,
    env: EnvironmentVariables,
    options: McpConnectOptions,
  ): Promise<void> {
    const starting: Promise<void>[] = [];
    for (const [name, raw] of Object.entries(servers)) {
      const parsed = parseMcpServerConfig(raw, options.environmentOf?.(name) ?? env);
      if (!parsed.success) {
        this.#invalid.push({ name, status: "failed", error: parsed.error, tools: [] });
        continue;
      }
      const connection = new McpConnection(name, parsed.config, {
        ...options.spawning,
        conceal: [...parsed.inserted, ...(options.conceal ?? [])],
      });
      this.connections.push(connection);
      starting.push(connection.connect(this.#timeouts.startupMs));
    }
    await Promise.all(starting);
  }

  /** The connected servers' tools as engine tools, and the resource tools when a server offers resources. */
  tools(): EngineTool[] {
    const connected = this.connections.filter((connection) => connection.state === "connected");
    const resources = connected.some((connection) => connection.capabilities.resources)
      ? mcpResourceTools(() => this.connections, this.#timeouts.callMs)
      : [];
    return [
      ...connected.flatMap((connection) => mcpConnectionTools(connection, this.#timeouts.callMs)),
      ...resources,
    ];
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
