import type { AskUserQuestion } from "@parley/protocol";
import type { AskUserToolQuestion } from "./ask-user-input.ts";

/**
 * The tool's questions in the protocol's `AskUser` event shape (snake_case, each option's `value` is
 * its label, so an answer the UI sends back is the label the model chose from).
 */
export function askUserEventQuestions(questions: readonly AskUserToolQuestion[]): AskUserQuestion[] {
  return questions.map((question) => ({
    question: question.question,
    options: question.options.map((option) => ({
      label: option.label,
      value: option.label,
      ...(option.description !== undefined && { description: option.description }),
    })),
    ...(question.multiSelect !== undefined && { multi_select: question.multiSelect }),
    ...(question.allowFreeText !== undefined && { allow_free_text: question.allowFreeText }),
    ...(question.severity !== undefined && { severity: question.severity }),
    ...(question.default !== undefined && { default: question.default }),
    ...(question.context !== undefined && { context: question.context }),
    ...(question.header !== undefined && { header: question.header }),
  }));
}
