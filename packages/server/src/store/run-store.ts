import type { AgentRun, KnownFields, RunKind, RunStatus } from "@parley/protocol";
import type { SqliteDatabase } from "./database.ts";

/** Agent runs and the SDK messages each emitted. */
export class RunStore {
  readonly #insert;
  readonly #get;
  readonly #bySession;
  readonly #all;
  readonly #children;
  readonly #finish;
  readonly #running;
  readonly #appendMessage;
  readonly #nextMessage;
  readonly #messages;
  readonly #setModel;

  constructor(database: SqliteDatabase) {
    this.#insert = database.prepare(
      `INSERT INTO runs (id, session_id, agent_id, parent_run_id, status, model, prompt, started_at_ms, kind,
                         tool_use_id, description)
       VALUES (@id, @session_id, @agent_id, @parent_run_id, @status, @model, @prompt, @started_at_ms, @kind,
               @tool_use_id, @description)`,
    );
    this.#get = database.prepare("SELECT * FROM runs WHERE id = ?");
    this.#bySession = database.prepare(
      "SELECT * FROM runs WHERE session_id = ? ORDER BY started_at_ms, rowid",
    );
    this.#all = database.prepare(
      `SELECT runs.* FROM runs JOIN sessions ON sessions.id = runs.session_id
       WHERE sessions.project_root = ? ORDER BY runs.started_at_ms, runs.rowid`,
    );
    this.#children = database.prepare(
      "SELECT * FROM runs WHERE parent_run_id = ? ORDER BY started_at_ms, rowid",
    );
    this.#finish = database.prepare(
      `UPDATE runs SET status = @status, ended_at_ms = @ended_at_ms, result = @result, error = @error
       WHERE id = @id AND status = 'running'`,
    );
    this.#running = database.prepare("SELECT * FROM runs WHERE status = 'running'");
    this.#appendMessage = database.prepare(
      "INSERT INTO run_messages (run_id, position, message) VALUES (?, ?, ?)",
    );
    this.#nextMessage = database.prepare(
      "SELECT COALESCE(MAX(position) + 1, 0) AS next FROM run_messages WHERE run_id = ?",
    );
    this.#messages = database.prepare("SELECT message FROM run_messages WHERE run_id = ? ORDER BY position");
    this.#setModel = database.prepare("UPDATE runs SET model = ? WHERE id = ?");
  }

  /** Records the model a run resolved to (known only once settings are read). */
  setModel(id: string, model: string): void {
    this.#setModel.run(model, id);
  }

  start(
    run: Omit<KnownFields<AgentRun>, "status" | "ended_at_ms" | "result" | "error" | "kind"> & {
      kind?: RunKind;
    },
  ): AgentRun {
    const stored: AgentRun = {
      ...run,
      kind: run.kind ?? (run.parent_run_id === null ? "turn" : "subagent"),
      tool_use_id: run.tool_use_id ?? null,
      description: run.description ?? null,
      status: "running",
      ended_at_ms: null,
      result: null,
      error: null,
    };
    this.#insert.run(stored);
    return stored;
  }

  get(id: string): AgentRun | undefined {
    return this.#get.get(id) as AgentRun | undefined;
  }

  listBySession(sessionId: string): AgentRun[] {
    return this.#bySession.all(sessionId) as AgentRun[];
  }

  listByProject(projectRoot: string): AgentRun[] {
    return this.#all.all(projectRoot) as AgentRun[];
  }

  children(runId: string): AgentRun[] {
    return this.#children.all(runId) as AgentRun[];
  }

  /** Ends a running run; returns false when it had already ended (so an outcome is recorded once). */
  finish(
    id: string,
    outcome: { status: Exclude<RunStatus, "running">; endedAtMs: number; result?: string; error?: string },
  ) {
    return (
      this.#finish.run({
        id,
        status: outcome.status,
        ended_at_ms: outcome.endedAtMs,
        result: outcome.result ?? null,
        error: outcome.error ?? null,
      }).changes > 0
    );
  }

  /** Runs still marked running, e.g. after the server was killed mid-run. */
  running(): AgentRun[] {
    return this.#running.all() as AgentRun[];
  }

  appendMessage(runId: string, message: unknown): void {
    const { next } = this.#nextMessage.get(runId) as { next: number };
    this.#appendMessage.run(runId, next, JSON.stringify(message));
  }

  messages(runId: string): unknown[] {
    return (this.#messages.all(runId) as { message: string }[]).map((row) => JSON.parse(row.message));
  }
}
