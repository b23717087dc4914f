import type { StoreDatabase } from "./store-database.ts";

/** A file's content at one moment: its text, absent, or not diffable (binary or too large). */
export type FileSnapshot = { kind: "text"; text: string } | { kind: "absent" } | { kind: "opaque" };

/** A file's content before a run first changed it, by its path in the project. */
export interface ChangeBaseline {
  path: string;
  before: FileSnapshot;
}

/**
 * What each file held before a running run first changed it, kept until the run's change report is out,
 * so a run the server did not live to finish still gets its report after a restart.
 */
export class ChangeBaselineStore {
  readonly #insert;
  readonly #list;
  readonly #clear;

  constructor(database: StoreDatabase) {
    this.#insert = database.prepare(
      "INSERT OR IGNORE INTO run_change_baselines (run_id, path, kind, text) VALUES (?, ?, ?, ?)",
    );
    this.#list = database.prepare(
      "SELECT path, kind, text FROM run_change_baselines WHERE run_id = ? ORDER BY rowid",
    );
    this.#clear = database.prepare("DELETE FROM run_change_baselines WHERE run_id = ?");
  }

  /** Keeps a file's first baseline in a run (a later one for the same path is ignored). */
  record(runId: string, baseline: ChangeBaseline): void {
    const { before } = baseline;
    this.#insert.run(runId, baseline.path, before.kind, before.kind === "text" ? before.text : null);
  }

  /** A run's baselines, in the order its files were first changed. */
  list(runId: string): ChangeBaseline[] {
    const rows = this.#list.all(runId) as { path: string; kind: FileSnapshot["kind"]; text: string | null }[];
    return rows.map((row) => ({
      path: row.path,
      before: row.kind === "text" ? { kind: "text", text: row.text ?? "" } : { kind: row.kind },
    }));
  }

  /** Forgets a run's baselines once its report is published (or it changed nothing). */
  clear(runId: string): void {
    this.#clear.run(runId);
  }
}
