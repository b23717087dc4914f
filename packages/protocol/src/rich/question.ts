import { z } from "zod";
import { AskUserQuestionSchema } from "../events/ask-user-question.ts";
import { AskUserAnswerSchema } from "../http/ask-user.ts";
import { lazySchema } from "../shared/lazy-schema.ts";
import { IsoTimestampSchema } from "../shared/timestamps.ts";

/** How urgently a question needs an answer; the UI colours the card by it (seed 000). */
export const QuestionSeveritySchema = lazySchema(() => z.enum(["critical", "major", "minor"]));
export type QuestionSeverity = z.infer<typeof QuestionSeveritySchema>;

/** One answer a person can pick; `value` is what is sent back to the agent. */
export const QuestionOptionSchema = lazySchema(() =>
  z.looseObject({
    label: z.string().min(1),
    value: z.string(),
    description: z.string().optional(),
  }),
);
export type QuestionOption = z.infer<typeof QuestionOptionSchema>;

/** Where a question card stands: waiting, answered, withdrawn (its run stopped) or expired. */
export const QuestionStatusSchema = lazySchema(() => z.enum(["pending", "answered", "cancelled", "expired"]));
export type QuestionStatus = z.infer<typeof QuestionStatusSchema>;

/**
 * The data of a Question rich message (seed 000). A question without options is only valid when it
 * accepts a free-text answer. `default` is the preselected option value (several for `multi_select`);
 * one that matches no option's value is ignored by renderers. Parley's question cards add the AskUser
 * request they show: its `question_id`, every question of it (`questions`; the card's own fields are the
 * first), whether the ask-user tool or the agent's text asked (`source`), its `status` and the `answers`.
 */
export const QuestionDataSchema = lazySchema(() =>
  z
    .looseObject({
      question: z.string().min(1),
      options: z.array(QuestionOptionSchema),
      context: z.string().optional(),
      severity: QuestionSeveritySchema.optional(),
      default: z.union([z.string(), z.array(z.string())]).optional(),
      multi_select: z.boolean().optional(),
      allow_free_text: z.boolean().optional(),
      question_id: z.string().min(1).optional(),
      questions: z.array(AskUserQuestionSchema).optional(),
      source: z.enum(["tool", "text"]).optional(),
      status: QuestionStatusSchema.optional(),
      /** One answer per question, in order. */
      answers: z.array(AskUserAnswerSchema).optional(),
      answered_at: IsoTimestampSchema.optional(),
      tool_use_id: z.string().optional(),
    })
    .superRefine((question, context) => {
      if (question.options.length === 0 && question.allow_free_text !== true) {
        context.addIssue({
          code: "custom",
          path: ["options"],
          message: "a question needs at least one option unless it allows a free-text answer",
        });
      }
    }),
);
export type QuestionData = z.infer<typeof QuestionDataSchema>;

/** A Question rich message, rendered as a card with one button per option. */
export const QuestionMessageSchema = lazySchema(() =>
  z.looseObject({
    kind: z.literal("Question"),
    data: QuestionDataSchema,
  }),
);
export type QuestionMessage = z.infer<typeof QuestionMessageSchema>;
