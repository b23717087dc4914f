import {
  type EngineTool,
  type EnvironmentVariables,
  McpConnection,
  type McpServerConfig,
  type McpTimeouts,
  mcpConnectionTools,
  mcpResourceTools,
  mcpToolName,
  parseMcpServerConfig,
} from "@parley/engine";
import type { McpConnectionStatus, McpServerList, McpServerView } from "@parley/protocol";
import { editUserMcpServer, type McpConfigEntry, readMcpConfigFiles } from "./mcp-config-files.ts";
import { McpProjectState } from "./mcp-project-state.ts";

/** How a lost server is restarted: the first wait, doubling up to `maxMs`, at most `attempts` times in a row. */
export interface McpRestartPolicy {
  initialMs: number;
  maxMs: number;
  attempts: number;
}

/** What the hub needs from the server. */
export interface McpHubOptions {
  home: string;
  projectRoot: string;
  dataDirectory: string;
  env: EnvironmentVariables;
  /** The environment a stdio server starts from, before its entry's own `env`. */
  childEnvironment: () => Promise<EnvironmentVariables>;
  timeouts?: Partial<McpTimeouts>;
  restart?: Partial<McpRestartPolicy>;
  /** Called whenever a server's status or tools change (the server announces it to clients). */
  onChange?: () => void;
}

/** One configured server and what became of it. */
interface HubServer {
  entry: McpConfigEntry;
  config?: McpServerConfig;
  configError?: string;
  connection?: McpConnection;
  /** Restarts after the server went away, in all. */
  restarts: number;
  /** Restarts since it last connected (the backoff grows with them). */
  failedInRow: number;
  restartTimer?: NodeJS.Timeout;
}

const DEFAULT_TIMEOUTS: McpTimeouts = { startupMs: 30_000, callMs: 10 * 60 * 1000 };
const DEFAULT_RESTART: McpRestartPolicy = { initialMs: 1_000, maxMs: 30_000, attempts: 6 };

/**
 * The project's MCP servers in the server: read from the user's `mcp.json` and the project's `.mcp.json`,
 * started in parallel in the background (each with a startup timeout, so one slow or broken server never
 * holds up the others or the chat), a project server only after the user approved it. A stdio server that
 * exits is marked failed and restarted with backoff. Runs take the connected servers' tools from here at
 * the start of each turn, so a server that connects (or changes its tools) is offered from the next turn.
 */
export class McpHub {
  readonly #options: McpHubOptions;
  readonly #timeouts: McpTimeouts;
  readonly #restart: McpRestartPolicy;
  readonly #state: McpProjectState;
  readonly #servers = new Map<string, HubServer>();
  #problems: McpServerList["problems"] = [];
  readonly #connecting = new Set<Promise<void>>();
  #closed = false;

  constructor(options: McpHubOptions) {
    this.#options = options;
    this.#timeouts = { ...DEFAULT_TIMEOUTS, ...timeoutsFromEnvironment(options.env), ...options.timeouts };
    this.#restart = { ...DEFAULT_RESTART, ...options.restart };
    this.#state = new McpProjectState(options.dataDirectory);
  }

  /** Reads the config files and starts every server allowed to start; resolves when each has settled. */
  start(): Promise<void> {
    return this.reload();
  }

  /**
   * Re-reads the config files: new servers start, removed ones stop, changed ones restart; servers whose
   * entry did not change keep their connection. The list reflects the files at once; the promise resolves
   * when every server started has connected or failed.
   */
  reload(): Promise<void> {
    const { entries, problems } = readMcpConfigFiles(this.#options.home, this.#options.projectRoot);
    const problemsChanged = JSON.stringify(problems) !== JSON.stringify(this.#problems);
    this.#problems = problems;
    const stopping: HubServer[] = [];
    const starting: HubServer[] = [];
    const seen = new Set<string>();
    for (const entry of entries) {
      seen.add(entry.name);
      const existing = this.#servers.get(entry.name);
      if (existing !== undefined && sameEntry(existing.entry, entry)) continue;
      if (existing !== undefined) stopping.push(existing);
      const parsed = parseMcpServerConfig(entry.raw, this.#options.env);
      const server: HubServer = {
        entry,
        restarts: 0,
        failedInRow: 0,
        ...(parsed.success ? { config: parsed.config } : { configError: parsed.error }),
      };
      this.#servers.set(entry.name, server);
      starting.push(server);
    }
    for (const [name, server] of this.#servers) {
      if (seen.has(name)) continue;
      this.#servers.delete(name);
      stopping.push(server);
    }
    // Nothing configured and nothing changed: clients have nothing to refetch.
    if (stopping.length > 0 || starting.length > 0 || problemsChanged) this.#changed();
    return (async () => {
      await Promise.all(stopping.map((server) => this.#stop(server)));
      await Promise.all(starting.map((server) => this.#connect(server)));
    })();
  }

  /** Resolves once no server is connecting (tests and `parley run` wait for it; the API never does). */
  async settled(): Promise<void> {
    while (this.#connecting.size > 0) await Promise.all([...this.#connecting]);
  }

  /** Resolves once no server is connecting, or after `maxWaitMs`, whichever comes first. */
  async ready(maxWaitMs: number): Promise<void> {
    if (this.#connecting.size === 0) return;
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, maxWaitMs);
    });
    await Promise.race([this.settled(), waited]).finally(() => clearTimeout(timer));
  }

  /** Every configured server with its status, tools and prompts, and the config files that could not be read. */
  list(): McpServerList {
    return {
      servers: [...this.#servers.values()].map((server) => this.#view(server)),
      problems: this.#problems,
      trust_read_only_tools: this.#state.trustReadOnlyTools,
    };
  }

  /** One server's view, or undefined when no server has that name. */
  get(name: string): McpServerView | undefined {
    const server = this.#servers.get(name);
    return server === undefined ? undefined : this.#view(server);
  }

  /** Whether calls to read-only tools run without asking. */
  get trustReadOnlyTools(): boolean {
    return this.#state.trustReadOnlyTools;
  }

  setTrustReadOnlyTools(trust: boolean): void {
    this.#state.trustReadOnlyTools = trust;
    this.#changed();
  }

  // The methods below change the state at once (or throw) and return a promise that settles when the
  // server has connected or failed, so an API call answers without waiting for a slow server.

  /** Lets a project server start (its entry as it is now) and starts it. */
  approve(name: string): Promise<void> {
    const server = this.#required(name);
    this.#state.approve(name, server.entry.raw);
    return this.#connect(server);
  }

  /** Turns a server on or off for this project; off stops it at once. */
  setEnabled(name: string, enabled: boolean): Promise<void> {
    const server = this.#required(name);
    this.#state.setEnabled(name, enabled);
    if (enabled) return this.#connect(server);
    const stopped = this.#stop(server);
    this.#changed();
    return stopped;
  }

  /** Stops and starts a server again (after the user fixed what made it fail). */
  reconnect(name: string): Promise<void> {
    const server = this.#required(name);
    server.failedInRow = 0;
    const stopped = this.#stop(server);
    this.#changed();
    return stopped.then(() => this.#connect(server));
  }

  /** Adds or replaces a server in the user's `mcp.json`, then starts it. */
  put(name: string, config: unknown): Promise<void> {
    editUserMcpServer(this.#options.home, name, config);
    return this.reload();
  }

  /** Removes a server from the user's `mcp.json` and stops it; a project server is the project's to remove. */
  remove(name: string): Promise<void> {
    const server = this.#required(name);
    if (server.entry.source !== "user") throw new McpServerNotEditableError(name, server.entry.file);
    editUserMcpServer(this.#options.home, name, undefined);
    return this.reload();
  }

  /**
   * The tools a run offers: each connected server's tools as `mcp__<server>__<tool>`, and
   * `ListMcpResources` / `ReadMcpResource` when a server offers resources.
   */
  tools(): EngineTool[] {
    const connected = this.#connections().filter((connection) => connection.state === "connected");
    const tools: EngineTool[] = connected.flatMap((connection) =>
      mcpConnectionTools(connection, callTimeoutOf(connection.config) ?? this.#timeouts.callMs),
    );
    if (connected.some((connection) => connection.capabilities.resources)) {
      tools.push(...mcpResourceTools(() => this.#connections(), this.#timeouts.callMs));
    }
    return tools;
  }

  /** A connected server by name (for its prompts and icon). */
  connection(name: string): McpConnection | undefined {
    const connection = this.#servers.get(name)?.connection;
    return connection?.state === "connected" ? connection : undefined;
  }

  /** Stops every server and every pending restart. */
  async close(): Promise<void> {
    this.#closed = true;
    await Promise.all([...this.#servers.values()].map((server) => this.#stop(server)));
  }

  /** The servers that are connected now. */
  connections(): McpConnection[] {
    return this.#connections().filter((connection) => connection.state === "connected");
  }

  #connections(): McpConnection[] {
    return [...this.#servers.values()].flatMap((server) => (server.connection ? [server.connection] : []));
  }

  #required(name: string): HubServer {
    const server = this.#servers.get(name);
    if (server === undefined) throw new McpServerNotFoundError(name);
    return server;
  }

  #status(server: HubServer): { status: McpConnectionStatus; error?: string } {
    if (server.configError !== undefined) return { status: "failed", error: server.configError };
    if (this.#state.isDisabled(server.entry.name)) return { status: "disabled" };
    if (!this.#mayStart(server)) {
      return {
        status: "needs_approval",
        error: `${server.entry.file} asks to start this server; approve it to let it run`,
      };
    }
    const connection = server.connection;
    if (connection === undefined || connection.state === "pending") return { status: "connecting" };
    if (connection.state === "connected") return { status: "connected" };
    return { status: "failed", ...(connection.error !== undefined && { error: connection.error }) };
  }

  /** A cloned repository's `.mcp.json` never starts a program without the user's consent. */
  #mayStart(server: HubServer): boolean {
    return server.entry.source !== "project" || this.#state.isApproved(server.entry.name, server.entry.raw);
  }

  #connect(server: HubServer): Promise<void> {
    const connecting = this.#open(server).finally(() => this.#connecting.delete(connecting));
    this.#connecting.add(connecting);
    return connecting;
  }

  async #open(server: HubServer): Promise<void> {
    if (this.#closed || server.config === undefined) return;
    if (this.#state.isDisabled(server.entry.name) || !this.#mayStart(server)) return;
    if (server.connection?.state === "connected" || server.connection?.state === "pending") return;
    clearTimeout(server.restartTimer);
    const connection = new McpConnection(server.entry.name, server.config, {
      cwd: this.#options.projectRoot,
      environment: this.#options.childEnvironment,
    });
    server.connection = connection;
    connection.onToolsChanged = () => this.#changed();
    connection.onLost = () => {
      this.#changed();
      this.#scheduleRestart(server, connection);
    };
    this.#changed();
    await connection.connect(this.#timeouts.startupMs);
    if (server.connection !== connection) {
      await connection.close();
      return;
    }
    if (connection.state === "connected") server.failedInRow = 0;
    this.#changed();
  }

  #scheduleRestart(server: HubServer, lost: McpConnection): void {
    if (this.#closed || server.connection !== lost || server.failedInRow >= this.#restart.attempts) return;
    const delay = Math.min(this.#restart.maxMs, this.#restart.initialMs * 2 ** server.failedInRow);
    server.failedInRow += 1;
    server.restarts += 1;
    server.restartTimer = setTimeout(() => {
      server.restartTimer = undefined;
      if (server.connection !== lost) return;
      server.connection = undefined;
      void this.#connect(server);
    }, delay);
    server.restartTimer.unref();
  }

  async #stop(server: HubServer): Promise<void> {
    clearTimeout(server.restartTimer);
    server.restartTimer = undefined;
    const connection = server.connection;
    server.connection = undefined;
    await connection?.close();
  }

  #view(server: HubServer): McpServerView {
    const { entry, connection } = server;
    const status = this.#status(server);
    const connected = connection?.state === "connected" ? connection : undefined;
    const raw = entry.raw as { type?: unknown; url?: unknown; command?: unknown } | null;
    const transport =
      raw?.type === "http" || raw?.type === "sse"
        ? raw.type
        : typeof raw?.command === "string" && (raw.type === undefined || raw.type === "stdio")
          ? "stdio"
          : "unknown";
    return {
      name: entry.name,
      source: entry.source,
      file: entry.file,
      transport,
      config: entry.raw,
      ...status,
      ...(connection?.stderrTail && { stderr: connection.stderrTail }),
      ...(connected?.serverInfo && {
        server_info: {
          name: connected.serverInfo.name,
          version: connected.serverInfo.version,
          ...(connected.serverInfo.title !== undefined && { title: connected.serverInfo.title }),
        },
      }),
      tools: (connected?.tools ?? []).map((tool) => ({
        name: tool.name,
        model_name: mcpToolName(entry.name, tool.name),
        ...(tool.title !== undefined && { title: tool.title }),
        ...(tool.description !== undefined && { description: tool.description }),
        ...(tool.annotations !== undefined && { annotations: tool.annotations }),
      })),
      prompts: (connected?.prompts ?? []).map((prompt) => ({
        name: prompt.name,
        command: `/${mcpToolName(entry.name, prompt.name)}`,
        ...(prompt.description !== undefined && { description: prompt.description }),
        ...(prompt.arguments !== undefined && { arguments: prompt.arguments }),
      })),
      has_resources: connected?.capabilities.resources ?? false,
      restarts: server.restarts,
    };
  }

  #changed(): void {
    if (!this.#closed) this.#options.onChange?.();
  }
}

/** No configured server has this name. */
export class McpServerNotFoundError extends Error {
  constructor(readonly serverName: string) {
    super(`no MCP server is named "${serverName}"`);
    this.name = "McpServerNotFoundError";
  }
}

/** The server is not the user's to edit from Parley (it comes from the project's `.mcp.json`). */
export class McpServerNotEditableError extends Error {
  constructor(
    readonly serverName: string,
    readonly file: string,
  ) {
    super(`the MCP server "${serverName}" comes from ${file}; edit that file to change or remove it`);
    this.name = "McpServerNotEditableError";
  }
}

/** Claude Code's variables: `MCP_TIMEOUT` for a server's start, `MCP_TOOL_TIMEOUT` for a call (milliseconds). */
function timeoutsFromEnvironment(env: EnvironmentVariables): Partial<McpTimeouts> {
  const milliseconds = (value: string | undefined) => {
    const parsed = Number(value);
    return value !== undefined && Number.isFinite(parsed) && parsed > 0 ? parsed : undefined;
  };
  const startupMs = milliseconds(env.MCP_TIMEOUT);
  const callMs = milliseconds(env.MCP_TOOL_TIMEOUT);
  return { ...(startupMs !== undefined && { startupMs }), ...(callMs !== undefined && { callMs }) };
}

/** A server's own call timeout: its entry's `timeout` (milliseconds), as Claude Code's config allows. */
function callTimeoutOf(config: McpServerConfig): number | undefined {
  const timeout = (config as { timeout?: unknown }).timeout;
  return typeof timeout === "number" && timeout > 0 ? timeout : undefined;
}

function sameEntry(left: McpConfigEntry, right: McpConfigEntry): boolean {
  return left.source === right.source && JSON.stringify(left.raw) === JSON.stringify(right.raw);
}
