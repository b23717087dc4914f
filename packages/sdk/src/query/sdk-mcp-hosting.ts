import type { QueryOptions } from "@parley/protocol";

/** A JSON-RPC message, as MCP sends them. */
type JsonRpcMessage = { jsonrpc: "2.0"; id?: string | number | null; method?: string } & Record<
  string,
  unknown
>;

/** The part of an MCP SDK `Transport` a server uses; the server fills in `onmessage` when it connects. */
interface HostTransport {
  start(): Promise<void>;
  send(message: JsonRpcMessage): Promise<void>;
  close(): Promise<void>;
  onmessage?: (message: JsonRpcMessage) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;
}

/** What `createSdkMcpServer` returns (ours or the official SDK's): an MCP SDK server object to connect. */
interface McpServerInstance {
  connect(transport: HostTransport): Promise<void>;
  close?(): Promise<void>;
}

/**
 * The MCP servers a host program runs in its own process (`createSdkMcpServer`, `type: "sdk"` in
 * `mcpServers`). The CLI reaches them with `mcp_message` control requests carrying JSON-RPC: a request is
 * handed to the server and its response is the control response's `mcp_response`; a notification gets
 * the empty result the official SDK sends. Messages the server starts itself go to the CLI as
 * `mcp_message` requests of ours.
 */
export class SdkMcpHosting {
  readonly #transports = new Map<string, HostTransport>();
  readonly #waiting = new Map<string, (message: JsonRpcMessage) => void>();
  readonly #connected: Promise<void>;

  constructor(
    servers: QueryOptions["mcpServers"],
    toCli: (serverName: string, message: JsonRpcMessage) => void,
  ) {
    const connecting: Promise<void>[] = [];
    for (const [name, config] of Object.entries(servers ?? {})) {
      const instance = (config as { type?: string; instance?: McpServerInstance }).instance;
      if ((config as { type?: string }).type !== "sdk" || instance === undefined) continue;
      const transport = this.#transport(name, toCli);
      this.#transports.set(name, transport);
      connecting.push(instance.connect(transport));
    }
    this.#connected = Promise.all(connecting).then(() => {});
  }

  /** The names the `initialize` request lists as `sdkMcpServers`. */
  get names(): string[] {
    return [...this.#transports.keys()];
  }

  /** The `mcp_message` answer: the server's response to a request, or the empty result for a notification. */
  async answer(serverName: string, message: JsonRpcMessage): Promise<{ mcp_response: JsonRpcMessage }> {
    await this.#connected;
    const transport = this.#transports.get(serverName);
    if (transport?.onmessage === undefined) throw new Error(`SDK MCP server not found: ${serverName}`);
    if (message.method === undefined || message.id === undefined || message.id === null) {
      transport.onmessage(message);
      return { mcp_response: { jsonrpc: "2.0", result: {}, id: 0 } };
    }
    const key = `${serverName}:${message.id}`;
    const response = new Promise<JsonRpcMessage>((resolve) => this.#waiting.set(key, resolve));
    transport.onmessage(message);
    return { mcp_response: await response };
  }

  async close(): Promise<void> {
    for (const transport of this.#transports.values()) await transport.close();
  }

  #transport(name: string, toCli: (serverName: string, message: JsonRpcMessage) => void): HostTransport {
    let closed = false;
    const transport: HostTransport = {
      start: async () => {},
      send: async (message) => {
        if (closed) throw new Error("Transport is closed");
        const key = `${name}:${message.id}`;
        const waiting = message.method === undefined ? this.#waiting.get(key) : undefined;
        if (waiting === undefined) {
          toCli(name, message);
          return;
        }
        this.#waiting.delete(key);
        waiting(message);
      },
      close: async () => {
        if (closed) return;
        closed = true;
        transport.onclose?.();
      },
    };
    return transport;
  }
}
