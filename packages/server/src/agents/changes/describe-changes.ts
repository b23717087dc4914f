import type { ChangedFile } from "@parley/protocol";
import { FILE_HEADERS_ONLY, formatPatch, structuredPatch } from "diff";
import type { FileSnapshot } from "../../store/change-baseline-store.ts";
import { sameSnapshot } from "./file-snapshot.ts";

/** Most files a report lists; the rest are counted in `truncated_count`. */
export const CHANGE_MAX_FILES = 50;
/** Longest diff kept per file. */
export const CHANGE_MAX_DIFF_CHARS = 20_000;
/** Longest diff text kept in a whole report; later files are listed without theirs. */
export const CHANGE_MAX_REPORT_CHARS = 200_000;

/** The files a run's changes touched, with what each held before the first change and after the last. */
export interface ChangeReport {
  files: ChangedFile[];
  truncated_count: number;
}

/** A file's content before and after some changes, by its path in the project. */
export type FileChange = readonly [path: string, change: { before: FileSnapshot; after: FileSnapshot }];

/** The net changes of these files, in their order (unified diffs, capped in size and count). */
export function describeChanges(entries: readonly FileChange[]): ChangeReport {
  const changed = entries.filter(([, entry]) => !sameSnapshot(entry.before, entry.after));
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

/** One file's change: its kind, unified diff and +/- line counts (no diff for opaque content). */
export function describeChange(
  path: string,
  before: FileSnapshot,
  after: FileSnapshot,
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
