import { randomBytes } from "node:crypto";
import type {
  AskUserAnswer,
  AskUserQuestion,
  AskUserResponse,
  AskUserResponseRequest,
} from "@parley/protocol";
import type { MessagePublisher, MessageScope } from "../agents/context/message-publisher.ts";
import type { EventBus } from "../bus/event-bus.ts";
import { forwardToRunOwner } from "../cluster/run-owner-signals.ts";
import { ApiError } from "../http/api-error.ts";
import type { StoredQuestion } from "../store/question-store.ts";
import type { Store } from "../store/store.ts";
import { answerText, checkAnswers, questionCardData } from "./question-card.ts";
import { Waiters } from "./waiters.ts";

/** What the desk needs from the server. */
export interface QuestionDeskContext {
  store: Store;
  bus: EventBus;
  publisher: MessagePublisher;
  projectRoot: string;
  now: () => number;
  /** Continues a conversation whose question was answered while no run waited (after a restart). */
  resume: (sessionId: string, agentId: string) => string | undefined;
  /** Sends the answer to a question the agent wrote in its text, as the next chat message. */
  send: (sessionId: string, agentId: string, text: string) => { runId?: string; messageId?: string };
  closing: () => boolean;
}

/** A question to put in front of the user. */
export interface QuestionToAsk {
  scope: MessageScope;
  questions: AskUserQuestion[];
  source: "tool" | "text";
  /** The AskUserQuestion call (tool questions). */
  toolUseId?: string;
  /** Turn this stored message (the agent's text) into the Question card instead of adding one. */
  messageId?: string;
}

/** An unguessable, single-use question id. */
export function newQuestionId(): string {
  return `q_${randomBytes(16).toString("hex")}`;
}

/**
 * AskUser questions: a Question card and an AskUser event per request, stored durably; answered exactly once
 * (`POST /api/ask-user-response`), after which the answer is added to the chat as a user message, the card
 * is marked answered in every tab, and the agent continues with it.
 */
export class QuestionDesk {
  readonly #context: QuestionDeskContext;
  readonly #waiters = new Waiters<AskUserAnswer[]>();

  constructor(context: QuestionDeskContext) {
    this.#context = context;
  }

  /** Inside a unit of work: stores the question and its card and announces them; returns the question id. */
  ask(question: QuestionToAsk): string {
    const { store, bus, publisher, now, projectRoot } = this.#context;
    const questionId = newQuestionId();
    const rich = {
      kind: "Question",
      data: questionCardData(question.questions, questionId, question.source, question.toolUseId),
    };
    const content = question.questions[0]?.question ?? "";
    let messageId = question.messageId;
    if (messageId === undefined) messageId = publisher.append(question.scope, "assistant", rich, content);
    else publisher.update(messageId, rich, content);
    store.questions.ask({
      question_id: questionId,
      session_id: question.scope.sessionId,
      agent_id: question.scope.agentId,
      run_id: question.scope.runId,
      questions: question.questions,
      asked_at_ms: now(),
      message_id: messageId,
      source: question.source,
      ...(question.toolUseId !== undefined && { tool_use_id: question.toolUseId }),
    });
    bus.publish({
      type: "AskUser",
      agent_id: question.scope.agentId,
      question_id: questionId,
      questions: question.questions,
      message_id: messageId,
      source: question.source,
      ...(question.toolUseId !== undefined && { tool_use_id: question.toolUseId }),
      ...(question.scope.runId !== null && { run_id: question.scope.runId }),
      session_id: question.scope.sessionId,
      project_root: projectRoot,
    });
    return questionId;
  }

  /** Waits for the answer; an abort withdraws the question unless the server is stopping. */
  async wait(questionId: string, signal: AbortSignal, interrupting: () => boolean): Promise<AskUserAnswer[]> {
    const answered = this.#waiters.wait(questionId);
    const onAbort = () => {
      if (!interrupting()) this.withdraw([questionId], "cancelled");
      this.#waiters.fail(questionId, new Error("the run stopped before the question was answered"));
    };
    if (signal.aborted) onAbort();
    else signal.addEventListener("abort", onAbort, { once: true });
    try {
      return await answered;
    } finally {
      signal.removeEventListener("abort", onAbort);
    }
  }

  /** `POST /api/ask-user-response`: records the answer exactly once and lets the agent continue with it. */
  answer(body: AskUserResponseRequest): AskUserResponse {
    const { store, bus, publisher, now } = this.#context;
    if (this.#context.closing())
      throw new ApiError("unavailable", "Parley is shutting down; answer after it restarts");
    const recorded = store.transaction(() => {
      const question = store.questions.get(body.question_id);
      if (question === undefined) throw ApiError.notFound("question", body.question_id);
      if (question.state !== "pending") throw alreadySettled(question);
      checkAnswers(question.questions, body.answers);
      const answeredAt = now();
      store.questions.answer(question.question_id, body.answers, answeredAt);
      if (question.message_id !== undefined) {
        publisher.patchData(
          question.message_id,
          (data) => ({
            ...data,
            status: "answered",
            answers: body.answers,
            answered_at: new Date(answeredAt).toISOString(),
          }),
          (data) => String(data.question ?? ""),
        );
      }
      const text = answerText(question.questions, body.answers);
      const messageId =
        question.source === "text"
          ? undefined
          : publisher.append(
              { sessionId: question.session_id, agentId: question.agent_id, runId: question.run_id },
              "user",
              { kind: "Text", data: { text, question_id: question.question_id } },
              text,
            );
      return { question, text, answeredAt, messageId };
    });
    bus.flush();
    const { question, text, answeredAt } = recorded;
    let runId: string | undefined = question.run_id ?? undefined;
    let messageId = recorded.messageId;
    if (question.source === "text") {
      const sent = this.#context.send(question.session_id, question.agent_id, text);
      runId = sent.runId;
      messageId = sent.messageId;
    } else if (
      question.source === "tool" &&
      !this.#waiters.settle(question.question_id, body.answers) &&
      // The run waiting for it may be another server's (several servers on one database): that one takes it.
      !forwardToRunOwner(this.#context.store, question.run_id ?? null, {
        kind: "question_answered",
        question_id: question.question_id,
      })
    ) {
      runId = this.#context.resume(question.session_id, question.agent_id) ?? runId;
    }
    return {
      question_id: body.question_id,
      answers: body.answers,
      answered_at_ms: answeredAt,
      ...(messageId !== undefined && { message_id: messageId }),
      ...(runId !== undefined && { run_id: runId }),
    };
  }

  /** Takes an answer another server stored for a run of this one (see `forwardToRunOwner`). */
  answeredElsewhere(questionId: string): void {
    const question = this.#context.store.questions.get(questionId);
    if (question?.answers === null || question?.answers === undefined) return;
    if (!this.#waiters.settle(questionId, question.answers))
      this.#context.resume(question.session_id, question.agent_id);
  }

  /** Withdraws pending questions; returns those withdrawn. */
  withdraw(ids: readonly string[], state: "cancelled" | "expired"): string[] {
    const { store, publisher, now } = this.#context;
    const withdrawn = store.transaction(() =>
      ids.filter((id) => {
        if (!store.questions.close(id, state, now())) return false;
        const question = store.questions.get(id) as StoredQuestion;
        if (question.message_id !== undefined) {
          publisher.patchData(
            question.message_id,
            (data) => ({ ...data, status: state }),
            (data) => String(data.question ?? ""),
          );
        }
        return true;
      }),
    );
    for (const id of withdrawn) this.#waiters.fail(id, new Error(`the question was ${state}`));
    return withdrawn;
  }
}

function alreadySettled(question: StoredQuestion): ApiError {
  const message =
    question.state === "answered"
      ? "this question was already answered"
      : `this question was ${question.state} and can no longer be answered`;
  return new ApiError("conflict", message, {
    details: {
      question_id: question.question_id,
      state: question.state,
      answers: question.answers,
      answered_at_ms: question.answered_at_ms,
    },
  });
}
