import type { AcpProcessPool } from "@parley/agent-clis";
import type { EnvironmentVariables } from "@parley/engine";
import type { AgentCliModels } from "./agents/backends/agent-cli-models.ts";
import type { AgentService } from "./agents/service/agent-service.ts";
import type { EventBus } from "./bus/event-bus.ts";
import type { ReplayPages } from "./bus/replay-pages.ts";
import type { SseConnectionOptions } from "./bus/sse-connection.ts";
import type { ChildEnvironments } from "./children/child-environments.ts";
import type { CustomCommands } from "./custom-commands/custom-commands.ts";
import type { Credentials } from "./http/security/credentials.ts";
import type { ServerLimits } from "./limits/server-limits.ts";
import type { McpHub } from "./mcp/mcp-hub.ts";
import type { Store } from "./store/store.ts";
import type { WorkflowService } from "./workflows/workflow-service.ts";

/**
 * Everything route handlers reach: the store, the bus, the agents and the server's identity. The agent
 * services (`agents`, `workflows`, `mcp`, `acpProcesses`, `agentCliModels`) exist once `started()` has settled.
 */
export interface ServerContext {
  store: Store;
  bus: EventBus;
  /** The project's MCP servers. */
  readonly mcp: McpHub;
  readonly agents: AgentService;
  /** Workflow definitions and their durable executions. */
  readonly workflows: WorkflowService;
  /**
   * Starts the agent services unless they have (idempotent); settles once they exist and interrupted runs
   * are recorded. Every request but the health check awaits it.
   */
  started: () => Promise<void>;
  credentials: Credentials;
  projectRoot: string;
  home: string;
  env: EnvironmentVariables;
  /** The environment each kind of child process starts from (the person's minus Parley's secrets). */
  children: ChildEnvironments;
  /** Agent CLIs driven over ACP, kept running between the messages of their sessions. */
  readonly acpProcesses: AcpProcessPool;
  /** The models each agent CLI offers in this project, listed once and kept. */
  readonly agentCliModels: AgentCliModels;
  /** The custom slash commands (Markdown prompts) a typed `/name` expands to. */
  readonly customCommands: CustomCommands;
  now: () => number;
  newId: (prefix: string) => string;
  /** The origin browsers use, e.g. `http://127.0.0.1:4780`. */
  origin: () => string;
  /** The limits in force (`GET /api/limits`). */
  limits: ServerLimits;
  sse: SseConnectionOptions;
  /** Replay pages shared by every connection catching up on the log. */
  replayPages: ReplayPages;
  /** Open SSE connections, capped so thousands of sockets cannot exhaust the process. */
  sseConnections: Set<{ close(): void }>;
  maxSseConnections: number;
}
