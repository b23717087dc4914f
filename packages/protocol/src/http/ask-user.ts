import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";
import { IdSchema } from "./common.ts";

/** One answer: the chosen option value(s) or free text. */
export const AskUserAnswerSchema = lazySchema(() =>
  z.union([z.string().max(10_000), z.array(z.string().max(10_000)).max(100)]),
);
export type AskUserAnswer = z.infer<typeof AskUserAnswerSchema>;

/** `POST /api/ask-user-response`: answers an AskUser question, one answer per question, in order. */
export const AskUserResponseRequestSchema = lazySchema(() =>
  z.looseObject({
    question_id: IdSchema,
    answers: z.array(AskUserAnswerSchema).min(1).max(20),
  }),
);
export type AskUserResponseRequest = z.infer<typeof AskUserResponseRequestSchema>;

/**
 * The stored answer; a second answer to the same question gets 409 with the first one in `details`.
 * `message_id` is the user message the answer was added to the chat as; `run_id` the run that continues
 * with it (the waiting run, a run resumed after a restart, or the run the answer started).
 */
export const AskUserResponseSchema = lazySchema(() =>
  z.looseObject({
    question_id: z.string(),
    answers: z.array(AskUserAnswerSchema),
    answered_at_ms: z.int().nonnegative(),
    message_id: z.string().optional(),
    run_id: z.string().optional(),
  }),
);
export type AskUserResponse = z.infer<typeof AskUserResponseSchema>;
