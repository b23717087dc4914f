import { unlink } from "node:fs/promises";
import { type ConfinedPath, confinePath } from "../permissions/confine-path.ts";
import { openConfinedForRead, writeConfinedFile } from "../tools/fs/confined-file.ts";
import { BINARY_SNIFF_BYTES, looksBinary } from "../tools/fs/text-content.ts";
import { countChangedLines } from "./changed-lines.ts";

/** Largest file whose content a checkpoint keeps; a larger one is named as not restorable. */
export const CHECKPOINT_MAX_FILE_BYTES = 1024 * 1024;
/** Most text all of a conversation's checkpoints keep; a file past it is named as not restorable. */
export const CHECKPOINTS_MAX_TOTAL_BYTES = 64 * 1024 * 1024;

/** What a file held when a checkpoint first saw it change: its text, nothing, or something not kept. */
export type CheckpointSnapshot =
  | { kind: "text"; text: string }
  | { kind: "absent" }
  | { kind: "opaque"; reason: string };

/** One checkpoint: what each file changed after it held before its first change, by the path the tools name it. */
export interface FileCheckpoint {
  /** The user message the checkpoint was taken at (its uuid). */
  id: string;
  files: { path: string; before: CheckpointSnapshot }[];
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

/** Where the files are, as the file tools confine them. */
export interface FileCheckpointsOptions {
  projectRoot: string;
  additionalRoots?: readonly string[];
}

/**
 * File checkpoints, as Claude Code's SDK keeps them (`enableFileCheckpointing`): at each user message a
 * checkpoint begins, and before a `Write` or `Edit` changes a file for the first time since then, what the
 * file held is kept. `rewind` puts every file changed since a checkpoint back as it was then: a file created
 * since is deleted, a changed one gets its old content back whole (losing later changes by anyone). Changes
 * a shell command made are not seen. Paths are confined again when restoring, as the file tools write: a
 * path that has become a symlink out of the project, a FIFO or a device is not touched and is named.
 */
export class FileCheckpoints {
  readonly #options: FileCheckpointsOptions;
  readonly #checkpoints: FileCheckpoint[];
  #keptBytes = 0;
  #revision = 0;

  constructor(options: FileCheckpointsOptions, saved: readonly FileCheckpoint[] = []) {
    this.#options = options;
    this.#checkpoints = saved.map((checkpoint) => ({ id: checkpoint.id, files: [...checkpoint.files] }));
    for (const { files } of this.#checkpoints) {
      for (const { before } of files)
        if (before.kind === "text") this.#keptBytes += Buffer.byteLength(before.text);
    }
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
   * Keeps what `requested` holds before a tool changes it, once per checkpoint. A path the tools would
   * refuse is not kept (the tool refuses it too).
   */
  async beforeChange(requested: string): Promise<void> {
    const current = this.#checkpoints.at(-1);
    if (current === undefined) return;
    const read = await this.#read(requested).catch(() => undefined);
    if (read === undefined) return;
    const path = read.confined.relative;
    if (current.files.some((file) => file.path === path)) return;
    let before = read.content;
    if (before.kind === "text") {
      if (this.#keptBytes + Buffer.byteLength(before.text) > CHECKPOINTS_MAX_TOTAL_BYTES) {
        before = {
          kind: "opaque",
          reason: `past the ${CHECKPOINTS_MAX_TOTAL_BYTES} bytes the checkpoints keep`,
        };
      } else this.#keptBytes += Buffer.byteLength(before.text);
    }
    current.files.push({ path, before });
    this.#revision++;
  }

  /** The checkpoints, to keep with the conversation (`parley run --resume` rewinds to them too). */
  toJSON(): FileCheckpoint[] {
    return this.#checkpoints;
  }

  /**
   * Puts the files changed since checkpoint `id` back as they were then (each file's snapshot from the
   * earliest checkpoint from `id` on that kept it). A dry run changes nothing and says what would change.
   * Undefined when there is no checkpoint `id`.
   */
  async rewind(id: string, options: { dryRun?: boolean } = {}): Promise<RewindOutcome | undefined> {
    const from = this.#checkpoints.findIndex((checkpoint) => checkpoint.id === id);
    if (from === -1) return undefined;
    const targets = new Map<string, CheckpointSnapshot>();
    for (const checkpoint of this.#checkpoints.slice(from)) {
      for (const file of checkpoint.files) if (!targets.has(file.path)) targets.set(file.path, file.before);
    }
    const outcome: RewindOutcome = { filesChanged: [], insertions: 0, deletions: 0, skipped: [] };
    for (const [path, before] of targets) {
      try {
        await this.#restore(path, before, outcome, options.dryRun === true);
      } catch (error) {
        outcome.skipped.push({ path, reason: (error as Error).message });
      }
    }
    return outcome;
  }

  async #restore(path: string, before: CheckpointSnapshot, outcome: RewindOutcome, dryRun: boolean) {
    if (before.kind === "opaque") {
      outcome.skipped.push({ path, reason: `it was ${before.reason} when the checkpoint was taken` });
      return;
    }
    const { confined, content } = await this.#read(path);
    // Kept by the real file's path: one that now leads elsewhere (a symlink put in its place) is not followed.
    if (confined.relative !== path) {
      outcome.skipped.push({ path, reason: `it is now a link to ${confined.relative}` });
      return;
    }
    if (content.kind === "opaque") {
      outcome.skipped.push({ path, reason: `it is now ${content.reason}` });
      return;
    }
    const current = content.kind === "text" ? content.text : undefined;
    const wanted = before.kind === "text" ? before.text : undefined;
    if (current === wanted) return;
    const lines = await countChangedLines(current ?? "", wanted ?? "");
    if (!dryRun) {
      if (wanted === undefined) await unlink(confined.absolute);
      else await writeConfinedFile(confined, wanted, path);
    }
    outcome.filesChanged.push(path);
    outcome.insertions += lines.insertions;
    outcome.deletions += lines.deletions;
  }

  /** What `requested` holds now, confined as the file tools confine it (its `relative` is the key kept). */
  async #read(requested: string): Promise<{ confined: ConfinedPath; content: CheckpointSnapshot }> {
    const confined = await confinePath(this.#options.projectRoot, requested, this.#confineOptions());
    if (confined.kind === undefined) return { confined, content: { kind: "absent" } };
    if (confined.kind === "directory")
      return { confined, content: { kind: "opaque", reason: "a directory" } };
    const handle = await openConfinedForRead(confined, confined.relative);
    try {
      const { size } = await handle.stat();
      if (size > CHECKPOINT_MAX_FILE_BYTES) {
        const reason = `larger than ${CHECKPOINT_MAX_FILE_BYTES} bytes`;
        return { confined, content: { kind: "opaque", reason } };
      }
      const bytes = await handle.readFile();
      if (looksBinary(bytes.subarray(0, BINARY_SNIFF_BYTES)))
        return { confined, content: { kind: "opaque", reason: "not text" } };
      return { confined, content: { kind: "text", text: bytes.toString("utf8") } };
    } finally {
      await handle.close();
    }
  }

  #confineOptions() {
    return { intent: "write" as const, additionalRoots: this.#options.additionalRoots ?? [] };
  }
}
