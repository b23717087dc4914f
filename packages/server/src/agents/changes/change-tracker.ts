import { constants } from "node:fs";
import { lstat, open, realpath } from "node:fs/promises";
import { confinePath, isInside } from "@parley/engine";
import type { ChangedFile } from "@parley/protocol";
import { FILE_HEADERS_ONLY, formatPatch, structuredPatch } from "diff";
import type { ChangeBaseline, FileSnapshot } from "../../store/change-baseline-store.ts";

/** Largest file whose content is kept to diff; bigger files are reported without a diff. */
export const CHANGE_MAX_FILE_BYTES = 1024 * 1024;
/** Most files a report lists; the rest are counted in `truncated_count`. */
export const CHANGE_MAX_FILES = 50;
/** Longest diff kept per file. */
export const CHANGE_MAX_DIFF_CHARS = 20_000;
/** Longest diff text kept in a whole report; later files are listed without theirs. */
export const CHANGE_MAX_REPORT_CHARS = 200_000;

type Snapshot = FileSnapshot;

/** The files a run's changes touched, with what each held before the first change and after the last. */
export interface ChangeReport {
  files: ChangedFile[];
  truncated_count: number;
}

/**
 * Tracks the files a run's `Write` and `Edit` calls change: the content before the first change and after
 * the last, so the run ends with one report of net changes (unified diffs, capped in size and count).
 * Changes made by shell commands are not seen.
 */
export class ChangeTracker {
  readonly #projectRoot: string;
  readonly #onBaseline: ((baseline: ChangeBaseline) => void) | undefined;
  readonly #files = new Map<string, { before: Snapshot; after: Snapshot }>();

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

  /** The net changes, in the order files were first changed. */
  report(): ChangeReport {
    const changed = [...this.#files.entries()].filter(
      ([, entry]) => !sameSnapshot(entry.before, entry.after),
    );
    const files: ChangedFile[] = [];
    let budget = CHANGE_MAX_REPORT_CHARS;
    for (const [path, entry] of changed.slice(0, CHANGE_MAX_FILES)) {
      const file = describeChange(path, entry.before, entry.after);
      if (file.diff !== undefined && file.diff.length > budget) {
        delete file.diff;
        file.diff_omitted = "the report reached its size limit";
      } else if (file.diff !== undefined) {
        budget -= file.diff.length;
      }
      files.push(file);
    }
    return { files, truncated_count: Math.max(0, changed.length - CHANGE_MAX_FILES) };
  }

  async #read(filePath: string): Promise<{ relative: string; content: Snapshot } | undefined> {
    let confined: Awaited<ReturnType<typeof confinePath>>;
    try {
      confined = await confinePath(this.#projectRoot, filePath, { intent: "write" });
    } catch {
      return undefined; // the tool refuses it too
    }
    if (confined.kind === "directory") return undefined;
    if (confined.kind === undefined) return { relative: confined.relative, content: { kind: "absent" } };
    return { relative: confined.relative, content: await readSnapshot(confined.root, confined.absolute) };
  }
}

/**
 * Reads a file's text without following a symlink in its last name or blocking on a FIFO, and only when
 * the file opened is still the regular file inside the project the path names (a swapped-in symlink must
 * not bring an outside file's content into a report).
 */
async function readSnapshot(root: string, absolute: string): Promise<Snapshot> {
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  try {
    handle = await open(absolute, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
    const stat = await handle.stat();
    if (!stat.isFile() || stat.size > CHANGE_MAX_FILE_BYTES) return { kind: "opaque" };
    const real = await realpath(absolute);
    const named = await lstat(real);
    if (!isInside(root, real) || named.ino !== stat.ino || named.dev !== stat.dev) return { kind: "opaque" };
    const buffer = await handle.readFile();
    if (buffer.includes(0)) return { kind: "opaque" };
    return { kind: "text", text: buffer.toString("utf8") };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { kind: "absent" };
    return { kind: "opaque" };
  } finally {
    await handle?.close();
  }
}

function sameSnapshot(left: Snapshot, right: Snapshot): boolean {
  if (left.kind === "text" && right.kind === "text") return left.text === right.text;
  // Opaque content cannot be compared; a file that was and stayed opaque still counts as changed.
  return left.kind === right.kind && left.kind === "absent";
}

function describeChange(
  path: string,
  before: Snapshot,
  after: Snapshot,
): ChangedFile & { diff_omitted?: string } {
  const change = before.kind === "absent" ? "added" : after.kind === "absent" ? "deleted" : "modified";
  if (before.kind === "opaque" || after.kind === "opaque") {
    return { path, change, diff_omitted: "the file is binary or larger than 1 MiB" };
  }
  const oldText = before.kind === "text" ? before.text : "";
  const newText = after.kind === "text" ? after.text : "";
  const patch = structuredPatch(
    before.kind === "absent" ? "/dev/null" : `a/${path}`,
    after.kind === "absent" ? "/dev/null" : `b/${path}`,
    oldText,
    newText,
    undefined,
    undefined,
    { context: 3, timeout: 2_000 },
  );
  if (patch === undefined) return { path, change, diff_omitted: "the diff took too long to compute" };
  let additions = 0;
  let deletions = 0;
  for (const hunk of patch.hunks) {
    for (const line of hunk.lines) {
      if (line.startsWith("+")) additions++;
      else if (line.startsWith("-")) deletions++;
    }
  }
  const text = formatPatch(patch, FILE_HEADERS_ONLY);
  const diff =
    text.length <= CHANGE_MAX_DIFF_CHARS
      ? text
      : `${text.slice(0, text.lastIndexOf("\n", CHANGE_MAX_DIFF_CHARS) + 1)}… [diff truncated: ${text.length - CHANGE_MAX_DIFF_CHARS} more characters]\n`;
  return { path, change, diff, additions, deletions };
}
