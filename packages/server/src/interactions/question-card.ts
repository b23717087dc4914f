import type { AskUserAnswer, AskUserQuestion, QuestionData } from "@parley/protocol";
import { ApiError } from "../http/api-error.ts";

/**
 * The data of a Question chat message for one AskUser request: the first question in seed 000's shape (so
 * any Question renderer shows it), plus every question of the request, the id to answer with, and its state.
 */
export function questionCardData(
  questions: readonly AskUserQuestion[],
  questionId: string,
  source: "tool" | "text",
  toolUseId?: string,
): QuestionData {
  const [first] = questions;
  return {
    question: first?.question ?? "",
    options: first?.options ?? [],
    ...(first?.context !== undefined && { context: first.context }),
    ...(first?.severity !== undefined && { severity: first.severity }),
    ...(first?.default !== undefined && { default: first.default }),
    ...(first?.multi_select !== undefined && { multi_select: first.multi_select }),
    ...(first?.allow_free_text !== undefined && { allow_free_text: first.allow_free_text }),
    question_id: questionId,
    questions: [...questions],
    source,
    ...(toolUseId !== undefined && { tool_use_id: toolUseId }),
    status: "pending",
  };
}

/**
 * Checks answers against their questions: one per question; several values only for a multi-select
 * question; values that are not options only when free text is allowed. Throws a 400 naming the answer.
 */
export function checkAnswers(questions: readonly AskUserQuestion[], answers: readonly AskUserAnswer[]): void {
  if (answers.length !== questions.length) {
    throw new ApiError("invalid_request", `expected ${questions.length} answers, got ${answers.length}`, {
      issues: [{ path: "body.answers", message: `expected ${questions.length} answers` }],
    });
  }
  questions.forEach((question, index) => {
    const values = [answers[index] ?? ""].flat();
    const fail = (message: string) => {
      throw new ApiError("invalid_request", `answer ${index + 1}: ${message}`, {
        issues: [{ path: `body.answers.${index}`, message }],
      });
    };
    if (values.length > 1 && question.multi_select !== true)
      fail("this question takes one answer, not several");
    if (question.allow_free_text === true) return;
    const allowed = new Set(question.options.map((option) => option.value));
    const unknown = values.find((value) => !allowed.has(value));
    if (unknown !== undefined)
      fail(`${JSON.stringify(unknown)} is not one of the options (${[...allowed].join(", ")})`);
  });
}

/** The answers as the user message the chat shows (and, for a question in text, what the agent is sent). */
export function answerText(questions: readonly AskUserQuestion[], answers: readonly AskUserAnswer[]): string {
  const texts = answers.map((answer, index) => {
    const question = questions[index];
    const labels = [answer].flat().map((value) => {
      const option = question?.options.find((candidate) => candidate.value === value);
      return option?.label ?? value;
    });
    return labels.join(", ");
  });
  if (questions.length === 1) return texts[0] ?? "";
  return questions.map((question, index) => `${question.question}\n→ ${texts[index] ?? ""}`).join("\n\n");
}
