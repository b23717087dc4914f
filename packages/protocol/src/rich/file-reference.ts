import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";

/**
 * The data of a FileReference rich message: a path (relative to the project root where possible),
 * an optional 1-based inclusive line range, and why the file matters.
 */
export const FileReferenceDataSchema = lazySchema(() =>
  z
    .looseObject({
      path: z.string().min(1),
      start_line: z.number().int().positive().optional(),
      end_line: z.number().int().positive().optional(),
      description: z.string().optional(),
    })
    .superRefine((reference, context) => {
      if (reference.end_line === undefined) return;
      if (reference.start_line === undefined) {
        context.addIssue({
          code: "custom",
          path: ["start_line"],
          message: "`end_line` needs a `start_line`",
        });
      } else if (reference.end_line < reference.start_line) {
        context.addIssue({
          code: "custom",
          path: ["end_line"],
          message: "`end_line` is before `start_line`",
        });
      }
    }),
);
export type FileReferenceData = z.infer<typeof FileReferenceDataSchema>;

/** A FileReference rich message. */
export const FileReferenceMessageSchema = lazySchema(() =>
  z.looseObject({
    kind: z.literal("FileReference"),
    data: FileReferenceDataSchema,
  }),
);
export type FileReferenceMessage = z.infer<typeof FileReferenceMessageSchema>;
