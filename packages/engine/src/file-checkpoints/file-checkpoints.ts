import { countChangedLines } from "./changed-lines.ts";
import {
  type CheckpointRoots,
  type CheckpointSnapshot,
  readCurrentFile,
  restoreFile,
  sameSnapshot,
} from "./checkpoint-file.ts";

/** Most text all of a conversation's checkpoints keep; a file past it is named as not restorable. */
export const CHECKPOINTS_MAX_TOTAL_BYTES = 64 * 1024 * 1024;

/** One file a checkpoint keeps: the path the tools name it by, the real file it is, what it held. */
export interface CheckpointedFile {
  path: string;
  /** The real path: one file named two ways (through an added directory) is kept once. */
  absolute: string;
  before: CheckpointSnapshot;
}

/** One checkpoint: what each file changed after it held before its first change. */
export interface FileCheckpoint {
  /** The user message the checkpoint was taken at (its uuid). */
  id: string;
  files: CheckpointedFile[];
}

/** What a rewind did, or would do (a dry run). */
export interface RewindOutcome {
  /** The files whose content changed (or would), by the path the tools name them. */
  filesChanged: string[];
  insertions: number;
  deletions: number;
  /** Files that could not be put back, with why. */
  skipped: { path: string; reason: string }[];
}

/**
 * File checkpoints, as Claude Code's SDK keeps them (`enableFileCheckpointing`): at each user message a
 * checkpoint begins, and before a `Write` or `Edit` changes a file for the first time since then, what the
 * file held is kept. `rewind` puts every file changed since a checkpoint back as it was then: a file created
 * since is deleted, a changed one gets its old content back whole (losing later changes by anyone). Changes
 * a shell command made are not seen. Paths are confined again when restoring, as the file tools write: a
 * path that has become a symlink (in or out of the project), a FIFO or a directory is left and named.
 */
export class FileCheckpoints {
  readonly #options: CheckpointRoots;
  readonly #checkpoints: FileCheckpoint[];
  #keptBytes = 0;
  #revision = 0;

  constructor(options: CheckpointRoots, saved: readonly FileCheckpoint[] = []) {
    this.#options = options;
    this.#checkpoints = saved.map((checkpoint) => ({ id: checkpoint.id, files: [...checkpoint.files] }));
    for (const { files } of this.#checkpoints) for (const file of files) this.#keptBytes += sizeOf(file);
  }

  /** Goes up with every change to what is kept: whether the checkpoints need saving again. */
  get revision(): number {
    return this.#revision;
  }

  /** Starts the checkpoint of a user message; the changes that follow belong to it. */
  begin(id: string): void {
    this.#checkpoints.push({ id, files: [] });
    this.#revision++;
  }

  /** Whether a checkpoint was taken at this user message. */
  has(id: string): boolean {
    return this.#checkpoints.some((checkpoint) => checkpoint.id === id);
  }

  /**
   * Keeps what `requested` holds before a tool changes it, once per checkpoint; returns what it kept, for
   * `settle` once the tool has run. A path the tools would refuse is not kept (the tool refuses it too).
   */
  async beforeChange(requested: string): Promise<CheckpointedFile | undefined> {
    const current = this.#checkpoints.at(-1);
    if (current === undefined) return undefined;
    const now = await readCurrentFile(this.#options, requested).catch(() => undefined);
    if (now === undefined) return undefined;
    const absolute = now.confined.absolute;
    if (current.files.some((file) => file.absolute === absolute)) return undefined;
    let before = now.content;
    if (before.kind === "text") {
      const bytes = Buffer.byteLength(before.text);
      if (this.#keptBytes + bytes > CHECKPOINTS_MAX_TOTAL_BYTES) {
        before = {
          kind: "opaque",
          reason: `past the ${CHECKPOINTS_MAX_TOTAL_BYTES} bytes the checkpoints keep`,
        };
      } else this.#keptBytes += bytes;
    }
    const kept = { path: now.confined.relative, absolute, before };
    current.files.push(kept);
    this.#revision++;
    return kept;
  }

  /**
   * After a call that failed: forgets what `beforeChange` kept for it when the file is as it was, so a file
   * a failed `Edit` found missing is not later deleted by a rewind as if the agent had created it.
   */
  async settle(kept: CheckpointedFile): Promise<void> {
    const now = await readCurrentFile(this.#options, kept.path).catch(() => undefined);
    if (
      now === undefined ||
      now.confined.absolute !== kept.absolute ||
      !sameSnapshot(now.content, kept.before)
    )
      return;
    for (const checkpoint of this.#checkpoints) {
      const at = checkpoint.files.indexOf(kept);
      if (at === -1) continue;
      checkpoint.files.splice(at, 1);
      this.#keptBytes -= sizeOf(kept);
      this.#revision++;
    }
  }

  /** The checkpoints, to keep with the conversation (`parley run --resume` rewinds to them too). */
  toJSON(): FileCheckpoint[] {
    return this.#checkpoints.map((checkpoint) => ({ id: checkpoint.id, files: [...checkpoint.files] }));
  }

  /**
   * Puts the files changed since checkpoint `id` back as they were then (each file's snapshot from the
   * earliest checkpoint from `id` on that kept it). A dry run changes nothing and says what would change.
   * Undefined when there is no checkpoint `id`.
   */
  async rewind(id: string, options: { dryRun?: boolean } = {}): Promise<RewindOutcome | undefined> {
    const from = this.#checkpoints.findIndex((checkpoint) => checkpoint.id === id);
    if (from === -1) return undefined;
    const targets = new Map<string, CheckpointedFile>();
    for (const checkpoint of this.#checkpoints.slice(from)) {
      for (const file of checkpoint.files) if (!targets.has(file.absolute)) targets.set(file.absolute, file);
    }
    const outcome: RewindOutcome = { filesChanged: [], insertions: 0, deletions: 0, skipped: [] };
    for (const file of targets.values()) {
      try {
        await this.#restore(file, outcome, options.dryRun === true);
      } catch (error) {
        outcome.skipped.push({ path: file.path, reason: (error as Error).message });
      }
    }
    return outcome;
  }

  async #restore({ path, absolute, before }: CheckpointedFile, outcome: RewindOutcome, dryRun: boolean) {
    if (before.kind === "opaque") {
      outcome.skipped.push({ path, reason: `it was ${before.reason} when the checkpoint was taken` });
      return;
    }
    const now = await readCurrentFile(this.#options, path);
    // Kept by the real file: a path that now leads elsewhere (a symlink put in its place) is not followed.
    if (now.confined.absolute !== absolute) {
      outcome.skipped.push({ path, reason: `it is now a link to ${now.confined.relative}` });
      return;
    }
    if (now.content.kind === "opaque") {
      outcome.skipped.push({ path, reason: `it is now ${now.content.reason}` });
      return;
    }
    const current = now.content.kind === "text" ? now.content.text : undefined;
    const wanted = before.kind === "text" ? before.text : undefined;
    if (current === wanted) return;
    const lines = countChangedLines(current ?? "", wanted ?? "");
    if (!dryRun) await restoreFile(this.#options, path, before, now);
    outcome.filesChanged.push(path);
    outcome.insertions += lines.insertions;
    outcome.deletions += lines.deletions;
  }
}

function sizeOf(file: CheckpointedFile): number {
  return file.before.kind === "text" ? Buffer.byteLength(file.before.text) : 0;
}
