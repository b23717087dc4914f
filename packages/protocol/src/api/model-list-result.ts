import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";

/** One model an agent CLI offers: the id it takes as its model, and how it names it for people. */
export const CliModelSchema = lazySchema(() =>
  z.looseObject({
    id: z.string(),
    name: z.string().optional(),
    description: z.string().optional(),
  }),
);
export type CliModel = z.infer<typeof CliModelSchema>;

/**
 * The models an agent CLI offers for a project, in its own naming (what a session's `backend_model` can be),
 * with the one it uses when none is chosen where it says so; a CLI that cannot list them fails with its words.
 */
export const ModelListResultSchema = lazySchema(() =>
  z.looseObject({
    success: z.boolean(),
    models: z.array(CliModelSchema),
    /** The model the CLI uses when the session names none, when the CLI says (`null` when it does not). */
    current_model: z.string().nullable(),
    error_message: z.string().nullable().optional(),
  }),
);
export type ModelListResult = z.infer<typeof ModelListResultSchema>;
