import type { RewindOutcome } from "@parley/protocol";

/** What a rewind does (or would do) to a file, in words a person reads in a list of files. */
export const REWIND_OUTCOME_LABELS: Readonly<Record<RewindOutcome, string>> = {
  restored: "put back",
  deleted: "deleted",
  unchanged: "unchanged",
  not_restorable: "cannot be put back",
};
