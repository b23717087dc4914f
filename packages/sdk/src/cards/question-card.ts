import {
  type AskUserAnswer,
  AskUserAnswerSchema,
  type AskUserQuestion,
  AskUserQuestionSchema,
  type QuestionData,
  QuestionDataSchema,
} from "@parley/protocol";
import { dropMistyped } from "./card-fields.ts";

/** Where a question stands: waiting, answered, withdrawn (its run stopped) or expired. */
export type QuestionCardStatus = "pending" | "answered" | "cancelled" | "expired";

/**
 * A Question card's data: the first question in seed 000's shape, every question of the request
 * (`questions`, at least that one), the id to answer with, and the answers once given.
 */
export type QuestionCard = QuestionData & {
  questions: AskUserQuestion[];
  question_id?: string;
  /** Whether the AskUserQuestion tool asked, or the agent wrote the question in its text. */
  source?: "tool" | "text";
  status?: QuestionCardStatus;
  /** One answer per question, in order. */
  answers?: AskUserAnswer[];
  answered_at?: string;
  tool_use_id?: string;
};

const STATUSES: readonly string[] = ["pending", "answered", "cancelled", "expired"];

/** A Question card's (or `ask_user` block's) data, or undefined when it is not a valid question. */
export function readQuestionCard(data: unknown): QuestionCard | undefined {
  const parsed = QuestionDataSchema.safeParse(data);
  if (!parsed.success) return undefined;
  const card: Record<string, unknown> = { ...parsed.data };
  dropMistyped(card, { question_id: "string", answered_at: "string", tool_use_id: "string" });
  if (card.source !== "tool" && card.source !== "text") delete card.source;
  if (!STATUSES.includes(card.status as string)) delete card.status;
  const questions = Array.isArray(card.questions)
    ? card.questions.flatMap((question) => {
        const decoded = AskUserQuestionSchema.safeParse(question);
        return decoded.success ? [decoded.data] : [];
      })
    : [];
  card.questions = questions.length > 0 ? questions : [firstQuestion(parsed.data)];
  if (
    Array.isArray(card.answers) &&
    card.answers.every((answer) => AskUserAnswerSchema.safeParse(answer).success)
  )
    card.answers = [...card.answers];
  else delete card.answers;
  return card as QuestionCard;
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
