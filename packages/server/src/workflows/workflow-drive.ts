import { workflowRetryDelayMs } from "@parley/engine";
import {
  completeWorkflow,
  completeWorkflowStep,
  failWorkflow,
  isoFromEpochMs,
  pauseWorkflow,
  startWorkflow,
  type WorkflowExecutionData,
  type WorkflowStep,
} from "@parley/protocol";
import type { RunContext } from "../agents/context/run-context.ts";
import type { AgentService } from "../agents/service/agent-service.ts";
import type { WorkflowExecutionRecord } from "../store/workflow-execution-store.ts";
import { capOutput, ended, stepError, stepOf, transitioned, withStep } from "./workflow-progress.ts";
import { runWorkflowStep } from "./workflow-step-runner.ts";
import type { StepOutcome } from "./workflow-tool-step.ts";

/** A workflow being driven now: stopping it aborts its running step. */
interface ActiveDrive {
  controller: AbortController;
  /** Whether a step is running (else it is between steps, or waiting to retry). */
  inStep: boolean;
  done: Promise<void>;
}

/** The most of a step's output kept for `${{ steps.<id>.output }}`. */
const MAX_REFERENCED_OUTPUT = 100_000;

/**
 * Drives workflow executions step by step and stores every change: the record, the card (the same message,
 * updated in place) and a ContextUpdate event in one transaction. Pause, Cancel and shutdown stop a drive
 * by aborting its step; the drive then leaves the record to whoever stopped it.
 */
export class WorkflowDrive {
  readonly #agents: AgentService;
  readonly #active = new Map<string, ActiveDrive>();
  /** Drives stopped whose step has not ended yet: a new drive of the same execution waits for them. */
  readonly #stopping = new Map<string, Promise<void>>();

  constructor(agents: AgentService) {
    this.#agents = agents;
  }

  get #run(): RunContext {
    return this.#agents.context;
  }

  /** The server's time, for transitions. */
  readonly clock = (): Date => new Date(this.#run.now());

  nowMs(): number {
    return this.#run.now();
  }

  /** Whether the execution is in the middle of a step now. */
  isRunningStep(id: string): boolean {
    return this.#active.get(id)?.inStep === true;
  }

  /** Stores a changed execution with its card and announces it (a ContextUpdate event). */
  save(record: WorkflowExecutionRecord): WorkflowExecutionRecord {
    const { store, bus, projectRoot } = this.#run;
    const nowMs = this.#run.now();
    const saved: WorkflowExecutionRecord = {
      ...record,
      state: { ...record.state, updated_at: isoFromEpochMs(nowMs) },
      updated_at_ms: nowMs,
    };
    const rich = { kind: "WorkflowExecution", data: saved.state };
    store.transaction(() => {
      store.workflows.save(saved);
      store.messages.updateRich(saved.message_id, rich);
      bus.publish({
        type: "ContextUpdate",
        agent_id: saved.agent_id,
        message_id: saved.message_id,
        rich,
        session_id: saved.session_id,
        project_root: projectRoot,
      });
    });
    bus.flush();
    return saved;
  }

  /** Starts driving a Running execution (after any drive of it that was stopped has let go). */
  start(id: string): void {
    // On a shared database the execution is this server's to drive now, and to bring back if it dies.
    this.#run.store.leases?.ownWorkflow(id);
    const previous = this.#stopping.get(id) ?? Promise.resolve();
    const drive: ActiveDrive = { controller: new AbortController(), inStep: false, done: Promise.resolve() };
    this.#active.set(id, drive);
    drive.done = previous
      .then(() => this.#drive(id, drive))
      .catch((error: unknown) => console.error(`parley: workflow ${id} stopped:`, error))
      .finally(() => {
        if (this.#active.get(id) === drive) this.#active.delete(id);
      });
  }

  /** Stops the execution's drive: its running step is aborted and its outcome ignored. */
  stop(id: string): void {
    const drive = this.#active.get(id);
    if (drive === undefined) return;
    this.#active.delete(id);
    const done = drive.done.finally(() => {
      if (this.#stopping.get(id) === done) this.#stopping.delete(id);
    });
    this.#stopping.set(id, done);
    drive.controller.abort();
  }

  /** Resolves once a stopped drive of the execution has let go of its step. */
  settled(id: string): Promise<void> {
    return this.#stopping.get(id) ?? Promise.resolve();
  }

  /**
   * At start-up: Running executions a stopped server left behind are Paused at their interrupted step (on
   * a shared database, those of `ids`: the ones whose server went quiet).
   */
  recover(ids?: readonly string[]): string[] {
    const { store } = this.#run;
    const left = [...store.workflows.withStatus("Running"), ...store.workflows.withStatus("Pending")].filter(
      (record) => ids === undefined || ids.includes(record.id),
    );
    for (const record of left) this.#pauseInterrupted(record);
    return left.map((record) => record.id);
  }

  /** Stops every drive as the server stops; each workflow is left Paused at the step it was in. */
  async shutdown(): Promise<void> {
    const ids = [...this.#active.keys()];
    for (const id of ids) {
      this.stop(id);
      const record = this.#run.store.workflows.get(id);
      if (record?.state.status === "Running") this.#pauseInterrupted(record);
    }
    await Promise.all([...this.#stopping.values()]);
  }

  #pauseInterrupted(record: WorkflowExecutionRecord): void {
    let state = record.state;
    if (state.status === "Pending") state = transitioned(startWorkflow(state, this.clock));
    const running = state.steps?.find((step) => step.status === "running");
    if (running !== undefined) {
      const runId = (running as { run_id?: unknown }).run_id;
      if (typeof runId === "string") {
        const pending = this.#run.store.approvals
          .byRun(runId)
          .filter((approval) => approval.state === "pending");
        this.#run.approvals.withdraw(
          pending.map((approval) => approval.id),
          "expired",
        );
      }
      state = withStep(state, running.id, {
        status: "interrupted",
        ...ended(this.nowMs()),
        error: {
          code: "interrupted",
          message:
            "Parley stopped while this step ran; it has not been run again. Resume runs it from its start.",
        },
      });
    }
    state = transitioned(pauseWorkflow(state, this.clock));
    this.save({ ...record, pause_requested: false, state: { ...state, pause_requested: false } });
  }

  async #drive(id: string, drive: ActiveDrive): Promise<void> {
    for (;;) {
      if (this.#active.get(id) !== drive) return;
      let record = this.#run.store.workflows.get(id);
      if (record === undefined || record.state.status !== "Running") return;
      const steps = record.definition.steps;
      if (record.pause_requested) {
        const paused = transitioned(pauseWorkflow(record.state, this.clock));
        this.save({ ...record, pause_requested: false, state: { ...paused, pause_requested: false } });
        return;
      }
      const step = steps[record.step_index];
      if (step === undefined) {
        this.#complete(record);
        return;
      }
      const attempt = (stepOf(record.state, step.id)?.attempts ?? 0) + 1;
      const runId = `${id}.${step.id}.${attempt}`;
      record = this.save({
        ...record,
        state: withStep({ ...record.state, current_step: step.name ?? step.id }, step.id, {
          status: "running",
          attempts: attempt,
          started_at: isoFromEpochMs(this.nowMs()),
          ended_at: null,
          output: "",
          error: null,
          run_id: runId,
        }),
      });
      drive.inStep = true;
      const outcome = await runWorkflowStep(this.#agents, {
        record,
        step,
        runId,
        signal: drive.controller.signal,
        onOutput: (output) => this.#showOutput(id, drive, step.id, output),
        onAgentRun: (agentRunId) => this.#noteAgentRun(id, drive, step.id, agentRunId),
      });
      drive.inStep = false;
      if (this.#active.get(id) !== drive) return;
      record = this.#run.store.workflows.get(id);
      if (record === undefined || record.state.status !== "Running") return;
      if (!(await this.#settle(record, step, attempt, outcome, drive))) return;
    }
  }

  /** Records a step's outcome; false when the workflow stops here (failed). */
  async #settle(
    record: WorkflowExecutionRecord,
    step: WorkflowStep,
    attempt: number,
    outcome: StepOutcome,
    drive: ActiveDrive,
  ): Promise<boolean> {
    const next = record.definition.steps[record.step_index + 1];
    const nextName = next === undefined ? null : (next.name ?? next.id);
    if (outcome.ok) {
      const done = withStep(record.state, step.id, {
        status: "completed",
        ...ended(this.nowMs(), outcome.output),
      });
      this.save({
        ...record,
        step_index: record.step_index + 1,
        outputs: { ...record.outputs, [step.id]: outcome.output.slice(-MAX_REFERENCED_OUTPUT) },
        state: transitioned(completeWorkflowStep(done, { next_step: nextName }, this.clock)),
      });
      return true;
    }
    const failed = withStep(record.state, step.id, {
      status: "failed",
      ...ended(this.nowMs()),
      error: outcome.error,
    });
    if (attempt <= (step.retry?.count ?? 0)) {
      const delayMs = workflowRetryDelayMs(step.retry?.backoff ?? 0, attempt + 1);
      this.save({ ...record, state: withStep(failed, step.id, { status: "pending" }) });
      if (delayMs > 0) await abortableDelay(delayMs, drive.controller.signal);
      return true;
    }
    if (step.continue_on_error === true) {
      this.save({
        ...record,
        step_index: record.step_index + 1,
        state: transitioned(completeWorkflowStep(failed, { next_step: nextName }, this.clock)),
      });
      return true;
    }
    const error = stepError(step.id, outcome.error);
    const state = transitioned(failWorkflow(failed, { error }, this.clock));
    this.save({ ...record, pause_requested: false, state: { ...state, pause_requested: false } });
    return false;
  }

  #complete(record: WorkflowExecutionRecord): void {
    const last = record.definition.steps.at(-1);
    const output = last === undefined ? null : (record.outputs[last.id] ?? null);
    const state: WorkflowExecutionData = transitioned(
      completeWorkflow(record.state, { result: { output, outputs: record.outputs } }, this.clock),
    );
    this.save({ ...record, state });
  }

  /** The agent turn an agent step runs as, kept on its card so the turn's messages show with the step. */
  #noteAgentRun(id: string, drive: ActiveDrive, stepId: string, agentRunId: string): void {
    if (this.#active.get(id) !== drive) return;
    const record = this.#run.store.workflows.get(id);
    const step = record === undefined ? undefined : stepOf(record.state, stepId);
    if (record === undefined || step === undefined || step.agent_run_ids?.includes(agentRunId)) return;
    const agent_run_ids = [...(step.agent_run_ids ?? []), agentRunId];
    this.save({ ...record, state: withStep(record.state, stepId, { agent_run_ids }) });
  }

  /** A running step's output so far, shown on its card (live output). */
  #showOutput(id: string, drive: ActiveDrive, stepId: string, output: string): void {
    if (this.#active.get(id) !== drive || !drive.inStep) return;
    const record = this.#run.store.workflows.get(id);
    if (record === undefined || stepOf(record.state, stepId)?.status !== "running") return;
    this.save({ ...record, state: withStep(record.state, stepId, { output: capOutput(output) }) });
  }
}

function abortableDelay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done, { once: true });
  });
}
