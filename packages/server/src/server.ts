import { randomBytes } from "node:crypto";
import { mkdirSync, realpathSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { hostname } from "node:os";
import { join } from "node:path";
import { serve } from "@hono/node-server";
import { AcpProcessPool } from "@parley/agent-clis";
import {
  type AgentTurnOptions,
  type EnvironmentVariables,
  loadSettingsSync,
  type McpTimeouts,
  PARLEY_VERSION,
  parleySecrets,
} from "@parley/engine";
import type { IdlePromptStatus, ParleySettings } from "@parley/protocol";
import { AgentCliModels } from "./agents/backends/agent-cli-models.ts";
import type { CompactionSettings } from "./agents/compaction/compaction.ts";
import { EditorThreadMirror } from "./agents/editor-threads/editor-thread-mirror.ts";
import { AgentService } from "./agents/service/agent-service.ts";
import { EventBus } from "./bus/event-bus.ts";
import { ReplayPages } from "./bus/replay-pages.ts";
import type { SseConnectionOptions } from "./bus/sse-connection.ts";
import { ChildEnvironments } from "./children/child-environments.ts";
import { dispatchSignals } from "./cluster/signal-dispatch.ts";
import { apiRoutes, createApp } from "./http/app.ts";
import { Credentials } from "./http/security/credentials.ts";
import { acceptedForName } from "./http/security/host-names.ts";
import { type RetentionLimits, resolveLimits, type ServerLimits } from "./limits/server-limits.ts";
import { McpHub, type McpRestartPolicy } from "./mcp/mcp-hub.ts";
import { IdleScheduler } from "./missions/idle-scheduler.ts";
import {
  type IdleSchedulerSettings,
  idlePromptStatus,
  idleSchedulerSettings,
} from "./missions/idle-scheduler-settings.ts";
import type { SchedulerClock } from "./missions/scheduler-clock.ts";
import type { ServerContext } from "./server-context.ts";
import { EventRetention } from "./store/event-retention.ts";
import { CommitListener } from "./store/postgres/commit-listener.ts";
import { DEFAULT_LEASE_MS, LeaseKeeper } from "./store/postgres/lease-keeper.ts";
import { EVENTS_CHANNEL } from "./store/postgres/postgres-database.ts";
import { SIGNALS_CHANNEL } from "./store/postgres/server-signals.ts";
import { lockDataDirectory, projectDirectory } from "./store/project-directory.ts";
import { recordServerAddress } from "./store/server-address.ts";
import { Store } from "./store/store.ts";
import { runWorkflowTool } from "./workflows/run-workflow-tool.ts";
import { WorkflowService } from "./workflows/workflow-service.ts";

/** The default port; when it is taken (and PARLEY_PORT is not set) the server picks a free one. */
export const DEFAULT_PORT = 4780;

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
  /** Stops accepting requests, interrupts running agents, closes streams and the store. */
  close(): Promise<void>;
}

const LOOPBACK = new Set(["127.0.0.1", "::1", "localhost"]);

/** Starts Parley's server for one project. Refuses a non-loopback bind without an explicit token. */
export async function startParleyServer(options: ServerOptions): Promise<ParleyServer> {
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
  let idle: IdleScheduler | undefined;
  let mcp: McpHub | undefined;
  let commits: CommitListener | undefined;
  let leaseKeeper: LeaseKeeper | undefined;
  let editorThreads: EditorThreadMirror | undefined;
  try {
    // A team's servers share one PostgreSQL database; one person's server keeps a SQLite file per project.
    // On a shared database this server is named by its host and data directory: stable across restarts.
    const leaseMs = Number(env.PARLEY_RUN_LEASE_MS) || DEFAULT_LEASE_MS;
    store = new Store(env.PARLEY_DATABASE_URL || join(dataDirectory, "parley.db"), {
      instance: `${hostname()}:${dataDirectory}`,
      leaseMs,
    });
    const bus = new EventBus(store.events, store.transactor, now);
    // Acts on what other servers on the same database ask of this one's runs, once the agents exist.
    let takeSignals: (() => void) | undefined;
    if (store.events.shared) {
      // Other servers on the same database: their commits reach this server's SSE clients too.
      const instance = store.signals?.instance;
      commits = await CommitListener.start(env.PARLEY_DATABASE_URL as string, {
        // This server's own commits were delivered from memory as they committed: only others' are read.
        [EVENTS_CHANNEL]: (payload) => {
          if (payload === undefined || payload !== instance) bus.catchUpForeignSoon();
        },
        [SIGNALS_CHANNEL]: (payload) => {
          if (payload === undefined || payload === instance) takeSignals?.();
        },
      });
    }
    const credentials = new Credentials(options.home, dataDirectory, options.token);
    const children = new ChildEnvironments({
      env,
      home: options.home,
      token: credentials.token,
    });
    const mcpHub = new McpHub({
      home: options.home,
      projectRoot,
      dataDirectory,
      env,
      secrets: () => parleySecrets({ env, settings: storedSettings(options.home), token: credentials.token }),
      childEnvironment: () => children.env("mcp"),
      ...(store.mcpState && { stateStorage: store.mcpState.forProject(projectRoot) }),
      ...options.mcp,
      onChange: () =>
        bus.publish({ type: "StateUpdated", reason: "mcp_servers_changed", project_root: projectRoot }),
    });
    mcp = mcpHub;
    const newId = (prefix: string) => `${prefix}_${randomBytes(10).toString("hex")}`;
    let workflows: WorkflowService | undefined;
    const acpProcesses = new AcpProcessPool();
    const agents = new AgentService({
      store,
      bus,
      projectRoot,
      home: options.home,
      env,
      children,
      acpProcesses,
      now,
      newId,
      ...(options.turnDefaults && { turnDefaults: options.turnDefaults }),
      ...(options.compaction && { compaction: options.compaction }),
      maxQueueLength: limits.maxQueueLength,
      scopedTools: (scope) => (workflows === undefined ? [] : [runWorkflowTool(workflows, scope)]),
      runPlanAsWorkflow: (sessionId, agentId, plan) =>
        (workflows as WorkflowService).startPlan(plan, sessionId, agentId).execution_id,
      mcp: mcpHub,
    });
    let origin = "";
    const sse: SseConnectionOptions = {
      heartbeatMs: 15_000,
      drainTimeoutMs: limits.sseDrainTimeoutMs,
      maxBufferedBytes: limits.sseBufferBytes,
      pageSize: 500,
      pageBytes: 256 * 1024,
      now,
      ...options.sse,
    };
    workflows = new WorkflowService({ agents, home: options.home });
    const context: ServerContext = {
      store,
      bus,
      mcp: mcpHub,
      agents,
      workflows,
      credentials,
      projectRoot,
      home: options.home,
      env,
      children,
      acpProcesses,
      agentCliModels: new AgentCliModels(),
      now,
      newId,
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
    const leases = store.leases;
    if (leases === undefined) {
      agents.recoverInterruptedRuns();
      workflows.recoverInterrupted();
    } else {
      const nowMs = Date.now();
      // What this server left going before it restarted, and what quiet servers left, is brought back here.
      const recover = (orphans: { runIds: string[]; workflowIds: string[] }) => {
        agents.recoverInterruptedRuns(orphans.runIds);
        workflows.recoverInterrupted(orphans.workflowIds);
      };
      leases.beat(nowMs);
      leases.recoverOrphans(nowMs, leaseMs, true, recover);
      leaseKeeper = new LeaseKeeper(leases, leaseMs, recover);
    }
    const signals = store.signals;
    if (signals !== undefined) {
      takeSignals = () => dispatchSignals(signals, agents, workflows);
      takeSignals();
    }
    // Off unless Settings (or PARLEY_IDLE_PROMPTS) turns it on: prompts idle agents toward the mission.
    idle = new IdleScheduler(
      context,
      () => idleSchedulerSettings(env, options.idle?.settings, storedSettings(options.home).idle_prompts),
      options.idle?.clock,
    );
    idle.start();
    // Servers start in the background: the API answers at once and shows them as connecting.
    void mcpHub.start();
    retention = new EventRetention(store, limits.retention, now);
    retention.start();
    // Editors' threads over `parley acp` in this project show in the session list as they go.
    editorThreads = new EditorThreadMirror(agents.context, options.home);
    await editorThreads.start();

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
    return {
      url: origin,
      port,
      token: credentials.token,
      tokenFile: join(dataDirectory, "token"),
      loginUrl: () => `${origin}/auth/login?code=${credentials.mintLoginCode(now())}`,
      idlePrompts: () =>
        idlePromptStatus((idle as IdleScheduler).settings, env, storedSettings(options.home).idle_prompts),
      context,
      close: async () => {
        leaseKeeper?.stop();
        idle?.stop();
        retention?.stop();
        editorThreads?.close();
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        for (const connection of context.sseConnections) connection.close();
        server.closeAllConnections();
        await workflows.shutdown();
        await agents.shutdown();
        await mcpHub.close();
        bus.flush();
        await closed;
        await commits?.close();
        store?.close();
        forgetAddress();
        unlock();
      },
    };
  } catch (error) {
    leaseKeeper?.stop();
    idle?.stop();
    retention?.stop();
    editorThreads?.close();
    await mcp?.close();
    await commits?.close();
    store?.close();
    unlock();
    throw error;
  }
}

/** The settings as stored now; a file Settings cannot read has no keys to keep secret. */
function storedSettings(home: string): ParleySettings {
  try {
    return loadSettingsSync(home);
  } catch {
    return {};
  }
}

async function listen(
  fetch: Parameters<typeof serve>[0]["fetch"],
  host: string,
  port: number | undefined,
): Promise<Server> {
  const attempt = (candidate: number) =>
    new Promise<Server>((resolve, reject) => {
      const server = serve({ fetch, hostname: host, port: candidate }) as Server;
      server.once("listening", () => resolve(server));
      server.once("error", reject);
    });
  if (port !== undefined) return attempt(port);
  try {
    return await attempt(DEFAULT_PORT);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE") throw error;
    return attempt(0);
  }
}
