import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";

/** The type of a workflow input; a value given on the command line or in the composer is converted to it. */
export const WorkflowInputTypeSchema = lazySchema(() => z.enum(["string", "number", "boolean"]));
export type WorkflowInputType = z.infer<typeof WorkflowInputTypeSchema>;

/** A value given for a workflow input (a string is bounded so inputs stay a page, not a file). */
export const WorkflowInputValueSchema = lazySchema(() =>
  z.union([z.string().max(100_000), z.number(), z.boolean()]),
);
export type WorkflowInputValue = z.infer<typeof WorkflowInputValueSchema>;

/**
 * A typed parameter of a workflow (Goose recipes' `parameters`, GitHub's `workflow_dispatch.inputs`). An
 * input with a `default` is optional; one without is required unless it says `required: false`.
 */
export const WorkflowInputSchema = lazySchema(() =>
  z
    .strictObject({
      type: WorkflowInputTypeSchema.default("string"),
      description: z.string().max(2_000).optional(),
      default: WorkflowInputValueSchema.optional(),
      required: z.boolean().optional(),
    })
    .superRefine((input, context) => {
      if (input.default !== undefined && typeof input.default !== input.type) {
        context.addIssue({
          code: "custom",
          path: ["default"],
          message: `the default must be a ${input.type}, got ${JSON.stringify(input.default)}`,
        });
      }
    }),
);
export type WorkflowInput = z.infer<typeof WorkflowInputSchema>;
