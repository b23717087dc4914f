import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { PARLEY_VERSION } from "../version.ts";
import type { McpCallResult, McpToolDescription } from "./mcp-engine-tool.ts";
import type { McpRemoteServerConfig, McpServerConfig, McpStdioServerConfig } from "./mcp-server-config.ts";

/** Where a server stands, as settings and `mcp_status` show it. */
export type McpServerState = "pending" | "connected" | "failed";

/** Bytes of a stdio server's stderr kept for its error report. */
const STDERR_TAIL = 4096;

/**
 * One MCP server, through the official `@modelcontextprotocol/sdk` client: stdio servers are started with
 * their own environment added to a minimal default one; `http` servers use Streamable HTTP and fall back to
 * the older SSE transport when that fails; `sse` servers use SSE. `connect` never throws: a server that does
 * not start, answer or list its tools within the timeout is `failed` with the reason (and its stderr).
 */
export class McpConnection {
  state: McpServerState = "pending";
  error: string | undefined;
  tools: McpToolDescription[] = [];
  serverInfo: { name: string; version: string } | undefined;
  /** Called after the server said its tools changed and the new list was read. */
  onToolsChanged: (() => void) | undefined;
  #client: Client | undefined;
  #stderr = "";

  constructor(
    readonly name: string,
    readonly config: McpServerConfig,
  ) {}

  /** Starts and initializes the server and lists its tools (every page). */
  async connect(timeoutMs: number): Promise<void> {
    try {
      await withTimeout(this.#open(), timeoutMs, `did not start within ${Math.round(timeoutMs / 1000)} s`);
      const client = this.#client as Client;
      const tools: McpToolDescription[] = [];
      let cursor: string | undefined;
      do {
        const page = await client.listTools(cursor === undefined ? {} : { cursor }, { timeout: timeoutMs });
        tools.push(...(page.tools as McpToolDescription[]));
        cursor = page.nextCursor;
      } while (cursor !== undefined);
      this.tools = tools;
      this.serverInfo = client.getServerVersion() as { name: string; version: string } | undefined;
      this.state = "connected";
    } catch (error) {
      this.state = "failed";
      const tail = this.#stderr.trim();
      this.error = `${(error as Error).message}${tail ? `; stderr: ${tail.slice(-500)}` : ""}`;
      await this.close();
    }
  }

  /** Calls a tool; a stopped turn cancels the request (the server gets `notifications/cancelled`). */
  async callTool(name: string, args: Record<string, unknown>, signal: AbortSignal, timeoutMs: number) {
    if (this.#client === undefined || this.state !== "connected") {
      throw new Error(`the MCP server ${this.name} is not connected${this.error ? `: ${this.error}` : ""}`);
    }
    return (await this.#client.callTool({ name, arguments: args }, undefined, {
      signal,
      timeout: timeoutMs,
    })) as McpCallResult;
  }

  async close(): Promise<void> {
    const client = this.#client;
    this.#client = undefined;
    await client?.close().catch(() => {});
  }

  async #open(): Promise<void> {
    const config = this.config;
    if (config.type !== "http" && config.type !== "sse") {
      const stdio = config as McpStdioServerConfig;
      const transport = new StdioClientTransport({
        command: stdio.command,
        args: stdio.args ?? [],
        env: { ...getDefaultEnvironment(), ...stdio.env },
        stderr: "pipe",
      });
      transport.stderr?.on("data", (chunk: Buffer) => {
        this.#stderr = (this.#stderr + chunk.toString("utf8")).slice(-STDERR_TAIL);
      });
      transport.onclose = () => {
        if (this.state === "connected") {
          this.state = "failed";
          this.error = `the server exited${this.#stderr ? `; stderr: ${this.#stderr.trim().slice(-500)}` : ""}`;
        }
      };
      await this.#attach(transport);
      return;
    }
    const remote = config as McpRemoteServerConfig;
    const url = new URL(remote.url);
    const requestInit: RequestInit = { headers: remote.headers ?? {} };
    if (remote.type === "sse") {
      await this.#attach(new SSEClientTransport(url, { requestInit }));
      return;
    }
    try {
      await this.#attach(new StreamableHTTPClientTransport(url, { requestInit }));
    } catch {
      // Older servers speak only SSE.
      await this.#attach(new SSEClientTransport(url, { requestInit }));
    }
  }

  async #attach(transport: Transport): Promise<void> {
    // `notifications/tools/list_changed` refreshes the list; the next turn offers the new tools.
    const client = new Client(
      { name: "parley", version: PARLEY_VERSION },
      {
        listChanged: {
          tools: {
            onChanged: (error, tools) => {
              if (error || tools === null || tools === undefined) return;
              this.tools = tools as McpToolDescription[];
              this.onToolsChanged?.();
            },
          },
        },
      },
    );
    await client.connect(transport);
    this.#client = client;
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
