import type { RunAgent } from "../run-agent.ts";

/** What `mcp_set_servers` changed, in the SDK's `McpSetServersResult` shape. */
export interface McpSetServersResult {
  added: string[];
  removed: string[];
  errors: Record<string, string>;
}

/**
 * The SDK host's MCP controls on the session's MCP servers: `mcp_set_servers` replaces the servers earlier
 * calls set (servers from `--mcp-config` and the config files stay unless a call names them), `mcp_reconnect`
 * starts one again, `mcp_toggle` switches one off and on, and `mcp_read_resource` reads one resource. Every
 * change shows in the next turn's tools and in `mcp_status`.
 */
export class McpControls {
  readonly #agent: RunAgent;
  /** The servers `mcp_set_servers` set, with their config as sent, to tell a changed one from a kept one. */
  readonly #set = new Map<string, string>();

  constructor(agent: RunAgent) {
    this.#agent = agent;
  }

  async setServers(servers: Record<string, unknown>): Promise<McpSetServersResult> {
    const mcp = this.#agent.mcp;
    const result: McpSetServersResult = { added: [], removed: [], errors: {} };
    const gone = [...this.#set.keys()].filter((name) => !Object.hasOwn(servers, name));
    await mcp.remove(gone);
    for (const name of gone) this.#set.delete(name);
    result.removed.push(...gone);
    const connecting: Record<string, unknown> = {};
    for (const [name, config] of Object.entries(servers)) {
      if ((config as { type?: unknown } | null)?.type === "sdk") {
        result.errors[name] =
          "an SDK-hosted server can only be given in the mcpServers option when the query starts";
        continue;
      }
      const sent = JSON.stringify(config);
      if (this.#set.get(name) === sent && mcp.has(name)) continue;
      // A server of that name from elsewhere, or set earlier with another config, is replaced.
      if (mcp.has(name)) await mcp.remove([name]);
      this.#set.set(name, sent);
      connecting[name] = config;
      result.added.push(name);
    }
    await this.#agent.connectHostMcpServers(connecting);
    for (const server of this.#agent.mcp.status()) {
      if (Object.hasOwn(connecting, server.name) && server.status === "failed")
        result.errors[server.name] = server.error ?? "failed to connect";
    }
    return result;
  }

  reconnect(name: unknown): Promise<void> {
    return this.#agent.mcp.reconnect(serverName(name));
  }

  toggle(name: unknown, enabled: unknown): Promise<void> {
    if (typeof enabled !== "boolean") throw new Error("mcp_toggle: enabled must be true or false");
    return this.#agent.mcp.setEnabled(serverName(name), enabled);
  }

  /** One resource of a connected server, as MCP's `resources/read` returns it. */
  async readResource(name: unknown, uri: unknown): Promise<{ contents: unknown[] }> {
    if (typeof uri !== "string" || uri === "") throw new Error("mcp_read_resource: uri must be a string");
    const server = serverName(name);
    const connection = this.#agent.mcp.connections.find((candidate) => candidate.name === server);
    if (connection === undefined) throw new Error(`no MCP server named ${server}`);
    const contents = await connection.readResource(uri, AbortSignal.timeout(60_000), 60_000);
    return { contents };
  }
}

function serverName(name: unknown): string {
  if (typeof name !== "string" || name === "") throw new Error("serverName must be a non-empty string");
  return name;
}
