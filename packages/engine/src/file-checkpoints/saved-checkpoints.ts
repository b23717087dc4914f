import { z } from "zod";
import type { FileCheckpoint } from "./file-checkpoints.ts";

/** What keeps a conversation's checkpoints between processes: the project they are of, and them. */
export interface SavedCheckpoints {
  project_root: string;
  checkpoints: FileCheckpoint[];
}

let schema: z.ZodType<SavedCheckpoints> | undefined;

/** Built on first use: most runs keep no checkpoints. */
function savedCheckpointsSchema(): z.ZodType<SavedCheckpoints> {
  schema ??= z.object({
    project_root: z.string(),
    checkpoints: z.array(
      z.object({
        id: z.string(),
        files: z.array(
          z.object({
            path: z.string(),
            absolute: z.string(),
            before: z.discriminatedUnion("kind", [
              z.object({ kind: z.literal("text"), text: z.string() }),
              z.object({ kind: z.literal("absent") }),
              z.object({ kind: z.literal("opaque"), reason: z.string() }),
            ]),
          }),
        ),
      }),
    ),
  });
  return schema;
}

/**
 * The checkpoints kept for `projectRoot` in `saved` (a file's parsed JSON). None when it is of another
 * project (a conversation resumed elsewhere must not put that project's files here) or not of this shape.
 */
export function savedCheckpointsFor(saved: unknown, projectRoot: string): FileCheckpoint[] {
  const parsed = savedCheckpointsSchema().safeParse(saved);
  if (!parsed.success || parsed.data.project_root !== projectRoot) return [];
  return parsed.data.checkpoints;
}
