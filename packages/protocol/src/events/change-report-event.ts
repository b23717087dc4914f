import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";
import { EventRoutingSchema } from "./event-routing.ts";

/** What happened to a file in a change report. */
export const FileChangeKindSchema = lazySchema(() => z.enum(["added", "modified", "deleted", "renamed"]));
export type FileChangeKind = z.infer<typeof FileChangeKindSchema>;

/** One changed file; `old_path` is set for renames, `diff` is a unified diff when the server includes it. */
export const ChangedFileSchema = lazySchema(() =>
  z.looseObject({
    path: z.string(),
    change: FileChangeKindSchema,
    old_path: z.string().optional(),
    diff: z.string().optional(),
    additions: z.int().nonnegative().optional(),
    deletions: z.int().nonnegative().optional(),
  }),
);
export type ChangedFile = z.infer<typeof ChangedFileSchema>;

/** A file a rewind could not put back, and why (binary or too large when kept, now a symlink out, a FIFO…). */
export const NotRestoredFileSchema = lazySchema(() =>
  z.looseObject({ path: z.string(), reason: z.string() }),
);
export type NotRestoredFile = z.infer<typeof NotRestoredFileSchema>;

/**
 * Marks a change report as a person's rewind, not an agent's run: its files are what the rewind changed to
 * put them back as they were before `run_id`; `not_restored` names the files it could not put back.
 */
export const RewindMarkSchema = lazySchema(() =>
  z.looseObject({
    run_id: z.string(),
    not_restored: z.array(NotRestoredFileSchema).optional(),
  }),
);
export type RewindMark = z.infer<typeof RewindMarkSchema>;

/** Files an agent changed (seed 002 `ChangeReport`); `truncated_count` files were left out of `files`. */
export const ChangeReportEventSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("ChangeReport"),
    agent_id: z.string(),
    files: z.array(ChangedFileSchema),
    truncated_count: z.int().nonnegative(),
    /** The chat message that keeps the report (a `change_report` special block). */
    message_id: z.string().optional(),
    run_id: z.string().optional(),
    /** Set when the files were changed by rewinding a run, not by an agent. */
    rewind: RewindMarkSchema.optional(),
    ...EventRoutingSchema.shape,
  }),
);
export type ChangeReportEvent = z.infer<typeof ChangeReportEventSchema>;
