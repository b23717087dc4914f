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

const SEVERITY_RANK = { critical: 3, major: 2, minor: 1 } as const;

/** How pressing a question is: `critical` (red), `major` (orange) or `minor` (the default). */
export type QuestionSeverity = keyof typeof SEVERITY_RANK;

/** The highest severity among a card's questions, which colours the whole card. */
export function highestSeverity(questions: readonly AskUserQuestion[]): QuestionSeverity {
  let highest: QuestionSeverity = "minor";
  for (const question of questions) {
    const severity = question.severity ?? "minor";
    if (SEVERITY_RANK[severity] > SEVERITY_RANK[highest]) highest = severity;
  }
  return highest;
}

/** Whether a card is answered with one pick: a single question that is not multi-select. */
export function answersWithOnePick(questions: readonly AskUserQuestion[]): boolean {
  return questions.length === 1 && questions[0]?.multi_select !== true;
}

/** The selections a card starts with: each question's default (one value unless multi-select). */
export function initialSelections(questions: readonly AskUserQuestion[]): string[][] {
  return questions.map((item) =>
    item.multi_select === true ? defaultValues(item) : defaultValues(item).slice(0, 1),
  );
}

/** Picks `value` for question `index`: the one choice, or toggled in a multi-select question. */
export function toggleSelection(
  selections: readonly string[][],
  index: number,
  value: string,
  multi: boolean,
): string[][] {
  return selections.map((selected, position) => {
    if (position !== index) return selected;
    if (!multi) return [value];
    return selected.includes(value) ? selected.filter((item) => item !== value) : [...selected, value];
  });
}

/** The answers to send: free text wins for a single-choice question and joins the picks of a multi-select one. */
export function assembleAnswers(
  questions: readonly AskUserQuestion[],
  selections: readonly string[][],
  texts: readonly string[],
): AskUserAnswer[] {
  return questions.map((item, index): AskUserAnswer => {
    const text = texts[index]?.trim() ?? "";
    const chosen = selections[index] ?? [];
    if (item.multi_select === true) return text === "" ? chosen : [...chosen, text];
    return text !== "" ? text : (chosen[0] ?? "");
  });
}

/** True when every question has an answer. */
export function answersComplete(answers: readonly AskUserAnswer[]): boolean {
  return answers.every((answer) => (Array.isArray(answer) ? answer.length > 0 : answer !== ""));
}

/** The answer a settled card recorded for question `index` (empty when none). */
export function recordedAnswer(question: QuestionCard, index: number): AskUserAnswer {
  return question.answers?.[index] ?? [];
}
