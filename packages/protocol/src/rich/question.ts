import { z } from "zod";

/** How urgently a question needs an answer; the UI colours the card by it (seed 000). */
export const QuestionSeveritySchema = z.enum(["critical", "major", "minor"]);
export type QuestionSeverity = z.infer<typeof QuestionSeveritySchema>;

/** One answer a person can pick; `value` is what is sent back to the agent. */
export const QuestionOptionSchema = z.looseObject({
  label: z.string().min(1),
  value: z.string(),
  description: z.string().optional(),
});
export type QuestionOption = z.infer<typeof QuestionOptionSchema>;

/**
 * The data of a Question rich message (seed 000). A question without options is only valid when it
 * accepts a free-text answer. `default` is the preselected option value (several for `multi_select`);
 * one that matches no option's value is ignored by renderers.
 */
export const QuestionDataSchema = z
  .looseObject({
    question: z.string().min(1),
    options: z.array(QuestionOptionSchema),
    context: z.string().optional(),
    severity: QuestionSeveritySchema.optional(),
    default: z.union([z.string(), z.array(z.string())]).optional(),
    multi_select: z.boolean().optional(),
    allow_free_text: z.boolean().optional(),
  })
  .superRefine((question, context) => {
    if (question.options.length === 0 && question.allow_free_text !== true) {
      context.addIssue({
        code: "custom",
        path: ["options"],
        message: "a question needs at least one option unless it allows a free-text answer",
      });
    }
  });
export type QuestionData = z.infer<typeof QuestionDataSchema>;

/** A Question rich message, rendered as a card with one button per option. */
export const QuestionMessageSchema = z.looseObject({
  kind: z.literal("Question"),
  data: QuestionDataSchema,
});
export type QuestionMessage = z.infer<typeof QuestionMessageSchema>;
