import type { PlanUpdate } from "@parley/engine";
import type {
  ChatResponse,
  ExecutePlanRequest,
  PermissionMode,
  PlanActionResponse,
  PlanData,
  PlanDecision,
  RefinePlanRequest,
  StoredMessage,
} from "@parley/protocol";
import type { MessagePublisher, MessageScope } from "../agents/context/message-publisher.ts";
import { changePermissionMode } from "../agents/context/permission-mode.ts";
import type { EventBus } from "../bus/event-bus.ts";
import { ApiError } from "../http/api-error.ts";
import type { Store } from "../store/store.ts";

/** What the desk needs from the server. */
export interface PlanDeskContext {
  store: Store;
  bus: EventBus;
  publisher: MessagePublisher;
  projectRoot: string;
  now: () => number;
  /** The agent's current mode, to record what a change replaced. */
  currentMode: (sessionId: string, agentId: string) => Promise<PermissionMode>;
  /** Sends a message to the agent (started, or queued while it is busy). */
  send: (sessionId: string, agentId: string, text: string) => ChatResponse;
  /** Runs the plan as a workflow (Execute step by step); returns the execution's id. */
  runPlanAsWorkflow?: (sessionId: string, agentId: string, plan: PlanData) => string;
}

/**
 * Plan cards: a plan-mode answer becomes a Plan message (and a PlanUpdate event); Execute leaves plan mode
 * and tells the agent to carry it out, Refine stays in plan mode and sends the feedback (each once per
 * card); UpdatePlan progress reports update the card's step statuses in place.
 */
export class PlanDesk {
  readonly #context: PlanDeskContext;

  constructor(context: PlanDeskContext) {
    this.#context = context;
  }

  /** Inside a unit of work: turns a stored text message into the Plan card for `plan`. */
  propose(message: StoredMessage, plan: PlanData): void {
    const card: PlanData = {
      ...plan,
      steps: plan.steps.map((step) => ({ ...step, status: "pending" })),
      status: "proposed",
    };
    this.#context.publisher.update(message.id, { kind: "Plan", data: card }, plan.goal);
    this.#announce(message, card);
  }

  /** Inside a unit of work: applies an UpdatePlan report to the agent's current plan card. */
  progress(scope: MessageScope, update: PlanUpdate): void {
    const { store, bus, publisher, projectRoot } = this.#context;
    const current = store.messages.lastOfKind(scope.sessionId, scope.agentId, "Plan");
    if (current === undefined) {
      // No card to update: the progress is still shown.
      bus.publish({
        type: "PlanUpdate",
        agent_id: scope.agentId,
        plan: {
          steps: update.steps,
          ...(update.explanation !== undefined && { explanation: update.explanation }),
        },
        ...(scope.runId !== null && { run_id: scope.runId }),
        session_id: scope.sessionId,
        project_root: projectRoot,
      });
      return;
    }
    const card = current.rich.data as PlanData;
    const byNumber = new Map(update.steps.map((step) => [step.step_number, step]));
    const steps = card.steps.map((step) => {
      const change = byNumber.get(step.step_number);
      return change === undefined
        ? step
        : { ...step, status: change.status, ...(change.note !== undefined && { note: change.note }) };
    });
    const done = steps.every((step) => step.status === "completed" || step.status === "skipped");
    const next: PlanData = {
      ...card,
      steps,
      ...(done && card.status === "executing" && { status: "completed" }),
      ...(update.explanation !== undefined && { explanation: update.explanation }),
    };
    const updated = publisher.update(current.id, { kind: "Plan", data: next }, next.goal) as StoredMessage;
    this.#announce({ ...updated, run_id: scope.runId ?? updated.run_id }, next);
  }

  /** `POST /api/plans/:message_id/execute`: leaves plan mode and asks the agent to carry the plan out. */
  async execute(messageId: string, body: ExecutePlanRequest): Promise<PlanActionResponse> {
    const mode = body.permission_mode ?? "default";
    const plan = this.#requirePlan(messageId);
    const runAsWorkflow = this.#context.runPlanAsWorkflow;
    if (body.step_by_step === true && runAsWorkflow === undefined)
      throw new ApiError("unavailable", "this server cannot run a plan as a workflow");
    const previous = await this.#context.currentMode(plan.session_id, plan.agent_id);
    const card = this.#decide(messageId, previous, { action: "execute", mode });
    if (body.step_by_step === true && runAsWorkflow !== undefined) {
      const executionId = runAsWorkflow(plan.session_id, plan.agent_id, card);
      const chat: ChatResponse = {
        session_id: plan.session_id,
        agent_id: plan.agent_id,
        status: "started",
        duplicate: false,
      };
      return {
        message_id: messageId,
        action: "execute",
        permission_mode: mode,
        decision: card.decision,
        chat,
        workflow_execution_id: executionId,
      };
    }
    const steps = card.steps.map((step) => `${step.step_number}. ${step.action}`).join("\n");
    const text = `Execute the plan now.\n\nGoal: ${card.goal}\n${steps}\n\nCarry out the steps in order and report each step's progress with the UpdatePlan tool.`;
    const chat = this.#context.send(plan.session_id, plan.agent_id, text);
    return { message_id: messageId, action: "execute", permission_mode: mode, decision: card.decision, chat };
  }

  /** `POST /api/plans/:message_id/refine`: stays in plan mode and sends the feedback for a new plan. */
  async refine(messageId: string, body: RefinePlanRequest): Promise<PlanActionResponse> {
    const plan = this.#requirePlan(messageId);
    const previous = await this.#context.currentMode(plan.session_id, plan.agent_id);
    const card = this.#decide(messageId, previous, {
      action: "refine",
      mode: "plan",
      feedback: body.feedback,
    });
    const chat = this.#context.send(plan.session_id, plan.agent_id, body.feedback);
    return {
      message_id: messageId,
      action: "refine",
      permission_mode: "plan",
      decision: card.decision,
      chat,
    };
  }

  #requirePlan(messageId: string): StoredMessage {
    const message = this.#context.store.messages.get(messageId);
    if (message === undefined || message.rich.kind !== "Plan") throw ApiError.notFound("plan", messageId);
    return message;
  }

  /** Records the person's decision on a plan card exactly once, and sets the mode it calls for. */
  #decide(
    messageId: string,
    previous: PermissionMode,
    decision: { action: "execute" | "refine"; mode: PermissionMode; feedback?: string },
  ): PlanData & { decision: PlanDecision } {
    const { store, publisher, now } = this.#context;
    return store.transaction(() => {
      const message = this.#requirePlan(messageId);
      const card = message.rich.data as PlanData;
      if (card.decision !== undefined) {
        throw new ApiError("conflict", `this plan was already answered (${card.decision.action})`, {
          details: { message_id: messageId, decision: card.decision },
        });
      }
      const next: PlanData & { decision: PlanDecision } = {
        ...card,
        status: decision.action === "execute" ? "executing" : "refining",
        decision: {
          action: decision.action,
          at_ms: now(),
          permission_mode: decision.mode,
          ...(decision.feedback !== undefined && { feedback: decision.feedback }),
        },
      };
      const updated = publisher.update(messageId, { kind: "Plan", data: next }, next.goal) as StoredMessage;
      this.#announce(updated, next);
      changePermissionMode(
        { store, publisher, now },
        {
          sessionId: message.session_id,
          agentId: message.agent_id,
          mode: decision.mode,
          previous,
          reason: decision.action === "execute" ? "the plan is being carried out" : "refining the plan",
        },
      );
      return next;
    });
  }

  #announce(message: StoredMessage, card: PlanData): void {
    this.#context.bus.publish({
      type: "PlanUpdate",
      agent_id: message.agent_id,
      plan: card as unknown as Record<string, unknown>,
      message_id: message.id,
      ...(message.run_id !== null && { run_id: message.run_id }),
      session_id: message.session_id,
      project_root: this.#context.projectRoot,
    });
  }
}
