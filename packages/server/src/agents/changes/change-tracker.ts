import { confinePath, type KeptSnapshot, readCheckpointSnapshot, sameSnapshot } from "@parley/engine";
import type { ChangeBaseline } from "../../store/change-baseline-store.ts";
import { type ChangeReport, describeChangesOffLoop } from "./describe-changes.ts";

const OPAQUE: KeptSnapshot = { kind: "opaque" };

/** A tracked file's content before the run first changed it and now. */
export interface TrackedFile {
  path: string;
  before: KeptSnapshot;
  after: KeptSnapshot;
}

/**
 * Tracks the files a run's `Write` and `Edit` calls change: the content before the first change and after
 * the last, so the run ends with one report of net changes (unified diffs, capped in size and count).
 * Changes made by shell commands are not seen.
 */
export class ChangeTracker {
  readonly #projectRoot: string;
  readonly #onBaseline: ((baseline: ChangeBaseline) => void) | undefined;
  readonly #files = new Map<string, { before: KeptSnapshot; after: KeptSnapshot }>();

  /** `onBaseline` keeps each file's content from before its first change, so a crash loses no report. */
  constructor(projectRoot: string, options: { onBaseline?: (baseline: ChangeBaseline) => void } = {}) {
    this.#projectRoot = projectRoot;
    this.#onBaseline = options.onBaseline;
  }

  /**
   * The changes of a run that ended without its report (the server was killed): the kept baselines
   * against what the files hold now.
   */
  static async resume(projectRoot: string, baselines: readonly ChangeBaseline[]): Promise<ChangeTracker> {
    const tracker = new ChangeTracker(projectRoot);
    for (const { path, before } of baselines) {
      const now = await tracker.#read(path);
      tracker.#files.set(path, { before, after: now?.content ?? { kind: "opaque" } });
    }
    return tracker;
  }

  /** Reads a file before a call changes it; returns the key to pass to `after`. */
  async before(filePath: string): Promise<string | undefined> {
    const snapshot = await this.#read(filePath);
    if (snapshot === undefined) return undefined;
    if (!this.#files.has(snapshot.relative)) {
      this.#files.set(snapshot.relative, { before: snapshot.content, after: snapshot.content });
      this.#onBaseline?.({ path: snapshot.relative, before: snapshot.content });
    }
    return snapshot.relative;
  }

  /**
   * Records that a file did not exist before the run (it was not there when the project was first read), so
   * a file that appears later is reported as added. Returns the key to pass to `after`.
   */
  async absentBefore(filePath: string): Promise<string | undefined> {
    const snapshot = await this.#read(filePath);
    if (snapshot === undefined) return undefined;
    if (!this.#files.has(snapshot.relative)) {
      this.#files.set(snapshot.relative, { before: { kind: "absent" }, after: snapshot.content });
      this.#onBaseline?.({ path: snapshot.relative, before: { kind: "absent" } });
    }
    return snapshot.relative;
  }

  /** Reads the file again once the call has run. */
  async after(key: string): Promise<void> {
    const entry = this.#files.get(key);
    const snapshot = await this.#read(key);
    if (entry !== undefined && snapshot !== undefined) entry.after = snapshot.content;
  }

  /** True when no tracked file ended up different. */
  get empty(): boolean {
    return [...this.#files.values()].every((entry) => sameSnapshot(entry.before, entry.after));
  }

  /** The net changes, in the order files were first changed (diffed without holding the event loop). */
  report(): Promise<ChangeReport> {
    return describeChangesOffLoop([...this.#files.entries()]);
  }

  /**
   * Every file the run touched with its content before and now (the run's checkpoint); `changedOnly`
   * leaves out files that ended as they began (a CLI run reads the whole project before it starts).
   */
  checkpoints(options: { changedOnly?: boolean } = {}): TrackedFile[] {
    return [...this.#files.entries()]
      .filter(([, entry]) => !options.changedOnly || !sameSnapshot(entry.before, entry.after))
      .map(([path, entry]) => ({ path, before: entry.before, after: entry.after }));
  }

  async #read(filePath: string): Promise<{ relative: string; content: KeptSnapshot } | undefined> {
    let confined: Awaited<ReturnType<typeof confinePath>>;
    try {
      confined = await confinePath(this.#projectRoot, filePath, { intent: "write" });
    } catch {
      return undefined; // the tool refuses it too
    }
    if (confined.kind === "directory") return undefined;
    // A file swapped for a symlink or moved out of the project meanwhile is not diffed: opaque.
    const { content } = await readCheckpointSnapshot(confined).catch(() => ({ content: OPAQUE }));
    return { relative: confined.relative, content: content.kind === "opaque" ? OPAQUE : content };
  }
}
