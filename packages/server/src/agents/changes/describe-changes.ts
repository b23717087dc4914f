import { type KeptSnapshot, sameSnapshot } from "@parley/engine";
import type { ChangedFile } from "@parley/protocol";
import { FILE_HEADERS_ONLY, formatPatch, type StructuredPatch, structuredPatch } from "diff";

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
export type FileChange = readonly [path: string, change: { before: KeptSnapshot; after: KeptSnapshot }];

/** A file's change as a report lists it; `diff_omitted` says why it has no diff. */
type DescribedChange = ChangedFile & { diff_omitted?: string };

/**
 * The net changes of these files, in their order (unified diffs, capped in size and count), each diff
 * computed in jsdiff's async mode, which yields between chunks: a report is built while the server serves
 * others (a run's end, a rewind), and a diff may take up to its two seconds.
 */
export async function describeChangesOffLoop(entries: readonly FileChange[]): Promise<ChangeReport> {
  const changed = entries.filter(([, entry]) => !sameSnapshot(entry.before, entry.after));
  const described: DescribedChange[] = [];
  for (const [path, entry] of changed.slice(0, CHANGE_MAX_FILES))
    described.push(await describeChangeOffLoop(path, entry.before, entry.after));
  return capReport(described, changed.length);
}

/** One file's change: its kind, unified diff and +/- line counts (no diff for opaque content). */
function describeChangeOffLoop(
  path: string,
  before: KeptSnapshot,
  after: KeptSnapshot,
): Promise<DescribedChange> {
  const inputs = patchInputs(path, before, after);
  if (inputs.kind === "described") return Promise.resolve(inputs.file);
  return new Promise((resolve) => {
    structuredPatch(...inputs.args, {
      ...PATCH_OPTIONS,
      callback: (patch) => resolve(fromPatch(path, inputs.change, patch)),
    });
  });
}

const PATCH_OPTIONS = { context: 3, timeout: 2_000 } as const;

type PatchArgs = [string, string, string, string, undefined, undefined];

function patchInputs(
  path: string,
  before: KeptSnapshot,
  after: KeptSnapshot,
):
  | { kind: "described"; file: DescribedChange }
  | { kind: "patch"; change: ChangedFile["change"]; args: PatchArgs } {
  const change = before.kind === "absent" ? "added" : after.kind === "absent" ? "deleted" : "modified";
  if (before.kind === "opaque" || after.kind === "opaque") {
    return {
      kind: "described",
      file: { path, change, diff_omitted: "the file is binary or larger than 1 MiB" },
    };
  }
  const args: PatchArgs = [
    before.kind === "absent" ? "/dev/null" : `a/${path}`,
    after.kind === "absent" ? "/dev/null" : `b/${path}`,
    before.kind === "text" ? before.text : "",
    after.kind === "text" ? after.text : "",
    undefined,
    undefined,
  ];
  return { kind: "patch", change, args };
}

function fromPatch(
  path: string,
  change: ChangedFile["change"],
  patch: StructuredPatch | undefined,
): DescribedChange {
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

/** Keeps a report's diffs under its size limit (later files lose theirs) and counts the files left out. */
function capReport(described: DescribedChange[], changedCount: number): ChangeReport {
  let budget = CHANGE_MAX_REPORT_CHARS;
  for (const file of described) {
    if (file.diff !== undefined && file.diff.length > budget) {
      delete file.diff;
      file.diff_omitted = "the report reached its size limit";
    } else if (file.diff !== undefined) {
      budget -= file.diff.length;
    }
  }
  return { files: described, truncated_count: Math.max(0, changedCount - CHANGE_MAX_FILES) };
}
