import { z } from "zod";
import { IdlePromptStatusSchema } from "../config/idle-prompt-settings.ts";
import { lazySchema } from "../shared/lazy-schema.ts";
import { SkippedFileSchema } from "./skipped-file.ts";

/**
 * The project's instruction files (AGENTS.md, CLAUDE.md, .claude/CLAUDE.md, CLAUDE.local.md) and whether
 * Parley's agent is given them, with the files they import (`@path`): those it reads, how much of each (a
 * budget caps them together), and those that are there and are not read, with why (a symlink or an import
 * out of the project).
 */
export const ProjectInstructionsStatusSchema = lazySchema(() =>
  z.looseObject({
    enabled: z.boolean(),
    files: z.array(
      z.looseObject({
        path: z.string(),
        bytes: z.int().nonnegative(),
        given_bytes: z.int().nonnegative(),
        /** Later files that are this one (a `CLAUDE.md` symlink to `AGENTS.md`) or hold its text: given once. */
        duplicates: z.array(z.string()).optional(),
        /** The file whose `@path` import brought this one in (absent for a file read by its name). */
        imported_by: z.string().optional(),
      }),
    ),
    skipped: z.array(SkippedFileSchema),
    /** The skills the `Skill` tool offers (the same switch turns them off); absent from older servers. */
    skills: z
      .array(
        z.looseObject({
          name: z.string(),
          description: z.string(),
          source: z.enum(["user", "project"]),
          /** Project-relative, or `~/…` for the person's own. */
          folder: z.string(),
        }),
      )
      .optional(),
    /** Skill folders that are there and are not offered, with why. */
    skipped_skills: z.array(SkippedFileSchema).optional(),
  }),
);
export type ProjectInstructionsStatus = z.infer<typeof ProjectInstructionsStatusSchema>;

/**
 * `GET /api/settings`: the settings with every API key replaced by whether it is set and its last four
 * characters, so keys never travel back to a browser. `model` tells what answers right now.
 */
export const SettingsViewSchema = lazySchema(() =>
  z.looseObject({
    settings: z.looseObject({}),
    api_keys: z.array(
      z.looseObject({
        provider: z.string(),
        configured: z.boolean(),
        hint: z.string().optional(),
        source: z.string(),
      }),
    ),
    model: z.looseObject({
      ref: z.string(),
      /** A short human label, e.g. "claude-opus-5-5 (anthropic)" or "Demo model (offline)". */
      label: z.string(),
      provider: z.string(),
      model: z.string(),
      is_demo: z.boolean(),
      source: z.string(),
      /** Set when the configured model cannot be used (unknown provider, missing key): what to fix. */
      error: z.string().optional(),
    }),
    /** Whether idle agents are prompted toward the mission now, and from where that was set. */
    idle_prompts: IdlePromptStatusSchema.optional(),
    /** The project's instruction files, as the next run would be given them. */
    project_instructions: ProjectInstructionsStatusSchema.optional(),
  }),
);
export type SettingsView = z.infer<typeof SettingsViewSchema>;

/**
 * `POST /api/settings`: a partial update deep-merged into the stored settings, whose result must be valid
 * `ParleySettings`. `null` removes a field (e.g. an `api_key`); an absent field stays unchanged; arrays are
 * replaced, except that an OpenAI-compatible endpoint sent without `api_key` keeps the stored key.
 */
export const SettingsUpdateSchema = lazySchema(() => z.record(z.string(), z.unknown()));
export type SettingsUpdate = z.infer<typeof SettingsUpdateSchema>;
