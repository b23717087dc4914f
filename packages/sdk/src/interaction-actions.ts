import {
  ApprovalSchema,
  type AskUserAnswer,
  AskUserAnswerSchema,
  type PlanActionResponse,
  type PlanDecision,
  PlanDecisionSchema,
  type SelectablePermissionMode,
} from "@parley/protocol";
import { ApiRequestError } from "./api-request-error.ts";
import { dataRecord, isPlainObject } from "./cards/card-fields.ts";
import type { ChatAction } from "./chat-actions.ts";
import type {
  ApprovalAnswer,
  ExecutePlanMode,
  InteractionOutcome,
  PermissionModeState,
} from "./interaction-state.ts";
import { describe } from "./message-sender.ts";
import type { OpenSession } from "./open-session.ts";
import type { ParleyClient } from "./parley-client.ts";

/** What InteractionActions needs from its store. */
export interface InteractionContext {
  client: ParleyClient;
  open: OpenSession;
  /** The agent the person talks to (`main`). */
  agentId: string;
  activeSessionId(): string | undefined;
  /** Opens a session (a new one made to carry a permission mode before the first message). */
  openSession(sessionId: string): Promise<void>;
  sessionsChanged(): void;
  dispatch(action: ChatAction): void;
  failed(what: string, error: unknown): void;
}

/**
 * The store's interaction actions: answering approvals, questions and plans exactly once, the permission
 * mode and compaction. The server's re-announced cards bring every tab up to date; an answer's own
 * response (or, on a 409, the first answer it carries) updates the card at once in this tab too.
 */
export class InteractionActions {
  readonly #context: InteractionContext;

  constructor(context: InteractionContext) {
    this.#context = context;
  }

  async answerApproval(approvalId: string, answer: ApprovalAnswer): Promise<InteractionOutcome> {
    const request = {
      decision: answer.decision,
      ...(answer.feedback !== undefined && answer.feedback.trim() !== "" && { feedback: answer.feedback }),
      ...(answer.updatedInput !== undefined && { updated_input: answer.updatedInput }),
      ...(answer.alwaysScope !== undefined && { always_scope: answer.alwaysScope }),
    };
    return this.#answer(
      "Could not answer the approval",
      () => this.#context.client.answerApproval(approvalId, request),
      {
        done: (approval) => ({ type: "APPLY_APPROVAL", approval }),
        conflict: (details) => {
          const first = ApprovalSchema.safeParse(details);
          return first.success ? { type: "APPLY_APPROVAL", approval: first.data } : undefined;
        },
      },
    );
  }

  async answerQuestion(questionId: string, answers: AskUserAnswer[]): Promise<InteractionOutcome> {
    return this.#answer(
      "Could not send your answer",
      () => this.#context.client.answerQuestion(questionId, answers),
      {
        done: (response) => ({
          type: "APPLY_QUESTION_ANSWER",
          questionId,
          state: "answered",
          answers: response.answers,
          answeredAtMs: response.answered_at_ms,
        }),
        conflict: (details) => questionConflict(questionId, details),
      },
    );
  }

  async executePlan(messageId: string, mode?: ExecutePlanMode): Promise<InteractionOutcome> {
    const request = mode === undefined ? {} : { permission_mode: mode };
    return this.#decidePlan(messageId, () => this.#context.client.executePlan(messageId, request));
  }

  async refinePlan(messageId: string, feedback: string): Promise<InteractionOutcome> {
    return this.#decidePlan(messageId, () => this.#context.client.refinePlan(messageId, feedback));
  }

  /** Sets the permission mode of the person's agent; without an open session, one is made for it first. */
  async setPermissionMode(mode: SelectablePermissionMode): Promise<void> {
    const { client, agentId } = this.#context;
    let sessionId = this.#context.activeSessionId();
    try {
      if (sessionId === undefined) {
        sessionId = (await client.createSession()).id;
        this.#context.sessionsChanged();
        await this.#context.openSession(sessionId);
      }
      const set = await client.setPermissionMode(sessionId, { agent_id: agentId, permission_mode: mode });
      if (this.#context.activeSessionId() !== sessionId) return;
      const state: PermissionModeState = { mode: set.permission_mode, source: set.source };
      this.#context.dispatch({ type: "SET_PERMISSION_MODE", agentId: set.agent_id, mode: state });
    } catch (error) {
      this.#context.failed("Could not change the permission mode", error);
    }
  }

  /** Summarizes the agent's older messages now; refused (with the server's reason) while it is busy. */
  async compact(instructions?: string): Promise<void> {
    const sessionId = this.#context.activeSessionId();
    if (sessionId === undefined) return;
    const request = {
      agent_id: this.#context.agentId,
      ...(instructions !== undefined && instructions.trim() !== "" && { instructions }),
    };
    try {
      await this.#context.client.compact(sessionId, request);
    } catch (error) {
      this.#context.failed("Could not compact the conversation", error);
    }
  }

  #decidePlan(messageId: string, send: () => Promise<PlanActionResponse>): Promise<InteractionOutcome> {
    return this.#answer("Could not answer the plan", send, {
      done: (response) => ({ type: "APPLY_PLAN_DECISION", messageId, decision: response.decision }),
      conflict: (details) => {
        const decision = isPlainObject(details) ? planDecisionOf(details.decision) : undefined;
        return decision === undefined ? undefined : { type: "APPLY_PLAN_DECISION", messageId, decision };
      },
    });
  }

  /**
   * Sends an answer and shows its effect on the card. A 409 is the answer of another tab (or an earlier
   * click) winning: the card shows that first answer and no error is recorded.
   */
  async #answer<T>(
    what: string,
    send: () => Promise<T>,
    apply: { done: (response: T) => ChatAction; conflict: (details: unknown) => ChatAction | undefined },
  ): Promise<InteractionOutcome> {
    const sessionId = this.#context.activeSessionId();
    const show = (action: ChatAction | undefined) => {
      if (action !== undefined && this.#context.activeSessionId() === sessionId)
        this.#context.dispatch(action);
    };
    try {
      show(apply.done(await send()));
      return { status: "done" };
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 409) {
        show(apply.conflict(error.body?.error.details));
        return { status: "conflict", message: error.body?.error.message ?? error.message };
      }
      this.#context.failed(what, error);
      const body = error instanceof ApiRequestError ? error.body : undefined;
      return {
        status: "failed",
        message: body?.error.message ?? describe(error),
        issues: body?.error.issues ?? [],
      };
    }
  }
}

/** The first answer a 409 for a question carries, as an action for its card. */
function questionConflict(questionId: string, details: unknown): ChatAction | undefined {
  const record = dataRecord(details);
  const state = record.state;
  if (state !== "answered" && state !== "cancelled" && state !== "expired") return undefined;
  const answers = Array.isArray(record.answers)
    ? record.answers.filter((answer) => AskUserAnswerSchema.safeParse(answer).success)
    : [];
  return {
    type: "APPLY_QUESTION_ANSWER",
    questionId,
    state,
    answers: answers as AskUserAnswer[],
    ...(typeof record.answered_at_ms === "number" && { answeredAtMs: record.answered_at_ms }),
  };
}

function planDecisionOf(value: unknown): PlanDecision | undefined {
  const parsed = PlanDecisionSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}
