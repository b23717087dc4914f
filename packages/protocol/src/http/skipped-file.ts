import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";

/**
 * A file or folder that is there and was not read, and why: a custom command file, a skill folder or a project
 * instruction file (too large, a symlink out of the project, kept from the agent by a `Read` rule, an invalid name).
 */
export const SkippedFileSchema = lazySchema(() =>
  z.looseObject({
    /** Project-relative, or `~/…` for the person's own. */
    path: z.string(),
    /** Why, as a clause without a final full stop: "it is a symlink to a place outside the project". */
    reason: z.string(),
  }),
);
export type SkippedFile = z.infer<typeof SkippedFileSchema>;
