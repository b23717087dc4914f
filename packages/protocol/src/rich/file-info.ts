import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";

/**
 * One file in a project structure: `path` is relative to the structure's `root_path` with `/`
 * separators, `size` is in bytes, `language` is absent for files that are not source code.
 */
export const FileInfoSchema = lazySchema(() =>
  z.looseObject({
    path: z.string().min(1),
    size: z.number().int().nonnegative(),
    mime_type: z.string().min(1),
    language: z.string().optional(),
  }),
);
export type FileInfo = z.infer<typeof FileInfoSchema>;
