import type { AgentRun, KnownFields, RunKind, RunStatus } from "@parley/protocol";
import type { SqliteDatabase } from "./database.ts";
import { packText, unpackNullable, unpackText } from "./packed-text.ts";

/** A run as stored: its prompt and answer may be packed (see packed-text.ts). */
type RunRow = Record<string, unknown> & { prompt: string | Buffer; result: string | Buffer | null };

function fromRow(row: RunRow): AgentRun {
  return { ...row, prompt: unpackText(row.prompt), result: unpackNullable(row.result) } as AgentRun;
}

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
    this.#insert.run({ ...stored, prompt: packText(stored.prompt) });
    return stored;
  }

  get(id: string): AgentRun | undefined {
    const row = this.#get.get(id) as RunRow | undefined;
    return row && fromRow(row);
  }

  listBySession(sessionId: string): AgentRun[] {
    return (this.#bySession.all(sessionId) as RunRow[]).map(fromRow);
  }

  listByProject(projectRoot: string): AgentRun[] {
    return (this.#all.all(projectRoot) as RunRow[]).map(fromRow);
  }

  children(runId: string): AgentRun[] {
    return (this.#children.all(runId) as RunRow[]).map(fromRow);
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
        result: outcome.result === undefined ? null : packText(outcome.result),
        error: outcome.error ?? null,
      }).changes > 0
    );
  }

  /** Runs still marked running, e.g. after the server was killed mid-run. */
  running(): AgentRun[] {
    return (this.#running.all() as RunRow[]).map(fromRow);
  }

  appendMessage(runId: string, message: unknown): void {
    const { next } = this.#nextMessage.get(runId) as { next: number };
    this.#appendMessage.run(runId, next, packText(JSON.stringify(message)));
  }

  messages(runId: string): unknown[] {
    const rows = this.#messages.all(runId) as { message: string | Buffer }[];
    return rows.map((row) => JSON.parse(unpackText(row.message)));
  }
}
