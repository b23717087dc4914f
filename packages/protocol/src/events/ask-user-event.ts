import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";
import { AskUserQuestionSchema } from "./ask-user-question.ts";
import { EventRoutingSchema } from "./event-routing.ts";

/**
 * An agent is waiting for the user to answer (seed 002 `AskUser`); answers go back with `question_id`.
 * `message_id` is the Question chat message; `source` says whether the AskUserQuestion tool asked
 * (`tool_use_id` is its call) or the agent wrote the question as JSON in its answer.
 */
export const AskUserEventSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("AskUser"),
    agent_id: z.string(),
    question_id: z.string(),
    questions: z.array(AskUserQuestionSchema).min(1),
    message_id: z.string().optional(),
    source: z.enum(["tool", "text"]).optional(),
    tool_use_id: z.string().optional(),
    run_id: z.string().optional(),
    ...EventRoutingSchema.shape,
  }),
);
export type AskUserEvent = z.infer<typeof AskUserEventSchema>;
