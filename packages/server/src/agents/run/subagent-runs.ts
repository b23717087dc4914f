import type { SDKTaskNotificationMessage, SDKTaskStartedMessage } from "@parley/protocol";
import type { EventBus } from "../../bus/event-bus.ts";
import type { Store } from "../../store/store.ts";
import type { MessageScope } from "../context/message-publisher.ts";
import { RunTranslator } from "./run-translator.ts";

/** A subagent's run inside a parent run: its own run record, agent id, and translator. */
export interface ChildRun {
  runId: string;
  /** The agent id the child's events and messages carry: its `task_id`. */
  agentId: string;
  taskId: string;
  /** The parent's `Task` call. */
  toolUseId: string;
  parentRunId: string;
  parentAgentId: string;
  translator: RunTranslator;
  startedAtMs: number;
  scope: MessageScope;
}

/** What the tracker needs. */
export interface SubagentRunsContext {
  store: Store;
  bus: EventBus;
  projectRoot: string;
  now: () => number;
  newId: (prefix: string) => string;
  describe: (toolName: string, input: unknown) => string;
  executionStartOf: (toolUseId: string) => number | undefined;
}

/**
 * The subagents a run starts (`Task` calls): each becomes a child run (`parent_run_id` set, so
 * `/api/agent-children` lists it) with SubagentSpawned / SubagentResult events; the child's messages are
 * routed to it by `parent_tool_use_id`, and it ends with its task notification (or with its parent).
 */
export class SubagentRuns {
  readonly #context: SubagentRunsContext;
  readonly #root: { runId: string; agentId: string; sessionId: string; model: () => string };
  readonly #byToolUse = new Map<string, ChildRun>();
  readonly #byTask = new Map<string, ChildRun>();

  constructor(
    context: SubagentRunsContext,
    root: { runId: string; agentId: string; sessionId: string; model: () => string },
  ) {
    this.#context = context;
    this.#root = root;
  }

  /** The child started by the `Task` call `toolUseId`. */
  byToolUse(toolUseId: string | undefined): ChildRun | undefined {
    return toolUseId === undefined ? undefined : this.#byToolUse.get(toolUseId);
  }

  /** Inside a unit of work: records the child run a `task_started` announces, and tells clients. */
  start(message: SDKTaskStartedMessage): ChildRun | undefined {
    const { store, bus, now, projectRoot } = this.#context;
    if (message.tool_use_id === undefined || this.#byToolUse.has(message.tool_use_id)) return undefined;
    const parent =
      message.parent_task_id === undefined ? undefined : this.#byTask.get(message.parent_task_id);
    const runId = this.#context.newId("run");
    const startedAtMs = now();
    const child: ChildRun = {
      runId,
      agentId: message.task_id,
      taskId: message.task_id,
      toolUseId: message.tool_use_id,
      parentRunId: parent?.runId ?? this.#root.runId,
      parentAgentId: parent?.agentId ?? this.#root.agentId,
      translator: new RunTranslator(
        { runId, sessionId: this.#root.sessionId, agentId: message.task_id, projectRoot },
        now,
        {
          streaming: false,
          describe: this.#context.describe,
          executionStartOf: this.#context.executionStartOf,
        },
      ),
      startedAtMs,
      scope: { sessionId: this.#root.sessionId, agentId: message.task_id, runId },
    };
    this.#byToolUse.set(child.toolUseId, child);
    this.#byTask.set(child.taskId, child);
    store.runs.start({
      id: runId,
      session_id: this.#root.sessionId,
      agent_id: child.agentId,
      parent_run_id: child.parentRunId,
      model: this.#root.model(),
      prompt: message.prompt ?? message.description,
      started_at_ms: startedAtMs,
      tool_use_id: child.toolUseId,
      description: message.description,
    });
    bus.publish({
      type: "SubagentSpawned",
      parent_id: child.parentAgentId,
      subagent_id: child.agentId,
      task: message.description,
      parent_run_id: child.parentRunId,
      tool_use_id: child.toolUseId,
      ...(message.subagent_type !== undefined && { subagent_type: message.subagent_type }),
      ...(message.prompt !== undefined && { prompt: message.prompt }),
      run_id: runId,
      session_id: this.#root.sessionId,
      project_root: projectRoot,
    });
    return child;
  }

  /** Inside a unit of work: ends the child a `task_notification` reports on. */
  finish(message: SDKTaskNotificationMessage, interrupted: boolean): void {
    const child = this.#byTask.get(message.task_id);
    if (child === undefined) return;
    const status =
      message.status === "completed"
        ? "completed"
        : message.status === "failed"
          ? "failed"
          : interrupted
            ? "interrupted"
            : "cancelled";
    this.#end(child, status, message.summary, message.usage?.tool_uses);
  }

  /** Inside a unit of work: ends every child still running (the parent run ended first). */
  finishAll(status: "cancelled" | "interrupted" | "failed"): void {
    for (const child of this.#byToolUse.values()) {
      if (this.#context.store.runs.get(child.runId)?.status === "running")
        this.#end(child, status, status === "failed" ? "The parent run failed." : "The parent run stopped.");
    }
  }

  #end(
    child: ChildRun,
    status: "completed" | "failed" | "cancelled" | "interrupted",
    summary: string,
    toolUses?: number,
  ): void {
    const { store, bus, now, projectRoot } = this.#context;
    const endedAtMs = now();
    const finished = store.runs.finish(child.runId, {
      status,
      endedAtMs,
      ...(status === "completed" ? { result: summary } : { error: summary }),
    });
    if (!finished) return;
    bus.publish({
      type: "SubagentResult",
      parent_id: child.parentAgentId,
      subagent_id: child.agentId,
      outcome: status === "completed" ? "success" : status === "failed" ? "error" : status,
      ...(status === "completed" ? { summary } : { error: summary }),
      parent_run_id: child.parentRunId,
      tool_use_id: child.toolUseId,
      duration_ms: endedAtMs - child.startedAtMs,
      ...(toolUses !== undefined && { tool_uses: toolUses }),
      run_id: child.runId,
      session_id: this.#root.sessionId,
      project_root: projectRoot,
    });
  }
}
