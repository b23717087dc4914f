import {
  type AskUserQuestion,
  type PlanData,
  parsePlanFromText,
  parseQuestionFromText,
  type QuestionData,
} from "@parley/protocol";

/** What an agent's final text turns into: a plan card (plan mode), a question card, or nothing. */
export type FinalTextCard =
  | { kind: "Plan"; data: PlanData }
  | { kind: "Question"; question: AskUserQuestion };

/**
 * Reads an agent's final answer for a card: in plan mode a JSON plan (`parsePlanFromText`), in any mode a
 * JSON question (`parseQuestionFromText`). Text that holds neither stays text.
 */
export function finalTextCard(text: string, planMode: boolean): FinalTextCard | undefined {
  if (!text.includes("{")) return undefined;
  if (planMode) {
    const plan = parsePlanFromText(text);
    if (plan.kind === "Plan") return { kind: "Plan", data: plan.data };
  }
  const question = parseQuestionFromText(text);
  if (question.kind === "Question") return { kind: "Question", question: askUserQuestionOf(question.data) };
  return undefined;
}

function askUserQuestionOf(data: QuestionData): AskUserQuestion {
  return {
    question: data.question,
    options: data.options.map((option) => ({
      label: option.label,
      value: option.value,
      ...(option.description !== undefined && { description: option.description }),
    })),
    ...(data.multi_select !== undefined && { multi_select: data.multi_select }),
    ...(data.allow_free_text !== undefined && { allow_free_text: data.allow_free_text }),
    ...(data.severity !== undefined && { severity: data.severity }),
    ...(data.default !== undefined && { default: data.default }),
    ...(data.context !== undefined && { context: data.context }),
  };
}
