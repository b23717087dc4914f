import { lazySchema, QuestionSeveritySchema } from "@parley/protocol";
import { z } from "zod";

/** One choice of an `AskUserQuestion` question; the answer names it by `label`. */
export const AskUserToolOptionSchema = lazySchema(() =>
  z.object({
    label: z.string().min(1).describe("The choice as the user sees it (1-5 words); the answer repeats it"),
    description: z.string().optional().describe("What choosing it means, or its trade-offs"),
  }),
);
export type AskUserToolOption = z.infer<typeof AskUserToolOptionSchema>;

/**
 * One question, in Claude Code's shape (`question`, `header`, `options`, `multiSelect`) plus Parley's
 * `severity`, `default` (option labels), `allowFreeText` and `context`. Needs 2+ options with distinct
 * labels unless it accepts a free-text answer; a `default` must name options.
 */
export const AskUserToolQuestionSchema = lazySchema(() =>
  z
    .object({
      question: z.string().min(1).describe("The complete question, ending with a question mark"),
      header: z.string().optional().describe("A very short label for the question (max 12 characters)"),
      options: z
        .array(AskUserToolOptionSchema)
        .describe("The choices: 2 or more, unless allowFreeText is set"),
      multiSelect: z.boolean().optional().describe("Whether the user may pick several options"),
      severity: QuestionSeveritySchema.optional().describe(
        "How much the answer matters: critical (blocks the work or risks damage), major, minor",
      ),
      default: z
        .union([z.string(), z.array(z.string())])
        .optional()
        .describe("The label(s) of the option(s) you recommend"),
      allowFreeText: z.boolean().optional().describe("Whether the user may type an answer of their own"),
      context: z.string().optional().describe("Background the user needs to answer well"),
    })
    .superRefine((question, issues) => {
      const free = question.allowFreeText === true;
      if (question.options.length < 2 && !(free && question.options.length === 0)) {
        issues.addIssue({
          code: "custom",
          path: ["options"],
          message: free
            ? "give no options (free text only) or at least 2"
            : "a question needs at least 2 options unless allowFreeText is true",
        });
      }
      const labels = question.options.map((option) => option.label);
      const duplicate = labels.find((label, index) => labels.indexOf(label) !== index);
      if (duplicate !== undefined) {
        issues.addIssue({
          code: "custom",
          path: ["options"],
          message: `the label "${duplicate}" appears twice`,
        });
      }
      const defaults = question.default === undefined ? [] : [question.default].flat();
      if (Array.isArray(question.default) && question.multiSelect !== true) {
        issues.addIssue({
          code: "custom",
          path: ["default"],
          message: "only a multiSelect question can default to several options",
        });
      }
      const unknown = defaults.find((label) => !labels.includes(label));
      if (unknown !== undefined && !free) {
        issues.addIssue({
          code: "custom",
          path: ["default"],
          message: `"${unknown}" is not one of the option labels`,
        });
      }
    }),
);
export type AskUserToolQuestion = z.infer<typeof AskUserToolQuestionSchema>;

/** The `AskUserQuestion` tool's input: 1 to 4 questions asked together. */
export const AskUserToolInputSchema = lazySchema(() =>
  z.object({
    questions: z.array(AskUserToolQuestionSchema).min(1).max(4).describe("The questions to ask (1-4)"),
  }),
);
export type AskUserToolInput = z.infer<typeof AskUserToolInputSchema>;
