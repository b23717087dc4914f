import type { AskUserAnswer, AskUserQuestion, KnownFields, PendingQuestion } from "@parley/protocol";
import type { StoreDatabase } from "./store-database.ts";

/** Where a question stands: only a `pending` one can be answered. */
export type QuestionState = "pending" | "answered" | "cancelled" | "expired";

/** A stored AskUser question and, once given, its answer. */
export interface StoredQuestion extends PendingQuestion {
  session_id: string;
  answers: AskUserAnswer[] | null;
  answered_at_ms: number | null;
  state: QuestionState;
  /** The AskUserQuestion call that asked it (tool questions only). */
  tool_use_id?: string;
}

type NewQuestion = Omit<KnownFields<StoredQuestion>, "answers" | "answered_at_ms" | "state">;

/** AskUser questions, answered (or withdrawn) exactly once each. */
export class QuestionStore {
  readonly #insert;
  readonly #get;
  readonly #pending;
  readonly #byRun;
  readonly #answer;
  readonly #close;

  constructor(database: StoreDatabase) {
    this.#insert = database.prepare(
      `INSERT INTO ask_user_questions
         (question_id, session_id, agent_id, run_id, questions, asked_at_ms, message_id, tool_use_id, source)
       VALUES (@question_id, @session_id, @agent_id, @run_id, @questions, @asked_at_ms, @message_id,
         @tool_use_id, @source)`,
    );
    this.#get = database.prepare("SELECT * FROM ask_user_questions WHERE question_id = ?");
    this.#pending = database.prepare(
      "SELECT * FROM ask_user_questions WHERE session_id = ? AND state = 'pending' ORDER BY asked_at_ms, rowid",
    );
    this.#byRun = database.prepare(
      "SELECT * FROM ask_user_questions WHERE run_id = ? ORDER BY asked_at_ms, rowid",
    );
    this.#answer = database.prepare(
      `UPDATE ask_user_questions SET answers = ?, answered_at_ms = ?, state = 'answered'
       WHERE question_id = ? AND state = 'pending'`,
    );
    this.#close = database.prepare(
      "UPDATE ask_user_questions SET state = ?, answered_at_ms = ? WHERE question_id = ? AND state = 'pending'",
    );
  }

  ask(question: NewQuestion): void {
    this.#insert.run({
      ...question,
      questions: JSON.stringify(question.questions),
      message_id: question.message_id ?? null,
      tool_use_id: question.tool_use_id ?? null,
      source: question.source ?? null,
    });
  }

  get(questionId: string): StoredQuestion | undefined {
    const row = this.#get.get(questionId) as QuestionRow | undefined;
    return row && fromQuestionRow(row);
  }

  /** A session's questions waiting for an answer, oldest first. */
  pending(sessionId: string): StoredQuestion[] {
    return (this.#pending.all(sessionId) as QuestionRow[]).map(fromQuestionRow);
  }

  /** A run's questions, oldest first. */
  byRun(runId: string): StoredQuestion[] {
    return (this.#byRun.all(runId) as QuestionRow[]).map(fromQuestionRow);
  }

  /** Records the answer; false when the question was no longer pending. */
  answer(questionId: string, answers: AskUserAnswer[], nowMs: number): boolean {
    return this.#answer.run(JSON.stringify(answers), nowMs, questionId).changes > 0;
  }

  /** Withdraws a pending question (its run stopped, or it can no longer be answered); false if not pending. */
  close(questionId: string, state: "cancelled" | "expired", nowMs: number): boolean {
    return this.#close.run(state, nowMs, questionId).changes > 0;
  }
}

interface QuestionRow {
  question_id: string;
  session_id: string;
  agent_id: string;
  run_id: string | null;
  questions: string;
  asked_at_ms: number;
  answers: string | null;
  answered_at_ms: number | null;
  message_id: string | null;
  tool_use_id: string | null;
  source: "tool" | "text" | null;
  state: QuestionState;
}

function fromQuestionRow(row: QuestionRow): StoredQuestion {
  const { message_id, tool_use_id, source, ...rest } = row;
  return {
    ...rest,
    questions: JSON.parse(row.questions) as AskUserQuestion[],
    answers: row.answers === null ? null : (JSON.parse(row.answers) as AskUserAnswer[]),
    ...(message_id !== null && { message_id }),
    ...(tool_use_id !== null && { tool_use_id }),
    ...(source !== null && { source }),
  };
}
