import { AskUserResponseRequestSchema, AskUserResponseSchema } from "@parley/protocol";
import type { ServerContext } from "../../server-context.ts";
import { ApiError } from "../api-error.ts";
import { defineRoute, type RouteDefinition } from "../route.ts";

/** Answers to AskUser questions: validated, stored, and accepted exactly once per question. */
export function askUserRoutes(context: ServerContext): RouteDefinition[] {
  const { store, now } = context;
  return [
    defineRoute({
      method: "post",
      path: "/api/ask-user-response",
      summary: "Answer an AskUser question (one answer per question; a second answer gets 409)",
      tag: "interactions",
      body: AskUserResponseRequestSchema,
      response: AskUserResponseSchema,
      handler: ({ body }) =>
        store.transaction(() => {
          const question = store.questions.get(body.question_id);
          if (question === undefined) throw ApiError.notFound("question", body.question_id);
          if (question.answers !== null) {
            throw new ApiError("conflict", "this question was already answered", {
              details: {
                question_id: question.question_id,
                answers: question.answers,
                answered_at_ms: question.answered_at_ms,
              },
            });
          }
          if (body.answers.length !== question.questions.length) {
            throw new ApiError(
              "invalid_request",
              `expected ${question.questions.length} answers, got ${body.answers.length}`,
              {
                issues: [{ path: "body.answers", message: `expected ${question.questions.length} answers` }],
              },
            );
          }
          const answeredAt = now();
          store.questions.answer(body.question_id, body.answers, answeredAt);
          return { question_id: body.question_id, answers: body.answers, answered_at_ms: answeredAt };
        }),
    }),
  ];
}
