import {
  AgentCliParamsSchema,
  AgentCliStatusArraySchema,
  AgentSummaryArraySchema,
  ChatSessionArraySchema,
  ExternalSessionParamsSchema,
  ModelListResultSchema,
  SessionSummarySchema,
  sessionListResultToFrontend,
} from "@parley/protocol";
import { titleFrom } from "../../agents/service/chat-sessions.ts";
import type { ServerContext } from "../../server-context.ts";
import { ApiError } from "../api-error.ts";
import { defineRoute, type RouteDefinition } from "../route.ts";

/**
 * The external agent CLIs a session can be answered by: which are installed (for Settings), their own
 * sessions for this project, and importing one of those sessions to continue it in Parley.
 */
export function agentCliRoutes(context: ServerContext): RouteDefinition[] {
  return [
    defineRoute({
      method: "get",
      path: "/api/agent-clis",
      summary: "Which agent CLIs are installed, with their versions",
      tag: "agent-clis",
      response: AgentCliStatusArraySchema,
      handler: async () => {
        const [{ AGENT_CLI_NAMES }, { openAgentCli }] = await Promise.all([
          import("@parley/agent-clis"),
          backends(),
        ]);
        return Promise.all(
          AGENT_CLI_NAMES.map(async (name) => (await openAgentCli(name, context)).discover()),
        );
      },
    }),
    defineRoute({
      method: "get",
      path: "/api/agent-clis/:name/sessions",
      summary: "An agent CLI's own sessions for this project, newest first",
      tag: "agent-clis",
      params: AgentCliParamsSchema,
      response: ChatSessionArraySchema,
      handler: async ({ params }) => {
        const cli = await (await backends()).openAgentCli(params.name, context);
        const listed = await cli.listSessions(context.projectRoot);
        if (!listed.success)
          throw new ApiError("unavailable", listed.error_message ?? "the CLI could not list its sessions");
        return sessionListResultToFrontend(listed);
      },
    }),
    defineRoute({
      method: "get",
      path: "/api/agent-clis/:name/agents",
      summary: "An agent CLI's named agents for this project (what backend_agent can name)",
      tag: "agent-clis",
      params: AgentCliParamsSchema,
      response: AgentSummaryArraySchema,
      handler: async ({ params }) => {
        const { agentCliAgents } = await import("../../agents/backends/agent-cli-agents.ts");
        return agentCliAgents(context, params.name);
      },
    }),
    defineRoute({
      method: "get",
      path: "/api/agent-clis/:name/models",
      summary:
        "The models an agent CLI offers in this project, in its own naming (what backend_model can name), and its default where it says",
      tag: "agent-clis",
      params: AgentCliParamsSchema,
      response: ModelListResultSchema,
      handler: ({ params }) => context.agentCliModels.list(context, params.name),
    }),
    defineRoute({
      method: "post",
      path: "/api/agent-clis/:name/sessions/:session_id/import",
      summary: "Open an agent CLI's session in Parley, with its history, to continue it",
      tag: "agent-clis",
      params: ExternalSessionParamsSchema,
      response: SessionSummarySchema,
      status: 201,
      handler: async ({ params }) => {
        const cli = await (await backends()).openAgentCli(params.name, context);
        const { importExternalSession } = await import("../../agents/backends/import-external-session.ts");
        const exported = await cli.exportSession(params.session_id, context.projectRoot);
        if (!exported.success) {
          throw ApiError.notFound(`${cli.label} session`, params.session_id);
        }
        const firstPrompt = exported.messages.find((message) => message.role === "user")?.content;
        const title = titleFrom(firstPrompt ?? `${cli.label} session`);
        const session = context.store.transaction(() =>
          importExternalSession(
            context.agents.context,
            params.name,
            params.session_id,
            title,
            exported.messages,
          ),
        );
        context.bus.flush();
        return session;
      },
    }),
  ];
}

/** The agent CLIs' adapters, loaded with the first request that needs them rather than at start. */
function backends() {
  return import("../../agents/backends/agent-cli-backends.ts");
}
