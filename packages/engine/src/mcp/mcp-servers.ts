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
  status: "pending" | "connected" | "failed" | "disabled";
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
  /** Servers switched off (`mcp_toggle`): closed, their tools gone, until switched on again. */
  readonly #disabled = new Set<string>();

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
    const connected = this.connections.filter(
      (connection) => connection.state === "connected" && !this.#disabled.has(connection.name),
    );
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
        status: this.#disabled.has(connection.name) ? ("disabled" as const) : connection.state,
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

  /** Whether a server of this name is configured (connected, failed, disabled or with an invalid config). */
  has(name: string): boolean {
    return this.connections.some((connection) => connection.name === name) || this.#invalidOf(name) >= 0;
  }

  /** Closes and forgets the named servers; their tools are gone from the next turn. */
  async remove(names: Iterable<string>): Promise<void> {
    const closing: Promise<void>[] = [];
    for (const name of names) {
      this.#disabled.delete(name);
      const invalid = this.#invalidOf(name);
      if (invalid >= 0) this.#invalid.splice(invalid, 1);
      const index = this.connections.findIndex((connection) => connection.name === name);
      if (index < 0) continue;
      const [connection] = this.connections.splice(index, 1);
      if (connection) closing.push(connection.close());
    }
    await Promise.all(closing);
  }

  /**
   * Closes a server and starts it again from its config (a failed or lost server comes back); throws when
   * there is no such server, it is disabled, or it fails again.
   */
  async reconnect(name: string): Promise<void> {
    const index = this.connections.findIndex((connection) => connection.name === name);
    const old = this.connections[index];
    if (old === undefined) {
      const invalid = this.#invalid[this.#invalidOf(name)];
      throw new Error(invalid ? `${name}: ${invalid.error}` : `no MCP server named ${name}`);
    }
    if (this.#disabled.has(name)) throw new Error(`the MCP server ${name} is disabled; enable it first`);
    await old.close();
    const fresh = new McpConnection(name, old.config, old.options);
    this.connections.splice(index, 1, fresh);
    await fresh.connect(this.#timeouts.startupMs);
    if (fresh.state === "failed") throw new Error(`the MCP server ${name} failed: ${fresh.error}`);
  }

  /** Switches a server off (closed, its tools gone) or on again (started afresh from its config). */
  async setEnabled(name: string, enabled: boolean): Promise<void> {
    const connection = this.connections.find((candidate) => candidate.name === name);
    if (connection === undefined) throw new Error(`no MCP server named ${name}`);
    if (!enabled) {
      this.#disabled.add(name);
      await connection.close();
      return;
    }
    if (!this.#disabled.delete(name)) return;
    await this.reconnect(name);
  }

  #invalidOf(name: string): number {
    return this.#invalid.findIndex((server) => server.name === name);
  }

  async close(): Promise<void> {
    await Promise.all(this.connections.map((connection) => connection.close()));
  }
}
