import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";

/** Where an external agent's tool call stands: still running, finished, or failed. */
export const ResponsePartToolStatusSchema = lazySchema(() => z.enum(["running", "completed", "error"]));
export type ResponsePartToolStatus = z.infer<typeof ResponsePartToolStatusSchema>;

/**
 * The structured side of a `tool` response part: which tool an agent CLI called, with what input, and what it
 * returned. The CLI's own permission system decided whether it ran; Parley only shows it.
 */
export const ResponsePartToolSchema = lazySchema(() =>
  z.looseObject({
    name: z.string(),
    input: z.unknown(),
    status: ResponsePartToolStatusSchema,
    /** The tool's output (or its error text) once it has one. */
    output: z.string().optional(),
  }),
);
export type ResponsePartTool = z.infer<typeof ResponsePartToolSchema>;
