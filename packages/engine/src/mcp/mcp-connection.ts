// The MCP SDK (and the JSON Schema validator it brings) is imported when a server is first opened, not at start.
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { withWorkingDirectory } from "../children/child-environment.ts";
import type { EnvironmentVariables } from "../config/resolve-model-config.ts";
import { PARLEY_VERSION } from "../version.ts";
import { loadMcpErrors } from "./mcp-call-failure.ts";
import type { McpCallResult, McpProgress, McpToolDescription } from "./mcp-engine-tool.ts";
import type { McpRemoteServerConfig, McpServerConfig, McpStdioServerConfig } from "./mcp-server-config.ts";
import { concealValues } from "./mcp-variables.ts";

/** Where a server stands, as settings and `mcp_status` show it. */
export type McpServerState = "pending" | "connected" | "failed";

/** What a server says about itself in `initialize` (icons from MCP 2025-11 on). */
export interface McpServerInfo {
  name: string;
  version: string;
  title?: string;
  icons?: { src: string; mimeType?: string }[];
}

/** A resource as `resources/list` describes it. */
export interface McpResourceDescription {
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
}

/** One item of a `resources/read` result: text or a base64 blob. */
export interface McpResourceContents {
  uri: string;
  mimeType?: string;
  text?: string;
  blob?: string;
}

/** A prompt as `prompts/list` describes it. */
export interface McpPromptDescription {
  name: string;
  title?: string;
  description?: string;
  arguments?: { name: string; description?: string; required?: boolean }[];
}

/** Where a stdio server runs and what environment it starts from. */
export interface McpProcessOptions {
  /** The project folder: the server's cwd and `PWD`. */
  cwd: string;
  /**
   * The environment the server starts from, before its entry's own `env` (Parley's server passes the
   * person's environment minus Parley's secrets, see `childEnvironment`); asked for at each start.
   */
  environment: () => EnvironmentVariables | Promise<EnvironmentVariables>;
}

/** Bytes of a stdio server's stderr kept for its error report. */
const STDERR_TAIL = 4096;

/** How a connection is made beyond its config: where a stdio server runs, and what it must never show. */
export interface McpConnectionOptions extends McpProcessOptions {
  /** Values never shown in the error or the stderr tail (what `${VAR}` expanded to, Parley's secrets). */
  conceal?: readonly string[];
}

/**
 * One MCP server, through the official `@modelcontextprotocol/sdk` client: stdio servers are started in the
 * project (cwd and `PWD`) with their entry's `env` over the environment `spawning` gives; `http` servers use
 * Streamable HTTP and fall back to the older SSE transport when that fails; `sse` servers use SSE. `connect` never throws: a server that does
 * not start, answer or list its tools within the timeout is `failed` with the reason (and its stderr).
 */
export class McpConnection {
  state: McpServerState = "pending";
  tools: McpToolDescription[] = [];
  /** The server's prompts (read at connect when it offers any), usable as slash commands. */
  prompts: McpPromptDescription[] = [];
  serverInfo: McpServerInfo | undefined;
  /** Whether the server offers resources and prompts (from its declared capabilities). */
  capabilities: { resources: boolean; prompts: boolean } = { resources: false, prompts: false };
  /** Called after the server said its tools changed and the new list was read. */
  onToolsChanged: (() => void) | undefined;
  /** Called when a connected server goes away (a stdio server exited, a remote one closed the session). */
  onLost: ((reason: string) => void) | undefined;
  #client: Client | undefined;
  #stderr = "";
  #error: string | undefined;

  constructor(
    readonly name: string,
    readonly config: McpServerConfig,
    readonly options: McpConnectionOptions,
  ) {}

  /** Why the server failed or went away, with no expanded value or secret in it. */
  get error(): string | undefined {
    return this.#error;
  }

  set error(error: string | undefined) {
    this.#error = error === undefined ? undefined : concealValues(error, this.options.conceal ?? []);
  }

  /** Starts and initializes the server and lists its tools (every page). */
  async connect(timeoutMs: number): Promise<void> {
    try {
      await withTimeout(this.#open(), timeoutMs, `did not start within ${Math.round(timeoutMs / 1000)} s`);
      const client = this.#client as Client;
      this.tools = await everyPage(async (cursor) => {
        const page = await client.listTools(cursor, { timeout: timeoutMs });
        return { items: page.tools as McpToolDescription[], nextCursor: page.nextCursor };
      });
      this.serverInfo = client.getServerVersion() as McpServerInfo | undefined;
      const capabilities = client.getServerCapabilities();
      this.capabilities = {
        resources: capabilities?.resources !== undefined,
        prompts: capabilities?.prompts !== undefined,
      };
      // Prompts are a convenience: a server whose prompts/list fails still serves its tools.
      if (this.capabilities.prompts) this.prompts = await this.listPrompts(timeoutMs).catch(() => []);
      this.state = "connected";
    } catch (error) {
      this.state = "failed";
      const tail = this.stderrTail.trim();
      this.error = `${(error as Error).message}${tail ? `; stderr: ${tail.slice(-500)}` : ""}`;
      await this.close();
    }
  }

  /** The last bytes the server wrote to stderr (stdio servers), for Settings and error reports. */
  get stderrTail(): string {
    return concealValues(this.#stderr, this.options.conceal ?? []);
  }

  /**
   * Calls a tool; a stopped turn cancels the request (the server gets `notifications/cancelled`). Progress
   * notifications reach `onProgress` and restart the timeout, so a long call that reports keeps going.
   */
  async callTool(
    name: string,
    args: Record<string, unknown>,
    signal: AbortSignal,
    timeoutMs: number,
    onProgress?: (progress: McpProgress) => void,
  ): Promise<McpCallResult> {
    return (await this.#connected().callTool({ name, arguments: args }, undefined, {
      signal,
      timeout: timeoutMs,
      ...(onProgress && {
        onprogress: (progress) => onProgress(progress as McpProgress),
        resetTimeoutOnProgress: true,
      }),
    })) as McpCallResult;
  }

  /** Every resource the server lists (all pages). */
  async listResources(signal: AbortSignal, timeoutMs: number): Promise<McpResourceDescription[]> {
    const client = this.#connected();
    return everyPage(async (cursor) => {
      const page = await client.listResources(cursor, { signal, timeout: timeoutMs });
      return { items: page.resources as McpResourceDescription[], nextCursor: page.nextCursor };
    });
  }

  /** A resource's contents (`text` or base64 `blob` per item). */
  async readResource(uri: string, signal: AbortSignal, timeoutMs: number): Promise<McpResourceContents[]> {
    const result = await this.#connected().readResource({ uri }, { signal, timeout: timeoutMs });
    return result.contents as McpResourceContents[];
  }

  /** Every prompt the server lists (all pages). */
  async listPrompts(timeoutMs: number): Promise<McpPromptDescription[]> {
    const client = this.#client;
    if (client === undefined) throw new Error(`the MCP server ${this.name} is not connected`);
    return everyPage(async (cursor) => {
      const page = await client.listPrompts(cursor, { timeout: timeoutMs });
      return { items: page.prompts as McpPromptDescription[], nextCursor: page.nextCursor };
    });
  }

  /** A prompt filled in with `args`: the messages it expands to. */
  async getPrompt(name: string, args: Record<string, string>, timeoutMs: number) {
    const result = await this.#connected().getPrompt({ name, arguments: args }, { timeout: timeoutMs });
    return result.messages as { role: "user" | "assistant"; content: { type: string; text?: string } }[];
  }

  #connected(): Client {
    if (this.#client === undefined || this.state !== "connected") {
      throw new Error(`the MCP server ${this.name} is not connected${this.error ? `: ${this.error}` : ""}`);
    }
    return this.#client;
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
      const { cwd, environment } = this.options;
      const { StdioClientTransport } = await import("@modelcontextprotocol/sdk/client/stdio.js");
      const transport = new StdioClientTransport({
        command: stdio.command,
        args: stdio.args ?? [],
        cwd,
        env: withWorkingDirectory({ ...(await environment()), ...stdio.env }, cwd),
        stderr: "pipe",
      });
      transport.stderr?.on("data", (chunk: Buffer) => {
        this.#stderr = (this.#stderr + chunk.toString("utf8")).slice(-STDERR_TAIL);
      });
      await this.#attach(transport);
      return;
    }
    const remote = config as McpRemoteServerConfig;
    const url = new URL(remote.url);
    const requestInit: RequestInit = { headers: remote.headers ?? {} };
    const [{ SSEClientTransport }, { StreamableHTTPClientTransport }] = await Promise.all([
      import("@modelcontextprotocol/sdk/client/sse.js"),
      import("@modelcontextprotocol/sdk/client/streamableHttp.js"),
    ]);
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
    const [{ Client }] = await Promise.all([
      import("@modelcontextprotocol/sdk/client/index.js"),
      loadMcpErrors(),
    ]);
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
    // Pending calls fail with the SDK's "Connection closed"; the owner decides whether to restart.
    client.onclose = () => {
      if (this.#client !== client || this.state !== "connected") return;
      this.state = "failed";
      this.#client = undefined;
      const tail = this.stderrTail.trim();
      this.error = `the server ${this.config.type === "http" || this.config.type === "sse" ? "closed the connection" : "exited"}${tail ? `; stderr: ${tail.slice(-500)}` : ""}`;
      this.onLost?.(this.error);
    };
  }
}

/** Every item of a paginated MCP list, following `nextCursor` until the server gives none. */
async function everyPage<T>(
  fetchPage: (params: { cursor?: string }) => Promise<{ items: T[]; nextCursor?: string | undefined }>,
): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | undefined;
  do {
    const page = await fetchPage(cursor === undefined ? {} : { cursor });
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  return items;
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
