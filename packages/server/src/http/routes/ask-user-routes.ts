import { AskUserResponseRequestSchema, AskUserResponseSchema } from "@parley/protocol";
import type { ServerContext } from "../../server-context.ts";
import { defineRoute, type RouteDefinition } from "../route.ts";

/** Answers to AskUser questions: validated, stored, and accepted exactly once per question. */
export function askUserRoutes(context: ServerContext): RouteDefinition[] {
  return [
    defineRoute({
      method: "post",
      path: "/api/ask-user-response",
      summary:
        "Answer an AskUser question (one answer per question; a second answer gets 409); the answer joins the chat and the agent continues with it",
      tag: "interactions",
      body: AskUserResponseRequestSchema,
      response: AskUserResponseSchema,
      handler: ({ body }) => context.agents.context.questions.answer(body),
    }),
  ];
}
