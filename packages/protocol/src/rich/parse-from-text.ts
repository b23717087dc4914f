import type { z } from "zod";
import { type DecodeResult, decodeWith } from "../shared/decode-result.ts";
import { withoutCardFields } from "./card-fields.ts";
import { decodeFailure } from "./decode-failure.ts";
import { findJsonObjects } from "./json-candidates.ts";
import { type PlanData, PlanDataSchema, type PlanMessage } from "./plan.ts";
import { type QuestionData, QuestionDataSchema, type QuestionMessage } from "./question.ts";
import type { RichWarningOptions } from "./rich-warning.ts";
import { isSpecialBlockType, type SpecialBlockType } from "./special-blocks.ts";
import { createTextMessage, type TextMessage } from "./text.ts";

/**
 * Reads a plan from model output (fenced or bare JSON, possibly among several blocks) and returns the
 * first valid one as a Plan message; otherwise the whole text as a Text message, with a warning.
 */
export function parsePlanFromText(text: string, options: RichWarningOptions = {}): PlanMessage | TextMessage {
  const found: DecodeResult<PlanData> = findValidObjectInText(text, PlanDataSchema, "plan");
  if (found.success) return { kind: "Plan", data: found.value };
  options.onWarning?.({
    code: "no_valid_plan",
    message: `shown as Text, no valid plan: ${found.error.message}`,
  });
  return createTextMessage(text);
}

/**
 * Reads a question from model output the same way as `parsePlanFromText`; falls back to Text when no
 * candidate has a `question` and valid `options`.
 */
export function parseQuestionFromText(
  text: string,
  options: RichWarningOptions = {},
): QuestionMessage | TextMessage {
  const found: DecodeResult<QuestionData> = findValidObjectInText(text, QuestionDataSchema, "ask_user");
  if (found.success) return { kind: "Question", data: found.value };
  options.onWarning?.({
    code: "no_valid_question",
    message: `shown as Text, no valid question: ${found.error.message}`,
  });
  return createTextMessage(text);
}

/**
 * The first JSON object in `text` that `schema` accepts. An object tagged with the matching special
 * block `type` counts (the tag is dropped); one tagged as another special block is skipped. On failure
 * the error is the first one from an object that looked like the target, so it names the bad field.
 * Card fields only Parley sets are dropped from what the model wrote first (see `withoutCardFields`).
 */
export function findValidObjectInText<S extends z.ZodObject>(
  text: string,
  schema: S,
  blockType: SpecialBlockType,
): DecodeResult<z.output<S>> {
  const candidates = findJsonObjects(text);
  let relevantError: string | undefined;
  for (const candidate of candidates) {
    const { type, ...fields } = candidate.value;
    if (isSpecialBlockType(type) && type !== blockType) continue;
    const value = withoutCardFields(blockType, type === blockType ? fields : candidate.value);
    const result = decodeWith(schema, value);
    if (result.success) return result;
    const looksRelevant = type === blockType || Object.keys(value).some((key) => key in schema.shape);
    if (looksRelevant && relevantError === undefined) relevantError = result.error.message;
  }
  if (relevantError !== undefined) return decodeFailure("", relevantError);
  if (candidates.length === 0) return decodeFailure("", "the text holds no complete JSON object");
  return decodeFailure("", "no JSON object in the text has the expected fields");
}
