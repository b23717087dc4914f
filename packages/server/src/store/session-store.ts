import type { SessionSummary } from "@parley/protocol";
import type { SqliteDatabase } from "./database.ts";

/** Sessions of a project: a titled conversation with one or more agents. */
export class SessionStore {
  readonly #insert;
  readonly #get;
  readonly #list;
  readonly #rename;
  readonly #touch;
  readonly #delete;

  constructor(database: SqliteDatabase) {
    this.#insert = database.prepare(
      `INSERT INTO sessions (id, project_root, title, created_at_ms, updated_at_ms)
       VALUES (@id, @project_root, @title, @created_at_ms, @updated_at_ms)`,
    );
    this.#get = database.prepare("SELECT * FROM sessions WHERE id = ?");
    this.#list = database.prepare(
      "SELECT * FROM sessions WHERE project_root = ? ORDER BY updated_at_ms DESC, created_at_ms DESC",
    );
    this.#rename = database.prepare("UPDATE sessions SET title = ?, updated_at_ms = ? WHERE id = ?");
    this.#touch = database.prepare("UPDATE sessions SET updated_at_ms = ? WHERE id = ?");
    this.#delete = database.prepare("DELETE FROM sessions WHERE id = ?");
  }

  create(session: SessionSummary): SessionSummary {
    this.#insert.run(session);
    return session;
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
