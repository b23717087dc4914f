import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";

/**
 * Why a project structure could not use a file: bigger than the generator reads, too costly to apply, not
 * parseable or of a format version it does not read, past the time or memory budget, the reader stopped
 * unexpectedly on it, not readable, or a link that leads out of the project.
 */
export const ProjectStructureProblemReasonSchema = lazySchema(() =>
  z.enum([
    "too_large",
    "too_complex",
    "invalid",
    "unsupported",
    "timed_out",
    "out_of_memory",
    "crashed",
    "unreadable",
    "outside_project",
  ]),
);
export type ProjectStructureProblemReason = z.infer<typeof ProjectStructureProblemReasonSchema>;

/** A file the generator left out or read only in part, so a reader knows the structure is missing it. */
export const ProjectStructureProblemSchema = lazySchema(() =>
  z.looseObject({
    /** Project-relative path of the file; "" when the problem is the project's as a whole. */
    path: z.string(),
    reason: ProjectStructureProblemReasonSchema,
    /** One sentence for people and models: what was wrong and what the generator did about it. */
    message: z.string().min(1),
  }),
);
export type ProjectStructureProblem = z.infer<typeof ProjectStructureProblemSchema>;
