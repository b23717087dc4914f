import type { AgentRun, KnownFields, RunKind, RunStatus } from "@parley/protocol";
import { unpackNullable, unpackText } from "./packed-text.ts";
import type { StoreDatabase } from "./store-database.ts";
import type { TextStore } from "./text-store.ts";

/**
 * A run as stored: its prompt and answer may be packed (see packed-text.ts, rows written before
 * issue 18's last step) or, when long, kept with the session's texts (see text-store.ts).
 */
type RunRow = Record<string, unknown> & {
  prompt: string | Buffer;
  result: string | Buffer | null;
  prompt_text_id: number | null;
  result_text_id: number | null;
  tokens_after_seq: number;
};

/** Agent runs and the SDK messages each emitted. */
export class RunStore {
  readonly #texts: TextStore;
  readonly #logHead: () => number;
  readonly #sessionOf;
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

  /** `logHead`: a seq the event log appends above from now on (a run's token rows are read from it). */
  constructor(database: StoreDatabase, texts: TextStore, logHead: () => number) {
    this.#texts = texts;
    this.#logHead = logHead;
    this.#sessionOf = database.prepare("SELECT session_id FROM runs WHERE id = ?").pluck();
    this.#insert = database.prepare(
      `INSERT INTO runs (id, session_id, agent_id, parent_run_id, status, model, prompt, prompt_text_id,
                         started_at_ms, kind, tool_use_id, description, tokens_after_seq)
       VALUES (@id, @session_id, @agent_id, @parent_run_id, @status, @model, @prompt, @prompt_text_id,
               @started_at_ms, @kind, @tool_use_id, @description, @tokens_after_seq)`,
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
      `UPDATE runs SET status = @status, ended_at_ms = @ended_at_ms, result = @result,
                       result_text_id = @result_text_id, error = @error
       WHERE id = @id AND status = 'running'`,
    );
    this.#running = database.prepare("SELECT * FROM runs WHERE status = 'running'");
    this.#appendMessage = database.prepare(
      "INSERT INTO run_messages (run_id, position, message, text_id, text_at) VALUES (?, ?, ?, ?, ?)",
    );
    this.#nextMessage = database.prepare(
      "SELECT COALESCE(MAX(position) + 1, 0) AS next FROM run_messages WHERE run_id = ?",
    );
    this.#messages = database.prepare(
      "SELECT message, text_id, text_at FROM run_messages WHERE run_id = ? ORDER BY position",
    );
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
    const prompt = this.#texts.storeWhole(stored.session_id, stored.prompt);
    // Every event of the run comes after this: its token rows are read by seq from here (`framesOfRun`).
    const tokensAfterSeq = this.#logHead();
    this.#insert.run({
      ...stored,
      prompt: prompt.stored,
      prompt_text_id: prompt.textId,
      tokens_after_seq: tokensAfterSeq,
    });
    return stored;
  }

  get(id: string): AgentRun | undefined {
    const row = this.#get.get(id) as RunRow | undefined;
    return row && this.#fromRow(row);
  }

  listBySession(sessionId: string): AgentRun[] {
    return (this.#bySession.all(sessionId) as RunRow[]).map(this.#fromRow);
  }

  listByProject(projectRoot: string): AgentRun[] {
    return (this.#all.all(projectRoot) as RunRow[]).map(this.#fromRow);
  }

  children(runId: string): AgentRun[] {
    return (this.#children.all(runId) as RunRow[]).map(this.#fromRow);
  }

  /** Ends a running run; returns false when it had already ended (so an outcome is recorded once). */
  finish(
    id: string,
    outcome: { status: Exclude<RunStatus, "running">; endedAtMs: number; result?: string; error?: string },
  ) {
    const sessionId = this.#sessionOf.get(id) as string | undefined;
    const result =
      outcome.result === undefined || sessionId === undefined
        ? { stored: outcome.result ?? null, textId: null }
        : this.#texts.storeWhole(sessionId, outcome.result);
    return (
      this.#finish.run({
        id,
        status: outcome.status,
        ended_at_ms: outcome.endedAtMs,
        result: result.stored,
        result_text_id: result.textId,
        error: outcome.error ?? null,
      }).changes > 0
    );
  }

  /** Runs still marked running, e.g. after the server was killed mid-run. */
  running(): AgentRun[] {
    return (this.#running.all() as RunRow[]).map(this.#fromRow);
  }

  appendMessage(runId: string, message: unknown): void {
    const { next } = this.#nextMessage.get(runId) as { next: number };
    const sessionId = (this.#sessionOf.get(runId) as string | undefined) ?? null;
    const { stored, textId, at } = this.#texts.store(sessionId, message, JSON.stringify(message));
    this.#appendMessage.run(runId, next, stored, textId, at);
  }

  messages(runId: string): unknown[] {
    const rows = this.#messages.all(runId) as {
      message: string | Buffer;
      text_id: number | null;
      text_at: number | null;
    }[];
    return rows.map((row) => JSON.parse(this.#texts.restore(row.message, row.text_id, row.text_at)));
  }

  readonly #fromRow = (row: RunRow): AgentRun => {
    const { prompt, result, prompt_text_id, result_text_id, tokens_after_seq, ...run } = row;
    return {
      ...run,
      prompt: prompt_text_id === null ? unpackText(prompt) : this.#texts.text(prompt_text_id),
      result: result_text_id === null ? unpackNullable(result) : this.#texts.text(result_text_id),
    } as AgentRun;
  };
}
