import { resolveWorkflowInputs } from "@parley/engine";
import {
  cancelWorkflow,
  createWorkflowExecution,
  describeWorkflowIssue,
  isoFromEpochMs,
  type PermissionMode,
  type PlanData,
  pauseWorkflow,
  resumeWorkflow,
  retryWorkflow,
  startWorkflow,
  type WorkflowDefinition,
  type WorkflowExecutionData,
  type WorkflowExecutionView,
  type WorkflowInputValue,
} from "@parley/protocol";
import { changePermissionMode, resolvePermissionMode } from "../agents/context/permission-mode.ts";
import type { AgentService } from "../agents/service/agent-service.ts";
import { createSessionFor, requireOwnSession } from "../agents/service/chat-sessions.ts";
import { ApiError } from "../http/api-error.ts";
import type { WorkflowExecutionRecord } from "../store/workflow-execution-store.ts";
import { planWorkflow } from "./plan-workflow.ts";
import { WorkflowFileReader } from "./read-workflow-files.ts";
import { WorkflowDrive } from "./workflow-drive.ts";
import { type LoadedWorkflow, loadWorkflows, WorkflowFileCache } from "./workflow-files.ts";
import { initialSteps, transitioned, withStep } from "./workflow-progress.ts";

/** What the workflow service needs from the server. */
export interface WorkflowServiceContext {
  agents: AgentService;
  home: string;
}

/** How a workflow is started. */
export interface StartWorkflowOptions {
  name: string;
  sessionId?: string;
  agentId: string;
  inputs: Record<string, WorkflowInputValue>;
  /** The mode the session's agent works in from now on (the settings' mode tells whether that changes it). */
  permissionMode?: { mode: PermissionMode; settingsMode: PermissionMode | undefined };
}

/**
 * Runs workflows durably and visibly: each execution is a WorkflowExecution card in a session, and every
 * change to it (stored with the card and its ContextUpdate event in one transaction) is seen live. Pause
 * waits for the step boundary unless `now`; Resume goes on from the current step; Retry reruns the failed
 * step; Cancel stops. A server that stopped mid-step comes back with the workflow Paused at that step,
 * which never runs again unless the person resumes it.
 */
export class WorkflowService {
  readonly #context: WorkflowServiceContext;
  readonly #drive: WorkflowDrive;
  readonly #files: WorkflowFileCache;
  readonly #reader: WorkflowFileReader;
  #known: LoadedWorkflow[] | undefined;

  constructor(context: WorkflowServiceContext) {
    this.#context = context;
    this.#drive = new WorkflowDrive(context.agents);
    this.#reader = new WorkflowFileReader(context.agents.context.projectRoot);
    this.#files = new WorkflowFileCache(this.#reader);
  }

  /** The definitions found, and the files that are not valid (one unchanged since the last read is not read again). */
  async definitions(): ReturnType<typeof loadWorkflows> {
    const found = await loadWorkflows(
      this.#context.agents.context.projectRoot,
      this.#context.home,
      this.#files,
    );
    this.#known = found.workflows;
    return found;
  }

  /**
   * The definitions a run's `RunWorkflow` tool lists: read now, or what the last read found when this one takes
   * longer than `waitMs` (new files being parsed, crafted ones slowly), so that no run waits on them to start;
   * undefined when no read has finished yet.
   */
  async available(waitMs: number): Promise<LoadedWorkflow[] | undefined> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), waitMs);
    });
    const read = this.definitions().then(
      (found) => found.workflows,
      () => undefined,
    );
    const found = await Promise.race([read, late]);
    clearTimeout(timer);
    return found ?? this.#known;
  }

  /** Starts a workflow: its card appears at the end of the session, Running, and its first step starts. */
  async start(options: StartWorkflowOptions): Promise<WorkflowExecutionView> {
    const { workflows, problems } = await this.definitions();
    const workflow = workflows.find((found) => found.definition.name === options.name);
    if (workflow !== undefined) return this.startDefinition(workflow.definition, options);
    const broken = problems.find((problem) => problem.name === options.name);
    if (broken === undefined) throw ApiError.notFound("workflow", options.name);
    const issues = broken.issues ?? [{ path: "", message: broken.message }];
    throw new ApiError(
      "invalid_workflow",
      `workflow "${options.name}" cannot run: ${broken.path} has ${issues.length === 1 ? "a mistake" : `${issues.length} mistakes`}:\n${issues.map((issue) => `  ${describeWorkflowIssue(issue)}`).join("\n")}`,
      { details: { name: options.name, path: broken.path, issues } },
    );
  }

  /** Starts a definition that is not (or not only) a file: a plan being executed step by step. */
  startDefinition(
    definition: WorkflowDefinition,
    options: Omit<StartWorkflowOptions, "name">,
  ): WorkflowExecutionView {
    const run = this.#context.agents.context;
    const inputs = resolveWorkflowInputs(definition, options.inputs);
    if (!inputs.success) {
      throw new ApiError("invalid_request", inputs.error.message, {
        issues: inputs.error.issues.map((issue) => ({ path: `body.${issue.path}`, message: issue.message })),
      });
    }
    const executionId = run.newId("wfx");
    const clock = () => new Date(run.now());
    const created = transitioned(
      createWorkflowExecution(
        {
          workflow_name: definition.name,
          execution_id: executionId,
          total_steps: definition.steps.length,
          first_step: definition.steps[0]?.name ?? definition.steps[0]?.id ?? null,
        },
        clock,
      ),
    );
    const state: WorkflowExecutionData = {
      ...transitioned(startWorkflow(created, clock)),
      steps: initialSteps(definition),
    };
    const record = run.store.transaction(() => {
      const session =
        options.sessionId === undefined
          ? createSessionFor(run, `/${definition.name}`)
          : requireOwnSession(run, options.sessionId, "run workflows");
      if (options.permissionMode !== undefined) {
        const { mode, settingsMode } = options.permissionMode;
        changePermissionMode(run, {
          sessionId: session.id,
          agentId: options.agentId,
          mode,
          previous: resolvePermissionMode(
            run.store,
            run.projectRoot,
            session.id,
            options.agentId,
            settingsMode,
          ).permission_mode,
          reason: `for the workflow ${definition.name}`,
        });
      }
      const messageId = run.publisher.append(
        { sessionId: session.id, agentId: options.agentId, runId: null },
        "assistant",
        { kind: "WorkflowExecution", data: state },
        `Workflow ${definition.name}`,
      );
      const stored: WorkflowExecutionRecord = {
        id: executionId,
        session_id: session.id,
        agent_id: options.agentId,
        message_id: messageId,
        workflow_name: definition.name,
        definition,
        inputs: inputs.value,
        step_index: 0,
        outputs: {},
        state,
        pause_requested: false,
        created_at_ms: run.now(),
        updated_at_ms: run.now(),
      };
      run.store.workflows.save(stored);
      return stored;
    });
    run.bus.flush();
    this.#drive.start(record.id);
    return viewOf(record);
  }

  /** Executes an approved plan step by step: its steps become the agent steps of a workflow. */
  startPlan(plan: PlanData, sessionId: string, agentId: string): WorkflowExecutionView {
    return this.startDefinition(planWorkflow(plan), { sessionId, agentId, inputs: {} });
  }

  /**
   * Pauses at the next step boundary, or with `now` at once, stopping the running step, which then says
   * why (`reason`, else that Pause now was used).
   */
  pause(id: string, now: boolean, reason?: string): WorkflowExecutionView {
    const record = this.#require(id);
    const paused = transitioned(pauseWorkflow(record.state, this.#drive.clock));
    // Another server sharing the database may drive it: that one pauses at the boundary, or stops its step.
    const owner = this.#ownerElsewhere(id);
    if (!now && (this.#drive.isRunningStep(id) || owner !== undefined)) {
      return viewOf(
        this.#drive.save({
          ...record,
          pause_requested: true,
          state: { ...record.state, pause_requested: true },
        }),
      );
    }
    this.#drive.stop(id);
    const running = record.state.steps?.find((step) => step.status === "running");
    const state =
      running === undefined
        ? paused
        : withStep(paused, running.id, {
            status: "interrupted",
            ended_at: isoFromEpochMs(this.#drive.nowMs()),
            error: {
              code: "paused",
              message: `stopped: ${reason ?? "Pause now was used"}; it runs again from its start on Resume`,
            },
          });
    return this.#storeStopped(record, state, owner);
  }

  /**
   * Resumes a paused workflow from its current step. A step that Pause now (or a restart) stopped is
   * pending again, no longer saying it was stopped.
   */
  resume(id: string): WorkflowExecutionView {
    const record = this.#require(id);
    const resumed = transitioned(resumeWorkflow(record.state, this.#drive.clock));
    const state: WorkflowExecutionData = {
      ...resumed,
      steps: (resumed.steps ?? []).map((step) =>
        step.status === "interrupted" ? { ...step, status: "pending", error: null, ended_at: null } : step,
      ),
    };
    const saved = this.#drive.save({
      ...record,
      pause_requested: false,
      state: { ...state, pause_requested: false },
    });
    this.#drive.start(id);
    return viewOf(saved);
  }

  /** Runs the step that failed again, and the rest after it. */
  retry(id: string): WorkflowExecutionView {
    const record = this.#require(id);
    const state = transitioned(retryWorkflow(record.state, this.#drive.clock));
    const step = record.definition.steps[record.step_index];
    const reset = step === undefined ? state : withStep(state, step.id, { status: "pending", error: null });
    const saved = this.#drive.save({
      ...record,
      pause_requested: false,
      state: { ...reset, pause_requested: false },
    });
    this.#drive.start(id);
    return viewOf(saved);
  }

  /** Cancels the workflow, stopping its running step; what was done stays done. */
  cancel(id: string): WorkflowExecutionView {
    const record = this.#require(id);
    const owner = this.#ownerElsewhere(id);
    const cancelled = transitioned(cancelWorkflow(record.state, this.#drive.clock));
    this.#drive.stop(id);
    const running = record.state.steps?.find((step) => step.status === "running");
    const state =
      running === undefined
        ? cancelled
        : withStep(cancelled, running.id, {
            status: "cancelled",
            ended_at: isoFromEpochMs(this.#drive.nowMs()),
          });
    return this.#storeStopped(record, state, owner);
  }

  /** Another server paused or cancelled an execution this one drives (and stored it): its step stops. */
  stoppedElsewhere(id: string): void {
    this.#drive.stop(id);
  }

  /** Before a session is deleted: its workflows still going are cancelled and their steps stopped. */
  async stopSession(sessionId: string): Promise<void> {
    const { store } = this.#context.agents.context;
    const going = store.workflows
      .bySession(sessionId)
      .filter((record) => ["Pending", "Running", "Paused"].includes(record.state.status));
    for (const record of going) this.cancel(record.id);
    await Promise.all(going.map((record) => this.#drive.settled(record.id)));
  }

  /** One execution. */
  get(id: string): WorkflowExecutionView {
    return viewOf(this.#require(id));
  }

  /** A session's executions, or the project's, newest first. */
  list(sessionId?: string): WorkflowExecutionView[] {
    const { store, projectRoot } = this.#context.agents.context;
    const records =
      sessionId === undefined ? store.workflows.all(projectRoot) : store.workflows.bySession(sessionId);
    return records.map(viewOf);
  }

  /**
   * At start-up: workflows a stopped server left Running are Paused at the step that was interrupted,
   * which is marked so (never run again silently); approvals their steps left waiting expire.
   */
  recoverInterrupted(ids?: readonly string[]): string[] {
    return this.#drive.recover(ids);
  }

  /** Stops every running step as the server shuts down; their workflows come back Paused after the restart. */
  shutdown(): Promise<void> {
    this.#reader.close();
    return this.#drive.shutdown();
  }

  /** The other live server driving the execution, on a shared database (never on SQLite). */
  #ownerElsewhere(id: string): string | undefined {
    return this.#context.agents.context.store.signals?.workflowOwnerElsewhere(id);
  }

  /**
   * Stores a paused or cancelled execution; then the other server driving it (`owner`, if any) is told to
   * stop its step.
   */
  #storeStopped(
    record: WorkflowExecutionRecord,
    state: WorkflowExecutionData,
    owner: string | undefined,
  ): WorkflowExecutionView {
    const saved = this.#drive.save({
      ...record,
      pause_requested: false,
      state: { ...state, pause_requested: false },
    });
    if (owner !== undefined) {
      const signal = { kind: "workflow_stopped" as const, execution_id: record.id };
      this.#context.agents.context.store.signals?.send(owner, signal);
    }
    return viewOf(saved);
  }

  #require(id: string): WorkflowExecutionRecord {
    const record = this.#context.agents.context.store.workflows.get(id);
    if (record === undefined) throw ApiError.notFound("workflow execution", id);
    return record;
  }
}

/** The API view of a stored execution. */
export function viewOf(record: WorkflowExecutionRecord): WorkflowExecutionView {
  return {
    execution_id: record.id,
    workflow_name: record.workflow_name,
    session_id: record.session_id,
    agent_id: record.agent_id,
    message_id: record.message_id,
    inputs: record.inputs,
    execution: record.state,
    created_at_ms: record.created_at_ms,
  };
}
