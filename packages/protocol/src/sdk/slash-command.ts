import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";

/** A slash command the CLI offers (`/compact`, a skill, a plugin command, ...). */
export const SlashCommandSchema = lazySchema(() =>
  z.looseObject({
    name: z.string(),
    description: z.string(),
    argumentHint: z.string(),
    aliases: z.array(z.string()).optional(),
    builtin: z.boolean().optional(),
  }),
);
export type SlashCommand = z.infer<typeof SlashCommandSchema>;
