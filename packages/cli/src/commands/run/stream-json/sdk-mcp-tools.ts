import { type EngineTool, type McpCallResult, type McpToolDescription, mcpEngineTool } from "@parley/engine";
import type { ControlChannel } from "./control-channel.ts";

type McpTool = McpToolDescription;

/** What a server reported: its tools, or why it could not be reached. */
export interface SdkMcpServer {
  name: string;
  tools: McpTool[];
  error?: string;
}

type Manifests = Record<string, { toolsListResult?: { tools?: McpTool[] } } | undefined>;

/**
 * The tools of MCP servers that live in the SDK host (`createSdkMcpServer`), reached through `mcp_message`
 * control requests carrying JSON-RPC. The host's manifest (its `tools/list` result, sent with `initialize`)
 * saves the handshake; without one Parley runs `initialize` and `tools/list` over the channel. Each tool is
 * offered to the model as `mcp__<server>__<tool>` with the server's own JSON Schema, and asks for approval
 * like any MCP call.
 */
export class SdkMcpServers {
  readonly servers: SdkMcpServer[] = [];
  readonly #channel: ControlChannel;
  #nextId = 1;

  constructor(channel: ControlChannel) {
    this.#channel = channel;
  }

  /** Connects to each named server; one that fails is recorded with its error and offers no tools. */
  async connect(names: readonly string[], manifests: Manifests = {}): Promise<void> {
    for (const name of names) {
      try {
        const listed = manifests[name]?.toolsListResult?.tools;
        if (listed !== undefined) {
          this.servers.push({ name, tools: listed });
          continue;
        }
        await this.#rpc(name, "initialize", {
          protocolVersion: "2025-06-18",
          capabilities: {},
          clientInfo: { name: "parley", version: "0.1.0" },
        });
        await this.#notify(name, "notifications/initialized");
        const result = (await this.#rpc(name, "tools/list", {})) as { tools?: McpTool[] };
        this.servers.push({ name, tools: result.tools ?? [] });
      } catch (error) {
        this.servers.push({ name, tools: [], error: (error as Error).message });
      }
    }
  }

  /** Every connected server's tools as engine tools. */
  tools(): EngineTool[] {
    return this.servers.flatMap((server) => server.tools.map((tool) => this.#engineTool(server.name, tool)));
  }

  #engineTool(server: string, tool: McpTool): EngineTool {
    return mcpEngineTool(
      server,
      tool,
      async (args, call) =>
        (await this.#rpc(
          server,
          "tools/call",
          { name: tool.name, arguments: args, _meta: { "claudecode/toolUseId": call.toolUseId } },
          call.signal,
        )) as McpCallResult,
    );
  }

  async #rpc(server: string, method: string, params: unknown, signal?: AbortSignal): Promise<unknown> {
    const id = this.#nextId++;
    const answer = await this.#channel.request(
      { subtype: "mcp_message", server_name: server, message: { jsonrpc: "2.0", id, method, params } },
      signal,
    );
    const response = answer.mcp_response as { result?: unknown; error?: { message: string } } | undefined;
    if (response?.error) throw new Error(`${server} ${method}: ${response.error.message}`);
    return response?.result ?? {};
  }

  async #notify(server: string, method: string): Promise<void> {
    await this.#channel.request({
      subtype: "mcp_message",
      server_name: server,
      message: { jsonrpc: "2.0", method },
    });
  }
}
