import { loadSettings } from "@parley/engine/settings";
import {
  PauseWorkflowRequestSchema,
  StartWorkflowRequestSchema,
  WorkflowExecutionListQuerySchema,
  WorkflowExecutionListSchema,
  WorkflowExecutionParamsSchema,
  WorkflowExecutionViewSchema,
  WorkflowListSchema,
  WorkflowParamsSchema,
} from "@parley/protocol";
import type { ServerContext } from "../../server-context.ts";
import { summarizeWorkflow } from "../../workflows/summarize-workflow.ts";
import { defineRoute, type RouteDefinition } from "../route.ts";
import { requireShallowJson } from "./json-depth.ts";

/** Workflows: the definitions a project can run, and their executions (start, pause, resume, retry, cancel). */
export function workflowRoutes(context: ServerContext): RouteDefinition[] {
  const action = (verb: string, summary: string, apply: (id: string) => unknown) =>
    defineRoute({
      method: "post",
      path: `/api/workflow-executions/:execution_id/${verb}`,
      summary,
      tag: "workflows",
      params: WorkflowExecutionParamsSchema,
      response: WorkflowExecutionViewSchema,
      handler: ({ params }) => apply(params.execution_id) as never,
    });
  return [
    defineRoute({
      method: "get",
      path: "/api/workflows",
      summary:
        "The workflow definitions of the project (.parley/workflows/) and the user ($PARLEY_HOME/workflows/), and invalid files",
      tag: "workflows",
      response: WorkflowListSchema,
      handler: async () => {
        const { workflows: found, problems } = await context.workflows.definitions();
        return { workflows: found.map(summarizeWorkflow), problems };
      },
    }),
    defineRoute({
      method: "post",
      path: "/api/workflows/:name/executions",
      summary: "Start a workflow with inputs in a session (a new one when session_id is absent)",
      tag: "workflows",
      params: WorkflowParamsSchema,
      body: StartWorkflowRequestSchema,
      response: WorkflowExecutionViewSchema,
      status: 201,
      handler: async ({ params, body }) => {
        requireShallowJson(body, "body");
        const settingsMode =
          body.permission_mode === undefined
            ? undefined
            : (await loadSettings(context.home).catch(() => undefined))?.permission_mode;
        return context.workflows.start({
          name: params.name,
          agentId: body.agent_id,
          inputs: body.inputs,
          ...(body.session_id !== undefined && { sessionId: body.session_id }),
          ...(body.permission_mode !== undefined && {
            permissionMode: { mode: body.permission_mode, settingsMode },
          }),
        });
      },
    }),
    defineRoute({
      method: "get",
      path: "/api/workflow-executions",
      summary: "Workflow executions of a session, or of the project, newest first",
      tag: "workflows",
      query: WorkflowExecutionListQuerySchema,
      response: WorkflowExecutionListSchema,
      handler: ({ query }) => ({ executions: context.workflows.list(query.session_id) }),
    }),
    defineRoute({
      method: "get",
      path: "/api/workflow-executions/:execution_id",
      summary: "One workflow execution",
      tag: "workflows",
      params: WorkflowExecutionParamsSchema,
      response: WorkflowExecutionViewSchema,
      handler: ({ params }) => context.workflows.get(params.execution_id),
    }),
    defineRoute({
      method: "post",
      path: "/api/workflow-executions/:execution_id/pause",
      summary:
        "Pause a running workflow at the next step boundary, or with now: true at once (the running step is stopped and runs again on Resume)",
      tag: "workflows",
      params: WorkflowExecutionParamsSchema,
      body: PauseWorkflowRequestSchema,
      response: WorkflowExecutionViewSchema,
      handler: ({ params, body }) => context.workflows.pause(params.execution_id, body.now, body.reason),
    }),
    action("resume", "Resume a paused workflow from its current step", (id) => context.workflows.resume(id)),
    action("retry", "Run a failed workflow's failed step again, then the rest", (id) =>
      context.workflows.retry(id),
    ),
    action("cancel", "Cancel a workflow, stopping its running step", (id) => context.workflows.cancel(id)),
  ];
}
