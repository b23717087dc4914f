import {
  type AskUserAnswer,
  type AskUserQuestion,
  type QuestionData,
  QuestionDataSchema,
} from "@parley/protocol";

/**
 * A Question card's data with every question of its request in `questions`: a question the agent wrote in
 * its text (seed 000's shape alone) gets its own fields as the one question.
 */
export type QuestionCard = QuestionData & { questions: AskUserQuestion[] };

/** A Question card's (or `ask_user` block's) data, or undefined when it is not a valid question. */
export function readQuestionCard(data: unknown): QuestionCard | undefined {
  const parsed = QuestionDataSchema.safeParse(data);
  if (!parsed.success) return undefined;
  const questions = parsed.data.questions ?? [];
  return { ...parsed.data, questions: questions.length > 0 ? questions : [firstQuestion(parsed.data)] };
}

/** The card's own question, as one question of a request. */
function firstQuestion(data: QuestionData): AskUserQuestion {
  const question: AskUserQuestion = { question: data.question, options: data.options };
  if (data.multi_select !== undefined) question.multi_select = data.multi_select;
  if (data.allow_free_text !== undefined) question.allow_free_text = data.allow_free_text;
  if (data.severity !== undefined) question.severity = data.severity;
  if (data.default !== undefined) question.default = data.default;
  if (data.context !== undefined) question.context = data.context;
  return question;
}

/** The values a question preselects: its `default`, as a list. */
export function defaultValues(question: AskUserQuestion): string[] {
  if (question.default === undefined) return [];
  return [question.default].flat();
}

/** An answer's option labels (free text as typed), for showing what was chosen. */
export function answerLabels(question: AskUserQuestion | undefined, answer: AskUserAnswer): string[] {
  return [answer]
    .flat()
    .map((value) => question?.options.find((option) => option.value === value)?.label ?? value);
}
