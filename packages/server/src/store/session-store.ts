import type { SessionSummary } from "@parley/protocol";
import type { SqliteDatabase } from "./database.ts";

/** The columns of a session as the API shows it (`untitled` is the store's own). */
const SUMMARY_COLUMNS = "id, project_root, title, created_at_ms, updated_at_ms";

/** Sessions of a project: a titled conversation with one or more agents. */
export class SessionStore {
  readonly #insert;
  readonly #nameUntitled;
  readonly #get;
  readonly #list;
  readonly #rename;
  readonly #touch;
  readonly #delete;

  constructor(database: SqliteDatabase) {
    this.#insert = database.prepare(
      `INSERT INTO sessions (id, project_root, title, created_at_ms, updated_at_ms, untitled)
       VALUES (@id, @project_root, @title, @created_at_ms, @updated_at_ms, @untitled)`,
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
  }

  /** Stores a new session; an `untitled` one keeps its placeholder title until `nameUntitled`. */
  create(session: SessionSummary, options: { untitled?: boolean } = {}): SessionSummary {
    this.#insert.run({ ...session, untitled: options.untitled === true ? 1 : 0 });
    return session;
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
