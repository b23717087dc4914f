import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";
import { FileInfoSchema } from "./file-info.ts";

/**
 * One directory of a project tree with its files and subdirectories. `omitted_entries` counts what a
 * depth or size limit left out below this directory, so readers know the listing is partial.
 */
export const DirectoryNodeSchema = lazySchema(() =>
  z.looseObject({
    name: z.string(),
    path: z.string(),
    files: z.array(FileInfoSchema),
    get directories(): z.ZodArray<typeof DirectoryNodeSchema> {
      return z.array(DirectoryNodeSchema);
    },
    omitted_entries: z.number().int().nonnegative().optional(),
  }),
);
export type DirectoryNode = z.infer<typeof DirectoryNodeSchema>;
