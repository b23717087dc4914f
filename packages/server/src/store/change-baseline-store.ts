import type { KeptSnapshot } from "@parley/engine";
import type { StoreDatabase } from "./store-database.ts";

/** A file's content before a run first changed it, by its path in the project. */
export interface ChangeBaseline {
  path: string;
  before: KeptSnapshot;
}

/** A file's checkpoint in a run: before its first change, and when the run ended (unknown while it runs). */
export interface RunFileCheckpoint extends ChangeBaseline {
  after?: KeptSnapshot;
}

type SnapshotRow = { kind: KeptSnapshot["kind"]; text: string | null };

/**
 * What each file held before a run first changed it (kept as the run goes, so a run the server did not live
 * to finish still gets its change report after a restart) and, once it ended, what the run left: the run's
 * checkpoint, which a rewind puts back. Deleted with the run (and so with its session).
 */
export class ChangeBaselineStore {
  readonly #insert;
  readonly #setAfter;
  readonly #list;

  constructor(database: StoreDatabase) {
    this.#insert = database.prepare(
      "INSERT OR IGNORE INTO run_change_baselines (run_id, path, kind, text) VALUES (?, ?, ?, ?)",
    );
    this.#setAfter = database.prepare(
      "UPDATE run_change_baselines SET after_kind = ?, after_text = ? WHERE run_id = ? AND path = ?",
    );
    this.#list = database.prepare(
      "SELECT path, kind, text, after_kind, after_text FROM run_change_baselines WHERE run_id = ? ORDER BY rowid",
    );
  }

  /** Keeps a file's first baseline in a run (a later one for the same path is ignored). */
  record(runId: string, baseline: ChangeBaseline): void {
    const { before } = baseline;
    this.#insert.run(runId, baseline.path, before.kind, textOf(before));
  }

  /** Inside a transaction: keeps what each file held when the run ended, recording baselines not kept yet. */
  finish(runId: string, checkpoints: readonly Required<RunFileCheckpoint>[]): void {
    for (const checkpoint of checkpoints) {
      this.record(runId, checkpoint);
      this.#setAfter.run(checkpoint.after.kind, textOf(checkpoint.after), runId, checkpoint.path);
    }
  }

  /** A run's checkpoints, in the order its files were first changed. */
  list(runId: string): RunFileCheckpoint[] {
    const rows = this.#list.all(runId) as (SnapshotRow & {
      path: string;
      after_kind: KeptSnapshot["kind"] | null;
      after_text: string | null;
    })[];
    return rows.map((row) => ({
      path: row.path,
      before: snapshotOf(row),
      ...(row.after_kind !== null && { after: snapshotOf({ kind: row.after_kind, text: row.after_text }) }),
    }));
  }
}

function textOf(snapshot: KeptSnapshot): string | null {
  return snapshot.kind === "text" ? snapshot.text : null;
}

function snapshotOf(row: SnapshotRow): KeptSnapshot {
  return row.kind === "text" ? { kind: "text", text: row.text ?? "" } : { kind: row.kind };
}
