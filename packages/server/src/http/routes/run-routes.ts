import {
  AgentCancelRequestSchema,
  AgentCancelResponseSchema,
  AgentChildrenQuerySchema,
  AgentContextQuerySchema,
  AgentContextSchema,
  AgentRunListSchema,
  AgentRunsQuerySchema,
} from "@parley/protocol";
import type { ServerContext } from "../../server-context.ts";
import { ApiError } from "../api-error.ts";
import { defineRoute, type RouteDefinition } from "../route.ts";
import { summarizeContext } from "./context-summary.ts";
import { requireProject } from "./project.ts";

/** Seed 002's agent-run routes: list, children, context, cancel. */
export function runRoutes(context: ServerContext): RouteDefinition[] {
  const { store } = context;
  const requireRun = (id: string) => {
    const run = store.runs.get(id);
    if (run === undefined) throw ApiError.notFound("run", id);
    return run;
  };
  return [
    defineRoute({
      method: "get",
      path: "/api/agent-runs",
      summary: "Runs of a session, or of the whole project, oldest first",
      tag: "runs",
      query: AgentRunsQuerySchema,
      response: AgentRunListSchema,
      handler: ({ query }) => {
        const project = requireProject(context.projectRoot, query.project_root);
        if (query.session_id === undefined) return { runs: store.runs.listByProject(project) };
        if (store.sessions.get(query.session_id) === undefined)
          throw ApiError.notFound("session", query.session_id);
        return { runs: store.runs.listBySession(query.session_id) };
      },
    }),
    defineRoute({
      method: "get",
      path: "/api/agent-children",
      summary: "Runs spawned by a run (subagents)",
      tag: "runs",
      query: AgentChildrenQuerySchema,
      response: AgentRunListSchema,
      handler: ({ query }) => {
        requireRun(query.run_id);
        return { runs: store.runs.children(query.run_id) };
      },
    }),
    defineRoute({
      method: "get",
      path: "/api/agent-context",
      summary: "What a run saw and said: a summary, or the raw SDK messages",
      tag: "runs",
      query: AgentContextQuerySchema,
      response: AgentContextSchema,
      handler: ({ query }) =>
        summarizeContext(requireRun(query.run_id), store.runs.messages(query.run_id), query.view),
    }),
    defineRoute({
      method: "post",
      path: "/api/agent-cancel",
      summary:
        "Cancel a run and every run it spawned, withdrawing their pending approvals and questions (a closed browser never cancels)",
      tag: "runs",
      body: AgentCancelRequestSchema,
      response: AgentCancelResponseSchema,
      handler: ({ body }) => {
        requireRun(body.run_id);
        const { cancelled, withdrawn } = context.agents.cancel(body.run_id, {
          clearQueue: body.clear_queue === true,
        });
        return { cancelled, ...(withdrawn.length > 0 && { cancelled_interactions: withdrawn }) };
      },
    }),
  ];
}
