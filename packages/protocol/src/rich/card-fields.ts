import type { SpecialBlockType } from "./special-blocks.ts";

/** Fields of a plan and of its steps that only Parley sets: the card's state, never the model's say. */
const PLAN_CARD_FIELDS = ["status", "decision", "explanation"];
const PLAN_STEP_CARD_FIELDS = ["status", "note"];

/** Fields of a question that only Parley sets: the AskUser request it shows and its answer. */
const QUESTION_CARD_FIELDS = [
  "question_id",
  "questions",
  "source",
  "status",
  "answers",
  "answered_at",
  "tool_use_id",
];

/**
 * A plan or question the model wrote, without the card fields Parley keeps on the same data: a model
 * cannot present its plan as already executing or its question as answered, and a stray `status` of its
 * own does not make a valid plan invalid. Other objects are returned as they are.
 */
export function withoutCardFields(
  blockType: SpecialBlockType,
  value: Record<string, unknown>,
): Record<string, unknown> {
  if (blockType === "ask_user") return omit(value, QUESTION_CARD_FIELDS);
  if (blockType !== "plan") return value;
  const plan = omit(value, PLAN_CARD_FIELDS);
  if (Array.isArray(plan.steps))
    plan.steps = plan.steps.map((step: unknown) =>
      typeof step === "object" && step !== null && !Array.isArray(step)
        ? omit(step as Record<string, unknown>, PLAN_STEP_CARD_FIELDS)
        : step,
    );
  return plan;
}

function omit(value: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  const copy = { ...value };
  for (const field of fields) delete copy[field];
  return copy;
}
