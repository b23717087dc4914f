import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";

/** The data of a Processing rich message: a stage name, a line for people, and progress from 0 to 1. */
export const ProcessingDataSchema = lazySchema(() =>
  z.looseObject({
    stage: z.string().min(1),
    message: z.string(),
    progress: z.number().min(0).max(1).optional(),
  }),
);
export type ProcessingData = z.infer<typeof ProcessingDataSchema>;

/** A Processing rich message: something is under way and has no result yet. */
export const ProcessingMessageSchema = lazySchema(() =>
  z.looseObject({
    kind: z.literal("Processing"),
    data: ProcessingDataSchema,
  }),
);
export type ProcessingMessage = z.infer<typeof ProcessingMessageSchema>;
