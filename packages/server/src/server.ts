import { randomBytes } from "node:crypto";
import { mkdirSync, realpathSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { hostname } from "node:os";
import { join } from "node:path";
import type { AgentTurnOptions, EnvironmentVariables, McpTimeouts } from "@parley/engine";
import { PARLEY_VERSION } from "@parley/engine/settings";
import type { IdlePromptStatus } from "@parley/protocol";
import type { AgentServices, StartedAgentServices } from "./agent-services.ts";
import { agentWorkAtStart } from "./agent-work-at-start.ts";
import type { CompactionSettings } from "./agents/compaction/compaction.ts";
import { EventBus } from "./bus/event-bus.ts";
import { ReplayPages } from "./bus/replay-pages.ts";
import type { SseConnectionOptions } from "./bus/sse-connection.ts";
import { ChildEnvironments } from "./children/child-environments.ts";
import { apiRoutes, createApp } from "./http/app.ts";
import { listen } from "./http/listen.ts";
import { Credentials } from "./http/security/credentials.ts";
import { acceptedForName } from "./http/security/host-names.ts";
import { type RetentionLimits, resolveLimits, type ServerLimits } from "./limits/server-limits.ts";
import type { McpRestartPolicy } from "./mcp/mcp-hub.ts";
import {
  type IdleSchedulerSettings,
  idlePromptStatus,
  idleSchedulerSettings,
} from "./missions/idle-scheduler-settings.ts";
import type { SchedulerClock } from "./missions/scheduler-clock.ts";
import type { ServerContext } from "./server-context.ts";
import { EventRetention } from "./store/event-retention.ts";
import { CommitListener } from "./store/postgres/commit-listener.ts";
import { DEFAULT_LEASE_MS } from "./store/postgres/lease-keeper.ts";
import { EVENTS_CHANNEL } from "./store/postgres/postgres-database.ts";
import { SIGNALS_CHANNEL } from "./store/postgres/server-signals.ts";
import { lockDataDirectory, projectDirectory } from "./store/project-directory.ts";
import { recordServerAddress } from "./store/server-address.ts";
import { Store } from "./store/store.ts";
import { storedSettings } from "./store/stored-settings.ts";

export { DEFAULT_PORT } from "./http/listen.ts";

/** How to run a server; everything but `projectRoot` and `home` has a sensible default. */
export interface ServerOptions {
  projectRoot: string;
  home: string;
  env?: EnvironmentVariables;
  /** Interface to bind; loopback unless told otherwise. */
  host?: string;
  /** 0 picks a free port; undefined tries DEFAULT_PORT first. */
  port?: number;
  /** A fixed token (PARLEY_TOKEN); required to bind a non-loopback interface. */
  token?: string;
  /**
   * Extra Host names to accept (for a non-loopback bind behind a name): a bare name on this server's port
   * or the default one, `name:port` as a load balancer in front forwards it.
   */
  allowedHosts?: string[];
  sse?: Partial<SseConnectionOptions>;
  maxSseConnections?: number;
  /** Limits beyond the environment's (`PARLEY_SSE_BUFFER_MB`, `PARLEY_EVENT_RETENTION_*`, …). */
  limits?: Partial<Omit<ServerLimits, "retention">> & { retention?: Partial<RetentionLimits> };
  turnDefaults?: Partial<AgentTurnOptions>;
  /** When conversations are compacted automatically (default: at 80% of the model's window). */
  compaction?: Partial<CompactionSettings>;
  now?: () => number;
  /** The built web UI to serve at `/` (packages/web/dist). */
  webRoot?: string;
  /** The idle scheduler's settings beyond the environment's, and its clock (tests drive it by hand). */
  idle?: { settings?: Partial<IdleSchedulerSettings>; clock?: SchedulerClock };
  /** MCP server startup and call timeouts, and how lost servers are restarted (tests shorten them). */
  mcp?: { timeouts?: Partial<McpTimeouts>; restart?: Partial<McpRestartPolicy> };
}

/** A running server. */
export interface ParleyServer {
  url: string;
  port: number;
  token: string;
  /** Where the token is written (mode 0600) for the user's own tools. */
  tokenFile: string;
  /** A one-time URL that signs a browser in. */
  loginUrl(): string;
  /** Idle prompts as they run now (Settings over the environment), for the startup banner. */
  idlePrompts(): IdlePromptStatus;
  context: ServerContext;
  /**
   * Starts the agent services unless they have started (idempotent) and settles once they have, with
   * interrupted runs recorded as such. Only the health check answers before; every other request awaits it.
   */
  agentsStarted(): Promise<void>;
  /** Whether the start left the agents work of their own, so they start just after the listen. */
  agentsAtStart: boolean;
  /** Stops accepting requests, interrupts running agents, closes streams and the store. */
  close(): Promise<void>;
}

const LOOPBACK = new Set(["127.0.0.1", "::1", "localhost"]);

/**
 * Starts Parley's server for one project and resolves once it is whole: listening, with its agents,
 * workflows and MCP servers started. Refuses a non-loopback bind without an explicit token.
 */
export async function startParleyServer(options: ServerOptions): Promise<ParleyServer> {
  const server = await listenParleyServer(options);
  try {
    await server.agentsStarted();
  } catch (error) {
    await server.close();
    throw error;
  }
  return server;
}

/**
 * Starts Parley's server and resolves as soon as it listens. The agents, workflows, MCP servers and the
 * engine are loaded and built after: on the next turn of the event loop when the start left them work
 * (`agentWorkAtStart`), else with the first request that needs them. Every request but the health check
 * awaits them, so none sees a run a crash left "running" before it is recorded as interrupted.
 * See docs/decisions/2026-11-27-serve-start-does-less.md.
 */
export async function listenParleyServer(options: ServerOptions): Promise<ParleyServer> {
  const host = options.host ?? "127.0.0.1";
  if (!LOOPBACK.has(host) && (options.token === undefined || options.token.length < 16)) {
    throw new Error(
      `refusing to listen on ${host} without authentication: set PARLEY_TOKEN to a secret of at least 16 characters`,
    );
  }
  const env = options.env ?? process.env;
  const limits = resolveLimits(env, options.limits as Partial<ServerLimits> | undefined);
  const projectRoot = realpathSync(options.projectRoot);
  mkdirSync(options.home, { recursive: true, mode: 0o700 });
  const dataDirectory = projectDirectory(options.home, projectRoot);
  const unlock = lockDataDirectory(dataDirectory);
  const now = options.now ?? Date.now;
  let store: Store | undefined;
  let retention: EventRetention | undefined;
  let commits: CommitListener | undefined;
  try {
    // A team's servers share one PostgreSQL database; one person's server keeps a SQLite file per project.
    // On a shared database this server is named by its host and data directory: stable across restarts.
    const leaseMs = Number(env.PARLEY_RUN_LEASE_MS) || DEFAULT_LEASE_MS;
    const openStore = new Store(env.PARLEY_DATABASE_URL || join(dataDirectory, "parley.db"), {
      instance: `${hostname()}:${dataDirectory}`,
      leaseMs,
    });
    store = openStore;
    const bus = new EventBus(store.events, store.transactor, now);
    // Acts on what other servers on the same database ask of this one's runs, once the agents exist.
    let started: StartedAgentServices | undefined;
    if (store.events.shared) {
      // Other servers on the same database: their commits reach this server's SSE clients too.
      const instance = store.signals?.instance;
      commits = await CommitListener.start(env.PARLEY_DATABASE_URL as string, {
        // This server's own commits were delivered from memory as they committed: only others' are read.
        [EVENTS_CHANNEL]: (payload) => {
          if (payload === undefined || payload !== instance) bus.catchUpForeignSoon();
        },
        [SIGNALS_CHANNEL]: (payload) => {
          if (payload === undefined || payload === instance) started?.takeSignals?.();
        },
      });
    }
    const credentials = new Credentials(options.home, dataDirectory, options.token, store.signIn);
    let origin = "";
    let services: AgentServices | undefined;
    const service = <Key extends keyof AgentServices>(key: Key): AgentServices[Key] => {
      if (services === undefined) throw new Error(`the server's ${key} were used before they started`);
      return services[key];
    };
    let starting: Promise<void> | undefined;
    const startAgents = (): Promise<void> => {
      starting ??= (async () => {
        const { startAgentServices } = await import("./agent-services.ts");
        started = await startAgentServices(
          context,
          {
            dataDirectory,
            maxQueueLength: limits.maxQueueLength,
            leaseMs,
            turnDefaults: options.turnDefaults,
            compaction: options.compaction,
            idleSettings,
            idleClock: options.idle?.clock,
            mcp: options.mcp,
          },
          (built) => {
            services = built;
          },
        );
      })();
      return starting;
    };
    const sse = sseOptions(limits, now, options.sse);
    const context: ServerContext = {
      store,
      bus,
      get mcp() {
        return service("mcp");
      },
      get agents() {
        return service("agents");
      },
      get workflows() {
        return service("workflows");
      },
      get acpProcesses() {
        return service("acpProcesses");
      },
      get agentCliModels() {
        return service("agentCliModels");
      },
      get customCommands() {
        return service("customCommands");
      },
      started: startAgents,
      credentials,
      projectRoot,
      home: options.home,
      env,
      children: new ChildEnvironments({ env, home: options.home, token: credentials.token }),
      now,
      newId: (prefix: string) => `${prefix}_${randomBytes(10).toString("hex")}`,
      origin: () => origin,
      limits,
      sse,
      replayPages: new ReplayPages(store.events, {
        pageSize: sse.pageSize,
        pageBytes: sse.pageBytes,
        cacheBytes: 8 * 1024 * 1024,
        idleMs: 30_000,
        now,
      }),
      sseConnections: new Set(),
      maxSseConnections: options.maxSseConnections ?? 10_000,
    };
    const idleSettings = () =>
      idleSchedulerSettings(env, options.idle?.settings, storedSettings(options.home).idle_prompts);
    retention = new EventRetention(store, limits.retention, now);
    retention.start();

    const routes = apiRoutes(context, PARLEY_VERSION);
    const allowedHosts = new Set<string>();
    const allowedOrigins = new Set<string>();
    const app = createApp(
      context,
      { allowedHosts, allowedOrigins, secureCookie: false, webRoot: options.webRoot },
      routes,
    );
    const server = await listen(app.fetch, host, options.port);
    const port = (server.address() as AddressInfo).port;
    for (const name of ["127.0.0.1", "localhost", "[::1]", ...(LOOPBACK.has(host) ? [] : [host])]) {
      allowedHosts.add(`${name}:${port}`.toLowerCase());
      allowedOrigins.add(`http://${name}:${port}`.toLowerCase());
    }
    for (const name of options.allowedHosts ?? []) {
      const accepted = acceptedForName(name, port);
      for (const acceptedHost of accepted.hosts) allowedHosts.add(acceptedHost);
      for (const origin of accepted.origins) allowedOrigins.add(origin);
    }
    const displayHost = host === "::1" ? "[::1]" : host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host;
    origin = `http://${displayHost}:${port}`;
    const forgetAddress = recordServerAddress(dataDirectory, origin);

    const agentsAtStart = agentWorkAtStart({
      store,
      home: options.home,
      projectRoot,
      idlePromptsOn: idleSettings().enabled,
    });
    // On a later turn of the event loop than the listen: the health check and the banner need none of it.
    const agentsLater = agentsAtStart
      ? setImmediate(() =>
          startAgents().catch((error: unknown) =>
            console.error("parley: the agents could not start:", (error as Error).message),
          ),
        )
      : undefined;
    return {
      url: origin,
      port,
      token: credentials.token,
      tokenFile: join(dataDirectory, "token"),
      loginUrl: () => `${origin}/auth/login?code=${credentials.mintLoginCode(now())}`,
      idlePrompts: () => idlePromptStatus(idleSettings(), env, storedSettings(options.home).idle_prompts),
      context,
      agentsStarted: startAgents,
      agentsAtStart,
      close: async () => {
        // A start not begun yet is not begun (a server closed at once); one under way finishes first
        // (interrupted runs recorded), so nothing is left half built.
        clearImmediate(agentsLater);
        await starting?.catch(() => undefined);
        started?.stopBackground();
        retention?.stop();
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        for (const connection of context.sseConnections) connection.close();
        server.closeAllConnections();
        await started?.shutdown();
        bus.flush();
        await closed;
        await commits?.close();
        openStore.close();
        forgetAddress();
        unlock();
      },
    };
  } catch (error) {
    retention?.stop();
    await commits?.close();
    store?.close();
    unlock();
    throw error;
  }
}

/** How SSE connections are kept: heartbeats, buffers and replay pages within the server's limits. */
function sseOptions(
  limits: ServerLimits,
  now: () => number,
  overrides: Partial<SseConnectionOptions> | undefined,
): SseConnectionOptions {
  return {
    heartbeatMs: 15_000,
    drainTimeoutMs: limits.sseDrainTimeoutMs,
    maxBufferedBytes: limits.sseBufferBytes,
    pageSize: 500,
    pageBytes: 256 * 1024,
    now,
    ...overrides,
  };
}
