import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";
import { IdSchema } from "./common.ts";

/**
 * `POST /api/sessions/:session_id/rewind`: puts every file `run_id` and the session's later runs changed
 * back as it was before `run_id`; `dry_run` says what it would do and changes nothing.
 */
export const RewindRequestSchema = lazySchema(() =>
  z.looseObject({
    run_id: IdSchema,
    dry_run: z.boolean().default(false),
  }),
);
export type RewindRequest = z.infer<typeof RewindRequestSchema>;

/**
 * What a rewind does (or, in a dry run, would do) to one file: write its old text back (`restored`), delete
 * a file the runs added (`deleted`), nothing (`unchanged`), or nothing because it cannot (`not_restorable`,
 * with `reason`).
 */
export const RewindOutcomeSchema = lazySchema(() =>
  z.enum(["restored", "deleted", "unchanged", "not_restorable"]),
);
export type RewindOutcome = z.infer<typeof RewindOutcomeSchema>;

/**
 * One file of a rewind: what happens to it, the lines it gains and loses, and whether the person (or
 * anything else) changed it since the agent last did, known when the runs' end state was kept.
 */
export const RewindFileSchema = lazySchema(() =>
  z.looseObject({
    path: z.string(),
    outcome: RewindOutcomeSchema,
    reason: z.string().optional(),
    additions: z.int().nonnegative().optional(),
    deletions: z.int().nonnegative().optional(),
    changed_since_agent: z.boolean().optional(),
  }),
);
export type RewindFile = z.infer<typeof RewindFileSchema>;

/** The answer to a rewind: its files, and the change report message a real rewind published. */
export const RewindResponseSchema = lazySchema(() =>
  z.looseObject({
    session_id: z.string(),
    run_id: z.string(),
    dry_run: z.boolean(),
    files: z.array(RewindFileSchema),
    message_id: z.string().optional(),
  }),
);
export type RewindResponse = z.infer<typeof RewindResponseSchema>;
