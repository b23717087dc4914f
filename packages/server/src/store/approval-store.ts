import type {
  Approval,
  ApprovalDecision,
  ApprovalState,
  JsonObject,
  KnownFields,
  PermissionRuleSpec,
} from "@parley/protocol";
import type { StoreDatabase } from "./store-database.ts";

interface ApprovalRow {
  id: string;
  session_id: string;
  agent_id: string;
  run_id: string;
  message_id: string;
  tool_use_id: string;
  parent_tool_use_id: string | null;
  tool_name: string;
  input: string;
  headline: string;
  reason: string;
  suggested_rule: string | null;
  blocked_path: string | null;
  state: ApprovalState;
  decision: ApprovalDecision | null;
  feedback: string | null;
  updated_input: string | null;
  created_at_ms: number;
  answered_at_ms: number | null;
}

/** A person's answer to a pending approval. */
export interface ApprovalAnswer {
  decision: ApprovalDecision;
  feedback: string | null;
  updatedInput: JsonObject | null;
  answeredAtMs: number;
}

/**
 * Tool calls waiting for a person's approval, and how each was answered. Every state change is a
 * conditional update from `pending`, so an approval is answered (or withdrawn) exactly once.
 */
export class ApprovalStore {
  readonly #insert;
  readonly #get;
  readonly #answer;
  readonly #close;
  readonly #bySession;
  readonly #bySessionAndState;
  readonly #byProject;
  readonly #byProjectAndState;
  readonly #byRun;

  constructor(database: StoreDatabase) {
    this.#insert = database.prepare(
      `INSERT INTO approvals (id, session_id, agent_id, run_id, message_id, tool_use_id, parent_tool_use_id,
         tool_name, input, headline, reason, suggested_rule, blocked_path, state, created_at_ms)
       VALUES (@id, @session_id, @agent_id, @run_id, @message_id, @tool_use_id, @parent_tool_use_id,
         @tool_name, @input, @headline, @reason, @suggested_rule, @blocked_path, 'pending', @created_at_ms)`,
    );
    this.#get = database.prepare("SELECT * FROM approvals WHERE id = ?");
    this.#answer = database.prepare(
      `UPDATE approvals SET state = @state, decision = @decision, feedback = @feedback,
         updated_input = @updated_input, answered_at_ms = @answered_at_ms
       WHERE id = @id AND state = 'pending'`,
    );
    this.#close = database.prepare(
      "UPDATE approvals SET state = ?, answered_at_ms = ? WHERE id = ? AND state = 'pending'",
    );
    this.#bySession = database.prepare(
      "SELECT * FROM approvals WHERE session_id = ? ORDER BY created_at_ms, rowid",
    );
    this.#bySessionAndState = database.prepare(
      "SELECT * FROM approvals WHERE session_id = ? AND state = ? ORDER BY created_at_ms, rowid",
    );
    const project = `SELECT approvals.* FROM approvals JOIN sessions ON sessions.id = approvals.session_id
       WHERE sessions.project_root = ?`;
    this.#byProject = database.prepare(`${project} ORDER BY approvals.created_at_ms, approvals.rowid`);
    this.#byProjectAndState = database.prepare(
      `${project} AND approvals.state = ? ORDER BY approvals.created_at_ms, approvals.rowid`,
    );
    this.#byRun = database.prepare("SELECT * FROM approvals WHERE run_id = ? ORDER BY created_at_ms, rowid");
  }

  /** Records a new pending approval. */
  create(
    approval: Omit<
      KnownFields<Approval>,
      "state" | "decision" | "feedback" | "updated_input" | "answered_at_ms"
    >,
  ): Approval {
    this.#insert.run({
      ...approval,
      input: JSON.stringify(approval.input),
      suggested_rule: approval.suggested_rule === null ? null : JSON.stringify(approval.suggested_rule),
    });
    return {
      ...approval,
      state: "pending",
      decision: null,
      feedback: null,
      updated_input: null,
      answered_at_ms: null,
    };
  }

  get(id: string): Approval | undefined {
    const row = this.#get.get(id) as ApprovalRow | undefined;
    return row && fromRow(row);
  }

  /** Records the answer of a pending approval; false when it was no longer pending. */
  answer(id: string, answer: ApprovalAnswer): boolean {
    return (
      this.#answer.run({
        id,
        state: answer.decision === "reject" ? "rejected" : "approved",
        decision: answer.decision,
        feedback: answer.feedback,
        updated_input: answer.updatedInput === null ? null : JSON.stringify(answer.updatedInput),
        answered_at_ms: answer.answeredAtMs,
      }).changes > 0
    );
  }

  /** Withdraws a pending approval (its run stopped, or it can no longer be carried out). */
  close(id: string, state: "cancelled" | "expired", nowMs: number): boolean {
    return this.#close.run(state, nowMs, id).changes > 0;
  }

  /** A session's approvals (optionally in one state), oldest first. */
  bySession(sessionId: string, state?: ApprovalState): Approval[] {
    const rows =
      state === undefined ? this.#bySession.all(sessionId) : this.#bySessionAndState.all(sessionId, state);
    return (rows as ApprovalRow[]).map(fromRow);
  }

  /** The project's approvals (optionally in one state), oldest first. */
  byProject(projectRoot: string, state?: ApprovalState): Approval[] {
    const rows =
      state === undefined
        ? this.#byProject.all(projectRoot)
        : this.#byProjectAndState.all(projectRoot, state);
    return (rows as ApprovalRow[]).map(fromRow);
  }

  /** A run's approvals, oldest first. */
  byRun(runId: string): Approval[] {
    return (this.#byRun.all(runId) as ApprovalRow[]).map(fromRow);
  }
}

function fromRow(row: ApprovalRow): Approval {
  return {
    ...row,
    input: JSON.parse(row.input) as JsonObject,
    suggested_rule:
      row.suggested_rule === null ? null : (JSON.parse(row.suggested_rule) as PermissionRuleSpec),
    updated_input: row.updated_input === null ? null : (JSON.parse(row.updated_input) as JsonObject),
  };
}
