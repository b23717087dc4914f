import {
  type EngineTool,
  type EnvironmentVariables,
  McpConnection,
  type McpTimeouts,
  mcpConnectionTools,
  mcpResourceTools,
  type ParleySecrets,
  parleySecrets,
  parseMcpServerConfig,
} from "@parley/engine";
import {
  type McpConnectionStatus,
  type McpServerList,
  McpServerNameSchema,
  type McpServerSource,
  type McpServerView,
} from "@parley/protocol";
import {
  editUserMcpServer,
  expansionEnvironment,
  type McpConfigEntry,
  readMcpConfigFiles,
} from "./mcp-config-files.ts";
import {
  McpEntryChangedError,
  McpServerNotEditableError,
  McpServerNotFoundError,
  McpServerNotProjectError,
  McpServerShadowedError,
} from "./mcp-hub-errors.ts";
import { McpProjectState, type McpStateStorage, mcpEntryDigest } from "./mcp-project-state.ts";
import { mcpServerStatus } from "./mcp-server-status.ts";
import { mcpServerView } from "./mcp-server-view.ts";
import {
  callTimeoutOf,
  DEFAULT_RESTART,
  DEFAULT_TIMEOUTS,
  type McpRestartPolicy,
  timeoutsFromEnvironment,
} from "./mcp-timeouts.ts";

export type { McpRestartPolicy } from "./mcp-timeouts.ts";

/** What the hub needs from the server. */
export interface McpHubOptions {
  home: string;
  projectRoot: string;
  dataDirectory: string;
  env: EnvironmentVariables;
  /** Parley's secrets now (the token, stored keys): a project's `${VAR}` never reads them. */
  secrets?: () => ParleySecrets;
  /** The environment a stdio server starts from, before its entry's own `env`. */
  childEnvironment: () => Promise<EnvironmentVariables>;
  timeouts?: Partial<McpTimeouts>;
  restart?: Partial<McpRestartPolicy>;
  /** Called whenever a server's status or tools change (the server announces it to clients). */
  onChange?: () => void;
  /** Where the person's decisions are kept, when not in the data directory (a database servers share). */
  stateStorage?: McpStateStorage;
}

/** One configured entry and what became of it. */
interface HubServer {
  entry: McpConfigEntry;
  /** What is wrong with the entry as written (it never starts). */
  configError?: string;
  connection?: McpConnection;
  /** Restarts after the server went away, in all. */
  restarts: number;
  /** Restarts since it last connected (the backoff grows with them). */
  failedInRow: number;
  restartTimer?: NodeJS.Timeout;
}

/**
 * The project's MCP servers in the server: read from the user's `mcp.json` and the project's `.mcp.json`,
 * started in parallel in the background (each with a startup timeout, so one slow or broken server never
 * holds up the others or the chat), a project entry only as the user approved it, never one they rejected
 * or one named like their own server (theirs is used). A stdio server that exits is marked failed and
 * restarted with backoff. The files are read again whenever the list is asked for and before each turn, so
 * a pulled change shows (and asks again) at once. Runs take the connected servers' tools from here at the
 * start of each turn, so a server that connects (or changes its tools) is offered from the next turn.
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
    this.#state = new McpProjectState(options.dataDirectory, options.stateStorage);
  }

  /** Reads the config files and starts every server allowed to start; resolves when each has settled. */
  start(): Promise<void> {
    return this.reload();
  }

  /**
   * Re-reads the config files: new servers start, removed ones stop, changed ones restart (a changed project
   * entry waits for approval again); servers whose entry did not change keep their connection. The list
   * reflects the files at once; the promise resolves when every server started has connected or failed.
   */
  reload(): Promise<void> {
    const { entries, problems } = readMcpConfigFiles(this.#options.home, this.#options.projectRoot);
    // Decisions another server sharing them took (approved, rejected, turned off) count here too.
    const decisionsChanged = this.#state.refresh();
    const problemsChanged = JSON.stringify(problems) !== JSON.stringify(this.#problems) || decisionsChanged;
    this.#problems = problems;
    const stopping: HubServer[] = [];
    const starting: HubServer[] = [];
    const seen = new Set<string>();
    for (const entry of entries) {
      const key = keyOf(entry.source, entry.name);
      seen.add(key);
      const existing = this.#servers.get(key);
      if (existing !== undefined && sameEntry(existing.entry, entry)) {
        if (existing.entry.shadowed === entry.shadowed) {
          if (decisionsChanged) this.#decided(existing, starting, stopping);
          continue;
        }
        // The user added or removed a server of this name: the project's entry stops or may start.
        existing.entry = entry;
        (entry.shadowed ? stopping : starting).push(existing);
        continue;
      }
      if (existing !== undefined) stopping.push(existing);
      const server: HubServer = { entry, restarts: 0, failedInRow: 0 };
      const error = this.#configError(entry);
      if (error !== undefined) server.configError = error;
      this.#servers.set(key, server);
      starting.push(server);
    }
    for (const [key, server] of this.#servers) {
      if (seen.has(key)) continue;
      this.#servers.delete(key);
      stopping.push(server);
    }
    // Nothing configured and nothing changed: clients have nothing to refetch.
    if (stopping.length > 0 || starting.length > 0 || problemsChanged) this.#changed();
    return this.#track(
      (async () => {
        await Promise.all(stopping.map((server) => this.#stop(server)));
        await Promise.all(starting.map((server) => this.#connect(server)));
      })(),
    );
  }

  /** A server whose entry did not change, after the decisions did: it starts, or stops, as they now say. */
  #decided(server: HubServer, starting: HubServer[], stopping: HubServer[]): void {
    const running = server.connection !== undefined;
    const mayStart = this.#state.mayStart(server.entry);
    if (mayStart && !running) starting.push(server);
    else if (!mayStart && running) stopping.push(server);
  }

  /** Resolves once no server is connecting (tests and `parley run` wait for it; the API never does). */
  async settled(): Promise<void> {
    while (this.#connecting.size > 0) await Promise.all([...this.#connecting]);
  }

  /**
   * Reads the config files again (a pull may have changed them), then resolves once no server is connecting,
   * or after `maxWaitMs`, whichever comes first.
   */
  async ready(maxWaitMs: number): Promise<void> {
    const reloaded = this.reload().then(() => this.settled());
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, maxWaitMs);
    });
    await Promise.race([reloaded, waited]).finally(() => clearTimeout(timer));
  }

  /**
   * Every configured entry (the files read again) with its status, what it runs, its consent, tools and
   * prompts, and the config files that could not be read.
   */
  list(): McpServerList {
    void this.reload();
    return {
      servers: [...this.#servers.values()].map((server) => this.#view(server)),
      problems: this.#problems,
      trust_read_only_tools: this.#state.trustReadOnlyTools,
    };
  }

  /** A server's view (the one in use when both files name it, unless `source` says), or undefined. */
  get(name: string, source?: McpServerSource): McpServerView | undefined {
    const server = this.#find(name, source);
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

  /**
   * Lets a project entry start and starts it. `digest` names the entry the person saw: if the file changed
   * since, nothing is approved and they are shown the new one.
   */
  approve(name: string, digest: string): Promise<void> {
    const server = this.#decidable(name, digest);
    if (server.entry.shadowed) throw new McpServerShadowedError(name);
    this.#state.approve(name, server.entry.raw);
    this.#changed();
    return this.#connect(server);
  }

  /** Keeps a project entry (the one the person saw) off and quiet until it changes; stops it if it runs. */
  reject(name: string, digest: string): Promise<void> {
    const server = this.#decidable(name, digest);
    this.#state.reject(name, server.entry.raw);
    const stopped = this.#stop(server);
    this.#changed();
    return stopped;
  }

  /** Forgets a rejection: the project entry asks for approval again. */
  unreject(name: string): void {
    this.#required(name, "project");
    this.#state.unreject(name);
    this.#changed();
  }

  /** Turns a server (the one in use) on or off for this project; off stops it at once. */
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
    const connection = this.#find(name)?.connection;
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

  /** The entry of that name and source; without a source, the one in use (the user's wins a shared name). */
  #find(name: string, source?: McpServerSource): HubServer | undefined {
    if (source !== undefined) return this.#servers.get(keyOf(source, name));
    return this.#servers.get(keyOf("user", name)) ?? this.#servers.get(keyOf("project", name));
  }

  #required(name: string, source?: McpServerSource): HubServer {
    const server = this.#find(name, source);
    if (server === undefined) throw new McpServerNotFoundError(name);
    return server;
  }

  /** The project entry a decision is about, refused when the file no longer holds the entry the person saw. */
  #decidable(name: string, digest: string): HubServer {
    const server = this.#find(name, "project");
    if (server === undefined) {
      if (this.#find(name, "user") !== undefined) throw new McpServerNotProjectError(name);
      throw new McpServerNotFoundError(name);
    }
    if (mcpEntryDigest(server.entry.raw) !== digest) throw new McpEntryChangedError(name, server.entry.file);
    return server;
  }

  #status(server: HubServer): { status: McpConnectionStatus; error?: string } {
    return mcpServerStatus(server, this.#state, this.#find(server.entry.name, "user")?.entry.file);
  }

  #secrets(): ParleySecrets {
    return this.#options.secrets?.() ?? parleySecrets({ env: this.#options.env });
  }

  /** The entry checked as written and expanded with what its source may read; the error, if any. */
  #parse(entry: McpConfigEntry, secrets: ParleySecrets) {
    const name = McpServerNameSchema.safeParse(entry.name);
    if (!name.success) {
      return { success: false as const, error: `name: ${name.error.issues[0]?.message ?? "not valid"}` };
    }
    return parseMcpServerConfig(entry.raw, expansionEnvironment(entry.source, this.#options.env, secrets));
  }

  #configError(entry: McpConfigEntry): string | undefined {
    const parsed = this.#parse(entry, this.#secrets());
    return parsed.success ? undefined : parsed.error;
  }

  #connect(server: HubServer): Promise<void> {
    return this.#track(this.#open(server));
  }

  /** Counts a promise as connecting until it settles, so `settled()` waits for it. */
  #track(promise: Promise<void>): Promise<void> {
    const tracked = promise.finally(() => this.#connecting.delete(tracked));
    this.#connecting.add(tracked);
    return tracked;
  }

  async #open(server: HubServer): Promise<void> {
    if (this.#closed || server.configError !== undefined || !this.#state.mayStart(server.entry)) return;
    if (server.connection?.state === "connected" || server.connection?.state === "pending") return;
    // Expanded now, not when read: a key stored in Settings since then is a secret too.
    const secrets = this.#secrets();
    const parsed = this.#parse(server.entry, secrets);
    if (!parsed.success) {
      server.configError = parsed.error;
      this.#changed();
      return;
    }
    clearTimeout(server.restartTimer);
    const connection = new McpConnection(server.entry.name, parsed.config, {
      cwd: this.#options.projectRoot,
      environment: this.#options.childEnvironment,
      conceal: [...parsed.inserted, ...secrets.values],
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
    return mcpServerView(server, this.#status(server), {
      projectRoot: this.#options.projectRoot,
      env: this.#options.env,
      secrets: this.#secrets(),
      state: this.#state,
    });
  }

  #changed(): void {
    if (!this.#closed) this.#options.onChange?.();
  }
}

function sameEntry(left: McpConfigEntry, right: McpConfigEntry): boolean {
  return left.source === right.source && JSON.stringify(left.raw) === JSON.stringify(right.raw);
}

function keyOf(source: McpServerSource, name: string): string {
  return `${source}\u0000${name}`;
}
