import { z } from "zod";
import { ProjectStructureTypeSchema } from "../rich/project-structure.ts";
import { lazySchema } from "../shared/lazy-schema.ts";

/** A positive whole number given as a query string, within `max`. */
function countParameter(max: number) {
  return z
    .string()
    .regex(/^[1-9][0-9]*$/, "expected a positive whole number")
    .transform(Number)
    .refine((value) => value <= max, `expected at most ${max}`);
}

/**
 * `GET /api/workspace/structure?type=tree|file_list|dependencies`: which view of the project to generate,
 * of which directory (`path`, relative to the project; the whole project when absent), its order (file
 * lists), its limits and extra gitignore-style patterns to leave out (comma-separated).
 */
export const WorkspaceStructureQuerySchema = lazySchema(() =>
  z.looseObject({
    type: ProjectStructureTypeSchema.default("tree"),
    path: z.string().max(4096).optional(),
    order: z.enum(["alphabetical", "relevance"]).default("alphabetical"),
    max_depth: countParameter(64).optional(),
    max_entries: countParameter(200_000).optional(),
    exclude: z
      .string()
      .max(4096)
      .transform((text) =>
        text
          .split(",")
          .map((pattern) => pattern.trim())
          .filter((pattern) => pattern !== ""),
      )
      .optional(),
  }),
);
export type WorkspaceStructureQuery = z.infer<typeof WorkspaceStructureQuerySchema>;
