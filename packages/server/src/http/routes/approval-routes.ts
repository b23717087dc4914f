import {
  ApprovalAnswerRequestSchema,
  ApprovalListQuerySchema,
  ApprovalListSchema,
  ApprovalParamsSchema,
  ApprovalSchema,
} from "@parley/protocol";
import type { ServerContext } from "../../server-context.ts";
import { ApiError } from "../api-error.ts";
import { defineRoute, type RouteDefinition } from "../route.ts";
import { requireShallowJson } from "./json-depth.ts";

/** Tool approvals: list them, and answer one exactly once. */
export function approvalRoutes(context: ServerContext): RouteDefinition[] {
  const { store } = context;
  return [
    defineRoute({
      method: "get",
      path: "/api/approvals",
      summary: "Tool approvals of a session (or of the project), oldest first, optionally in one state",
      tag: "interactions",
      query: ApprovalListQuerySchema,
      response: ApprovalListSchema,
      handler: ({ query }) => {
        if (query.session_id === undefined)
          return { approvals: store.approvals.byProject(context.projectRoot, query.state) };
        if (store.sessions.get(query.session_id) === undefined)
          throw ApiError.notFound("session", query.session_id);
        return { approvals: store.approvals.bySession(query.session_id, query.state) };
      },
    }),
    defineRoute({
      method: "post",
      path: "/api/approvals/:approval_id",
      summary:
        "Answer a tool approval: approve once, approve and always allow, or reject with feedback; optionally with an edited input (one answer per approval; a second gets 409)",
      tag: "interactions",
      params: ApprovalParamsSchema,
      body: ApprovalAnswerRequestSchema,
      response: ApprovalSchema,
      handler: ({ params, body }) => {
        requireShallowJson(body, "body");
        return context.agents.context.approvals.answer(params.approval_id, body);
      },
    }),
  ];
}
