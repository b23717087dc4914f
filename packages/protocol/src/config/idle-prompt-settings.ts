import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";

/**
 * Idle prompts in the settings file (`idle_prompts`): whether an agent that falls idle is prompted toward the
 * project's mission, after how long, and how often per mission. A field left out falls back to the
 * environment (`PARLEY_IDLE_PROMPTS`, `PARLEY_IDLE_AFTER_SECONDS`, `PARLEY_IDLE_MAX_TURNS`), then the default.
 */
export const IdlePromptSettingsSchema = lazySchema(() =>
  z.looseObject({
    enabled: z.boolean().optional(),
    /** Seconds an agent must be idle first (10 s to 7 days). */
    after_seconds: z
      .int()
      .min(10)
      .max(7 * 24 * 3600)
      .optional(),
    /** Idle prompts per mission at most. */
    max_turns_per_mission: z.int().min(1).max(1000).optional(),
  }),
);
export type IdlePromptSettings = z.infer<typeof IdlePromptSettingsSchema>;

/** Where the idle prompt switch was set: the settings file, the environment, or neither (off). */
export const IdlePromptSourceSchema = lazySchema(() => z.enum(["settings", "env", "default"]));
export type IdlePromptSource = z.infer<typeof IdlePromptSourceSchema>;

/** Idle prompts as the server runs them now (`GET /api/settings`'s `idle_prompts`). */
export const IdlePromptStatusSchema = lazySchema(() =>
  z.looseObject({
    enabled: z.boolean(),
    after_seconds: z.int().positive(),
    max_turns_per_mission: z.int().positive(),
    source: IdlePromptSourceSchema,
  }),
);
export type IdlePromptStatus = z.infer<typeof IdlePromptStatusSchema>;
