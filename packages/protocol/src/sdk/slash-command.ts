import { z } from "zod";

/** A slash command the CLI offers (`/compact`, a skill, a plugin command, ...). */
export const SlashCommandSchema = z.looseObject({
  name: z.string(),
  description: z.string(),
  argumentHint: z.string(),
  aliases: z.array(z.string()).optional(),
  builtin: z.boolean().optional(),
});
export type SlashCommand = z.infer<typeof SlashCommandSchema>;
