import { AcpProcessPool } from "@parley/agent-clis";
import { type AgentTurnOptions, type McpTimeouts, parleySecrets } from "@parley/engine";
import { loadSettings } from "@parley/engine/settings";
import { AgentCliModels } from "./agents/backends/agent-cli-models.ts";
import type { CompactionSettings } from "./agents/compaction/compaction.ts";
import { EditorThreadMirror } from "./agents/editor-threads/editor-thread-mirror.ts";
import { AgentService } from "./agents/service/agent-service.ts";
import { dispatchSignals } from "./cluster/signal-dispatch.ts";
import { CustomCommands } from "./custom-commands/custom-commands.ts";
import { McpHub, type McpRestartPolicy } from "./mcp/mcp-hub.ts";
import { IdleScheduler } from "./missions/idle-scheduler.ts";
import type { IdleSchedulerSettings } from "./missions/idle-scheduler-settings.ts";
import type { SchedulerClock } from "./missions/scheduler-clock.ts";
import type { ServerContext } from "./server-context.ts";
import { LeaseKeeper } from "./store/postgres/lease-keeper.ts";
import { storedSettings } from "./store/stored-settings.ts";
import { runWorkflowTool } from "./workflows/run-workflow-tool.ts";
import { WorkflowService } from "./workflows/workflow-service.ts";

/**
 * How long a run's start waits for new or changed workflow files to be read (in a worker) before its
 * `RunWorkflow` tool lists what the last read found: a bundled worker starts in well under a second.
 */
const WORKFLOWS_READ_WAIT_MS = 5_000;

/** The agents and what they drive: loaded and built after the server listens (see server.ts). */
export interface AgentServices {
  agents: AgentService;
  /** Workflow definitions and their durable executions. */
  workflows: WorkflowService;
  /** The project's MCP servers. */
  mcp: McpHub;
  /** Agent CLIs driven over ACP, kept running between the messages of their sessions. */
  acpProcesses: AcpProcessPool;
  /** The models each agent CLI offers in this project, listed once and kept. */
  agentCliModels: AgentCliModels;
  /** The custom slash commands (Markdown prompts) of the project and the person. */
  customCommands: CustomCommands;
}

/** What the agent services need beyond the server's context. */
export interface AgentServicesOptions {
  dataDirectory: string;
  maxQueueLength: number;
  leaseMs: number;
  turnDefaults?: Partial<AgentTurnOptions> | undefined;
  compaction?: Partial<CompactionSettings> | undefined;
  idleSettings: () => IdleSchedulerSettings;
  idleClock?: SchedulerClock | undefined;
  mcp?: { timeouts?: Partial<McpTimeouts>; restart?: Partial<McpRestartPolicy> } | undefined;
}

/** Running agent services: what the server's close stops, in order. */
export interface StartedAgentServices {
  /** Acts on what other servers on the same database ask of this one's runs. */
  takeSignals?: () => void;
  /** Stops the background work that could start runs (leases, idle prompts, editor threads). */
  stopBackground(): void;
  /** Ends running workflows, agents and MCP servers. */
  shutdown(): Promise<void>;
}

/**
 * Builds the agent services on `context` (assigned through `install` before anything can use them), then
 * does what a start owes them: runs interrupted by a crash are recorded as interrupted, other servers'
 * signals are taken, idle prompts and editor threads are followed and MCP servers start.
 */
export async function startAgentServices(
  context: ServerContext,
  options: AgentServicesOptions,
  install: (services: AgentServices) => void,
): Promise<StartedAgentServices> {
  const { store, bus, env, home, projectRoot, children, credentials } = context;
  const mcp = new McpHub({
    home,
    projectRoot,
    dataDirectory: options.dataDirectory,
    env,
    secrets: () => parleySecrets({ env, settings: storedSettings(home), token: credentials.token }),
    childEnvironment: () => children.env("mcp"),
    ...(store.mcpState && { stateStorage: store.mcpState.forProject(projectRoot) }),
    ...options.mcp,
    onChange: () =>
      bus.publish({ type: "StateUpdated", reason: "mcp_servers_changed", project_root: projectRoot }),
  });
  let workflows: WorkflowService | undefined;
  const customCommands = new CustomCommands({
    projectRoot,
    parleyHome: home,
    ...(env.HOME !== undefined && { userHome: env.HOME }),
    rules: () => store.permissionRules.list(projectRoot),
    // The instruction-file switch keeps the project's skills from the model; they are no slash commands then.
    skillSources: async () => {
      const settings = await loadSettings(home).catch(() => ({ project_instructions: undefined }));
      return settings.project_instructions === false ? ["user"] : ["user", "project"];
    },
  });
  void customCommands.ready();
  const acpProcesses = new AcpProcessPool();
  const agents = new AgentService({
    store,
    bus,
    projectRoot,
    home,
    env,
    children,
    acpProcesses,
    now: context.now,
    newId: context.newId,
    ...(options.turnDefaults && { turnDefaults: options.turnDefaults }),
    ...(options.compaction && { compaction: options.compaction }),
    maxQueueLength: options.maxQueueLength,
    scopedTools: async (scope) => {
      if (workflows === undefined) return [];
      return [runWorkflowTool(workflows, scope, await workflows.available(WORKFLOWS_READ_WAIT_MS))];
    },
    runPlanAsWorkflow: (sessionId, agentId, plan) =>
      (workflows as WorkflowService).startPlan(plan, sessionId, agentId).execution_id,
    mcp,
    customCommands,
  });
  workflows = new WorkflowService({ agents, home });
  const started = workflows;
  install({ agents, workflows, mcp, acpProcesses, agentCliModels: new AgentCliModels(), customCommands });

  let leaseKeeper: LeaseKeeper | undefined;
  const leases = store.leases;
  if (leases === undefined) {
    agents.recoverInterruptedRuns();
    workflows.recoverInterrupted();
  } else {
    const nowMs = Date.now();
    // What this server left going before it restarted, and what quiet servers left, is brought back here.
    const recover = (orphans: { runIds: string[]; workflowIds: string[] }) => {
      agents.recoverInterruptedRuns(orphans.runIds);
      started.recoverInterrupted(orphans.workflowIds);
    };
    leases.beat(nowMs);
    leases.recoverOrphans(nowMs, options.leaseMs, true, recover);
    leaseKeeper = new LeaseKeeper(leases, options.leaseMs, recover);
  }
  const signals = store.signals;
  const takeSignals = signals === undefined ? undefined : () => dispatchSignals(signals, agents, started);
  takeSignals?.();
  // Off unless Settings (or PARLEY_IDLE_PROMPTS) turns it on: prompts idle agents toward the mission.
  const idle = new IdleScheduler(context, options.idleSettings, options.idleClock);
  idle.start();
  // Servers start in the background: the API answers at once and shows them as connecting.
  void mcp.start();
  // Editors' threads over `parley acp` in this project show in the session list as they go.
  const editorThreads = new EditorThreadMirror(agents.context, home);
  const stopBackground = () => {
    leaseKeeper?.stop();
    idle.stop();
    editorThreads.close();
  };
  try {
    await editorThreads.start();
  } catch (error) {
    stopBackground();
    await mcp.close();
    throw error;
  }
  return {
    ...(takeSignals && { takeSignals }),
    stopBackground,
    shutdown: async () => {
      await started.shutdown();
      await agents.shutdown();
      await mcp.close();
    },
  };
}
