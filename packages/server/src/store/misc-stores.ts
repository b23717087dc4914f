import type {
  AgentOverride,
  AskUserAnswer,
  AskUserQuestion,
  KnownFields,
  Mission,
  PendingQuestion,
} from "@parley/protocol";
import type { SqliteDatabase } from "./database.ts";

/** First responses to chat requests, keyed by client_message_id, so a retried POST never runs twice. */
export class ChatRequestStore {
  readonly #get;
  readonly #put;

  constructor(database: SqliteDatabase) {
    this.#get = database.prepare("SELECT response FROM chat_requests WHERE client_message_id = ?");
    this.#put = database.prepare(
      "INSERT INTO chat_requests (client_message_id, response, created_at_ms) VALUES (?, ?, ?)",
    );
  }

  get<T>(clientMessageId: string): T | undefined {
    const row = this.#get.get(clientMessageId) as { response: string } | undefined;
    return row && (JSON.parse(row.response) as T);
  }

  put(clientMessageId: string, response: unknown, nowMs: number): void {
    this.#put.run(clientMessageId, JSON.stringify(response), nowMs);
  }
}

/** A stored AskUser question and, once given, its answer. */
export interface StoredQuestion extends PendingQuestion {
  session_id: string;
  answers: AskUserAnswer[] | null;
  answered_at_ms: number | null;
}

/** AskUser questions, answered exactly once each. */
export class QuestionStore {
  readonly #insert;
  readonly #get;
  readonly #pending;
  readonly #answer;

  constructor(database: SqliteDatabase) {
    this.#insert = database.prepare(
      `INSERT INTO ask_user_questions (question_id, session_id, agent_id, run_id, questions, asked_at_ms)
       VALUES (?, ?, ?, ?, ?, ?)`,
    );
    this.#get = database.prepare("SELECT * FROM ask_user_questions WHERE question_id = ?");
    this.#pending = database.prepare(
      "SELECT * FROM ask_user_questions WHERE session_id = ? AND answers IS NULL ORDER BY asked_at_ms",
    );
    this.#answer = database.prepare(
      "UPDATE ask_user_questions SET answers = ?, answered_at_ms = ? WHERE question_id = ? AND answers IS NULL",
    );
  }

  ask(question: Omit<KnownFields<StoredQuestion>, "answers" | "answered_at_ms">): void {
    this.#insert.run(
      question.question_id,
      question.session_id,
      question.agent_id,
      question.run_id,
      JSON.stringify(question.questions),
      question.asked_at_ms,
    );
  }

  get(questionId: string): StoredQuestion | undefined {
    const row = this.#get.get(questionId) as QuestionRow | undefined;
    return row && fromQuestionRow(row);
  }

  pending(sessionId: string): StoredQuestion[] {
    return (this.#pending.all(sessionId) as QuestionRow[]).map(fromQuestionRow);
  }

  /** Records the answer; false when the question was already answered. */
  answer(questionId: string, answers: AskUserAnswer[], nowMs: number): boolean {
    return this.#answer.run(JSON.stringify(answers), nowMs, questionId).changes > 0;
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
}

function fromQuestionRow(row: QuestionRow): StoredQuestion {
  return {
    ...row,
    questions: JSON.parse(row.questions) as AskUserQuestion[],
    answers: row.answers === null ? null : (JSON.parse(row.answers) as AskUserAnswer[]),
  };
}

/** Project missions: at most one active (not cleared) at a time. */
export class MissionStore {
  readonly #active;
  readonly #history;
  readonly #insert;
  readonly #clear;

  constructor(database: SqliteDatabase) {
    this.#active = database.prepare(
      "SELECT * FROM missions WHERE project_root = ? AND cleared_at_ms IS NULL ORDER BY created_at_ms DESC LIMIT 1",
    );
    this.#history = database.prepare(
      "SELECT * FROM missions WHERE project_root = ? ORDER BY created_at_ms DESC, rowid DESC",
    );
    this.#insert = database.prepare(
      "INSERT INTO missions (id, project_root, text, created_at_ms, cleared_at_ms) VALUES (?, ?, ?, ?, NULL)",
    );
    this.#clear = database.prepare(
      "UPDATE missions SET cleared_at_ms = ? WHERE project_root = ? AND cleared_at_ms IS NULL",
    );
  }

  active(projectRoot: string): Mission | null {
    return (this.#active.get(projectRoot) as Mission | undefined) ?? null;
  }

  history(projectRoot: string): Mission[] {
    return this.#history.all(projectRoot) as Mission[];
  }

  /** Sets the active mission, clearing the previous one. Call inside a transaction. */
  set(mission: Omit<KnownFields<Mission>, "cleared_at_ms">): Mission {
    this.#clear.run(mission.created_at_ms, mission.project_root);
    this.#insert.run(mission.id, mission.project_root, mission.text, mission.created_at_ms);
    return { ...mission, cleared_at_ms: null };
  }

  /** Clears the active mission and returns it (null when there was none). */
  clear(projectRoot: string, nowMs: number): Mission | null {
    const active = this.active(projectRoot);
    if (active === null) return null;
    this.#clear.run(nowMs, projectRoot);
    return { ...active, cleared_at_ms: nowMs };
  }
}

/** Per-agent overrides of the project's settings. */
export class AgentOverrideStore {
  readonly #get;
  readonly #put;

  constructor(database: SqliteDatabase) {
    this.#get = database.prepare(
      "SELECT override FROM agent_overrides WHERE project_root = ? AND agent_id = ?",
    );
    this.#put = database.prepare(
      `INSERT INTO agent_overrides (project_root, agent_id, override, updated_at_ms) VALUES (?, ?, ?, ?)
       ON CONFLICT (project_root, agent_id) DO UPDATE SET override = excluded.override,
       updated_at_ms = excluded.updated_at_ms`,
    );
  }

  get(projectRoot: string, agentId: string): AgentOverride | null {
    const row = this.#get.get(projectRoot, agentId) as { override: string } | undefined;
    return row ? (JSON.parse(row.override) as AgentOverride) : null;
  }

  put(override: AgentOverride): AgentOverride {
    this.#put.run(override.project_root, override.agent_id, JSON.stringify(override), override.updated_at_ms);
    return override;
  }
}
