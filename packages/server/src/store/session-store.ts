import type { AgentBackend, SessionSummary } from "@parley/protocol";
import type { StoreDatabase } from "./store-database.ts";

/** The columns of a session as the API shows it (`untitled` is the store's own). */
const SUMMARY_COLUMNS =
  "id, project_root, title, created_at_ms, updated_at_ms, backend, backend_model, backend_agent, backend_reported_model, origin";

/** Sessions of a project: a titled conversation with one or more agents. */
export class SessionStore {
  readonly #insert;
  readonly #nameUntitled;
  readonly #get;
  readonly #list;
  readonly #rename;
  readonly #touch;
  readonly #delete;
  readonly #backendSession;
  readonly #setBackendSession;
  readonly #setReportedModel;
  readonly #mirror;
  readonly #mirrors;
  readonly #setMirrored;

  constructor(database: StoreDatabase) {
    this.#insert = database.prepare(
      `INSERT INTO sessions
         (id, project_root, title, created_at_ms, updated_at_ms, untitled, backend, backend_model, backend_agent,
          origin)
       VALUES (@id, @project_root, @title, @created_at_ms, @updated_at_ms, @untitled, @backend, @backend_model,
         @backend_agent, @origin)`,
    );
    this.#nameUntitled = database.prepare(
      "UPDATE sessions SET title = ?, untitled = 0 WHERE id = ? AND untitled = 1",
    );
    this.#get = database.prepare(`SELECT ${SUMMARY_COLUMNS} FROM sessions WHERE id = ?`);
    this.#list = database.prepare(
      `SELECT ${SUMMARY_COLUMNS} FROM sessions WHERE project_root = ?
       ORDER BY updated_at_ms DESC, created_at_ms DESC`,
    );
    this.#rename = database.prepare(
      "UPDATE sessions SET title = ?, untitled = 0, updated_at_ms = ? WHERE id = ?",
    );
    this.#touch = database.prepare("UPDATE sessions SET updated_at_ms = ? WHERE id = ?");
    this.#delete = database.prepare("DELETE FROM sessions WHERE id = ?");
    this.#backendSession = database.prepare("SELECT backend_session_id FROM sessions WHERE id = ?");
    this.#setBackendSession = database.prepare("UPDATE sessions SET backend_session_id = ? WHERE id = ?");
    this.#setReportedModel = database.prepare(
      `UPDATE sessions SET backend_reported_model = ?
       WHERE id = ? AND backend_reported_model IS NOT ?`,
    );
    this.#mirror = database.prepare(
      `SELECT id, mirrored_count FROM sessions
       WHERE project_root = ? AND origin = ? AND backend_session_id = ?`,
    );
    this.#mirrors = database.prepare(
      "SELECT id, backend_session_id FROM sessions WHERE project_root = ? AND origin = ?",
    );
    this.#setMirrored = database.prepare(
      "UPDATE sessions SET mirrored_count = ?, updated_at_ms = ? WHERE id = ?",
    );
  }

  /** Stores a new session; an `untitled` one keeps its placeholder title until `nameUntitled`. */
  create(session: SessionSummary, options: { untitled?: boolean } = {}): SessionSummary {
    const stored = {
      ...session,
      backend: (session.backend ?? "parley") as AgentBackend,
      backend_model: session.backend_model ?? null,
      backend_agent: session.backend_agent ?? null,
      backend_reported_model: null,
      origin: session.origin ?? null,
    };
    this.#insert.run({ ...stored, untitled: options.untitled === true ? 1 : 0 });
    return stored;
  }

  /** The external agent CLI's own id for this session, once its first run has named it. */
  backendSession(id: string): string | null {
    const row = this.#backendSession.get(id) as { backend_session_id: string | null } | undefined;
    return row?.backend_session_id ?? null;
  }

  /** Records the external agent CLI's session id, which the session's next message continues. */
  setBackendSession(id: string, backendSessionId: string): void {
    this.#setBackendSession.run(backendSessionId, id);
  }

  /** Records the model the agent CLI said it answered with; false when it is the one already recorded. */
  setReportedModel(id: string, model: string): boolean {
    return this.#setReportedModel.run(model, id, model).changes > 0;
  }

  /** The session that shows another place's session here (`origin`, and its id there), if there is one. */
  mirrorOf(
    projectRoot: string,
    origin: NonNullable<SessionSummary["origin"]>,
    externalId: string,
  ): { id: string; mirrored_count: number } | undefined {
    const row = this.#mirror.get(projectRoot, origin, externalId) as
      | { id: string; mirrored_count: number | bigint }
      | undefined;
    return row && { id: row.id, mirrored_count: Number(row.mirrored_count) };
  }

  /** Every session of the project shown from elsewhere (`origin`), with its id there. */
  mirrors(
    projectRoot: string,
    origin: NonNullable<SessionSummary["origin"]>,
  ): { id: string; backend_session_id: string }[] {
    return this.#mirrors.all(projectRoot, origin) as { id: string; backend_session_id: string }[];
  }

  /** Records how many of a mirrored session's history messages are stored now, and when it changed. */
  setMirrored(id: string, mirroredCount: number, nowMs: number): void {
    this.#setMirrored.run(mirroredCount, nowMs, id);
  }

  /** Names a session created without a title (from its first message); false when it already has one. */
  nameUntitled(id: string, title: string): boolean {
    return this.#nameUntitled.run(title, id).changes > 0;
  }

  get(id: string): SessionSummary | undefined {
    return this.#get.get(id) as SessionSummary | undefined;
  }

  /** The project's sessions, most recently active first. */
  list(projectRoot: string): SessionSummary[] {
    return this.#list.all(projectRoot) as SessionSummary[];
  }

  rename(id: string, title: string, nowMs: number): boolean {
    return this.#rename.run(title, nowMs, id).changes > 0;
  }

  touch(id: string, nowMs: number): void {
    this.#touch.run(nowMs, id);
  }

  /** Deletes the session and, by cascade, its messages, runs, queue and questions. */
  delete(id: string): boolean {
    return this.#delete.run(id).changes > 0;
  }
}
