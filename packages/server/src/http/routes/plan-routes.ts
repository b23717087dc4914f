import {
  ExecutePlanRequestSchema,
  PlanActionResponseSchema,
  PlanParamsSchema,
  RefinePlanRequestSchema,
} from "@parley/protocol";
import type { ServerContext } from "../../server-context.ts";
import { defineRoute, type RouteDefinition } from "../route.ts";

/** The plan card's buttons: Execute Plan and Refine Plan (each plan card is answered once). */
export function planRoutes(context: ServerContext): RouteDefinition[] {
  return [
    defineRoute({
      method: "post",
      path: "/api/plans/:message_id/execute",
      summary:
        "Execute a plan: leave plan mode (for `permission_mode`, default `default`) and tell the agent to carry it out",
      tag: "interactions",
      params: PlanParamsSchema,
      body: ExecutePlanRequestSchema,
      response: PlanActionResponseSchema,
      handler: ({ params, body }) => context.agents.context.plans.execute(params.message_id, body),
    }),
    defineRoute({
      method: "post",
      path: "/api/plans/:message_id/refine",
      summary: "Refine a plan: stay in plan mode and send the agent the feedback for a new plan",
      tag: "interactions",
      params: PlanParamsSchema,
      body: RefinePlanRequestSchema,
      response: PlanActionResponseSchema,
      handler: ({ params, body }) => context.agents.context.plans.refine(params.message_id, body),
    }),
  ];
}
