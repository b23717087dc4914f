import type { AcpProcessPool } from "@parley/agent-clis";
import type { AgentTurnOptions, EngineTool, EnvironmentVariables } from "@parley/engine";
import type { ChatResponse, PlanData } from "@parley/protocol";
import type { EventBus } from "../../bus/event-bus.ts";
import type { ChildEnvironments } from "../../children/child-environments.ts";
import type { CustomCommands } from "../../custom-commands/custom-commands.ts";
import { ApprovalDesk } from "../../interactions/approval-desk.ts";
import { PlanDesk } from "../../interactions/plan-desk.ts";
import { QuestionDesk } from "../../interactions/question-desk.ts";
import type { McpHub } from "../../mcp/mcp-hub.ts";
import type { Store } from "../../store/store.ts";
import { type CompactionSettings, DEFAULT_COMPACTION } from "./compaction-settings.ts";
import { MessagePublisher, type MessageScope } from "./message-publisher.ts";
import { currentPermissionMode } from "./permission-mode.ts";

/** What the agent service needs from the server. */
export interface AgentServiceContext {
  store: Store;
  bus: EventBus;
  projectRoot: string;
  home: string;
  env: EnvironmentVariables;
  /** The environment each kind of child process starts from (the person's minus Parley's secrets). */
  children: ChildEnvironments;
  now: () => number;
  newId: (prefix: string) => string;
  /** Engine options applied to every turn (tests shorten retries and stall timeouts). */
  turnDefaults?: Partial<AgentTurnOptions>;
  /** When conversations are compacted automatically (default: at 80% of the window, keeping 4 messages). */
  compaction?: Partial<CompactionSettings>;
  /** Most messages one agent's queue holds; a message past it is refused with `queue_full`. */
  maxQueueLength?: number;
  /** Runs an approved plan as a workflow, one agent turn per step; returns the execution's id. */
  runPlanAsWorkflow?: (sessionId: string, agentId: string, plan: PlanData) => string;
  /**
   * Tools a run also offers for its scope (the `RunWorkflow` tool, once the workflow service exists), made
   * as the run starts: the workflow files are read then, off the event loop, for the tool's description.
   */
  scopedTools?: (scope: MessageScope) => Promise<EngineTool[]>;
  /** The project's MCP servers, whose tools every run offers. */
  mcp?: McpHub;
  /** Agent CLIs driven over ACP, kept running between the messages of their sessions. */
  acpProcesses?: AcpProcessPool;
  /** Custom slash commands: what the model reads for a typed `/name args` (the message shows what was typed). */
  customCommands?: CustomCommands;
}

/** What a run gets: the server's context plus the interaction desks and the message publisher. */
export interface RunContext extends AgentServiceContext {
  publisher: MessagePublisher;
  approvals: ApprovalDesk;
  questions: QuestionDesk;
  plans: PlanDesk;
  compaction: CompactionSettings;
}

/** What the desks call back into the agent service for. */
export interface RunContextHooks {
  /** Continues a conversation whose open call was answered while no run waited; returns the run id. */
  resume(sessionId: string, agentId: string): string | undefined;
  /** Sends a message to an agent (started, or queued while it is busy). */
  send(sessionId: string, agentId: string, text: string): ChatResponse;
  /** Whether the server is shutting down. */
  closing(): boolean;
}

/** Builds the context runs share: one message publisher and the approval, question and plan desks. */
export function createRunContext(context: AgentServiceContext, hooks: RunContextHooks): RunContext {
  const publisher = new MessagePublisher(context);
  const resume = hooks.resume;
  const closing = hooks.closing;
  return {
    ...context,
    publisher,
    compaction: { ...DEFAULT_COMPACTION, ...context.compaction },
    approvals: new ApprovalDesk({ ...context, publisher, resume, closing }),
    questions: new QuestionDesk({
      ...context,
      publisher,
      resume,
      closing,
      send: (sessionId, agentId, text) => {
        const chat = hooks.send(sessionId, agentId, text);
        return {
          ...(chat.run_id !== undefined && { runId: chat.run_id }),
          ...(chat.message_id !== undefined && { messageId: chat.message_id }),
        };
      },
    }),
    plans: new PlanDesk({
      ...context,
      publisher,
      send: hooks.send,
      currentMode: (sessionId, agentId) => currentPermissionMode(context, sessionId, agentId),
    }),
  };
}
