import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";

/** `GET /api/workspace/tree?path=&depth=`: a directory of the project, relative to its root. */
export const WorkspaceTreeQuerySchema = lazySchema(() =>
  z.looseObject({
    path: z.string().max(4096).default(""),
    depth: z
      .string()
      .regex(/^[1-5]$/, "expected 1 to 5")
      .transform(Number)
      .default(1),
  }),
);
export type WorkspaceTreeQuery = z.infer<typeof WorkspaceTreeQuerySchema>;

/** One entry of the tree. Symlinks are listed but never followed. */
export interface WorkspaceEntry {
  name: string;
  path: string;
  type: "file" | "directory" | "symlink" | "other";
  size?: number | undefined;
  children?: WorkspaceEntry[] | undefined;
  /** True when the directory has more entries than were listed. */
  truncated?: boolean | undefined;
}

export const WorkspaceEntrySchema: z.ZodType<WorkspaceEntry> = lazySchema(() =>
  z.lazy(() =>
    z.object({
      name: z.string(),
      path: z.string(),
      type: z.enum(["file", "directory", "symlink", "other"]),
      size: z.int().nonnegative().optional(),
      children: z.array(WorkspaceEntrySchema).optional(),
      truncated: z.boolean().optional(),
    }),
  ),
);

/** The listed directory with its entries; ignored folders (.git, node_modules…) are named, not listed. */
export const WorkspaceTreeSchema = lazySchema(() =>
  z.looseObject({
    root: z.string(),
    path: z.string(),
    entries: z.array(WorkspaceEntrySchema),
    truncated: z.boolean(),
    excluded_patterns: z.array(z.string()),
  }),
);
export type WorkspaceTree = z.infer<typeof WorkspaceTreeSchema>;
