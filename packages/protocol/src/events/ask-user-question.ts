import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";

/** One answer a user can pick; `value` is what is sent back, `label` what is shown. */
export const AskUserOptionSchema = lazySchema(() =>
  z.looseObject({
    label: z.string(),
    value: z.string(),
    description: z.string().optional(),
  }),
);
export type AskUserOption = z.infer<typeof AskUserOptionSchema>;

/** How urgently a question needs attention (seed 000): critical is red, major orange, minor default. */
export const AskUserSeveritySchema = lazySchema(() => z.enum(["critical", "major", "minor"]));
export type AskUserSeverity = z.infer<typeof AskUserSeveritySchema>;

/**
 * One question of an `AskUser` event. `default` is the preselected option value (several for
 * `multi_select`); `allow_free_text` lets the user type an answer that is not an option.
 */
export const AskUserQuestionSchema = lazySchema(() =>
  z.looseObject({
    question: z.string(),
    options: z.array(AskUserOptionSchema),
    multi_select: z.boolean().optional(),
    allow_free_text: z.boolean().optional(),
    severity: AskUserSeveritySchema.optional(),
    default: z.union([z.string(), z.array(z.string())]).optional(),
    context: z.string().optional(),
  }),
);
export type AskUserQuestion = z.infer<typeof AskUserQuestionSchema>;
