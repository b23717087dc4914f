import { z } from "zod";
import { JsonValueSchema } from "../shared/json-value.ts";
import { lazySchema } from "../shared/lazy-schema.ts";

/**
 * Why an operation failed (seed 001's `ErrorDetail`): a stable `code` programs branch on, a `message`
 * people read, optional structured `details`, and whether trying again may help.
 */
export const ErrorDetailSchema = lazySchema(() =>
  z.looseObject({
    code: z.string().min(1),
    message: z.string(),
    details: JsonValueSchema.optional(),
    retryable: z.boolean().optional(),
  }),
);
export type ErrorDetail = z.infer<typeof ErrorDetailSchema>;
