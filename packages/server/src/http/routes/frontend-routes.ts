import { loadSettings } from "@parley/engine/settings";
import {
  AgentQuerySchema,
  AgentReplySchema,
  type AgentRun,
  AgentStatusSchema,
  AgentSummaryArraySchema,
  AgentsQuerySchema,
  agentListResultToFrontend,
  ChatHistoryResponseSchema,
  ChatSessionArraySchema,
  exportResultToFrontend,
  type HistoryMessage,
  runResultToAgentReply,
  SendMessageRequestSchema,
  SessionParamsSchema,
  type StoredMessage,
  sessionListResultToFrontend,
} from "@parley/protocol";
import { defaultBackend } from "../../agents/backends/default-backend.ts";
import { responsePartOf } from "../../agents/context/run-completion.ts";
import type { ServerContext } from "../../server-context.ts";
import { ApiError } from "../api-error.ts";
import { defineRoute, type RouteDefinition } from "../route.ts";
import { currentModel } from "./settings-routes.ts";

/**
 * Seed 003's request/response contract on the same data: send a message and get an AgentReply, the chat
 * history, the session list, an agent's status, and the agent list.
 */
export function frontendRoutes(context: ServerContext): RouteDefinition[] {
  const { store, now } = context;
  const requireSession = (id: string) => {
    const session = store.sessions.get(id);
    if (session === undefined) throw ApiError.notFound("session", id);
    return session;
  };
  return [
    defineRoute({
      method: "get",
      path: "/api/chat-sessions",
      summary: "Sessions in seed 003's ChatSession format",
      tag: "frontend",
      response: ChatSessionArraySchema,
      handler: () =>
        sessionListResultToFrontend({
          success: true,
          sessions: store.sessions.list(context.projectRoot).map((session) => ({
            session_id: session.id,
            title: session.title,
            updated: new Date(session.updated_at_ms).toISOString(),
          })),
          error_message: null,
        }),
    }),
    defineRoute({
      method: "post",
      path: "/api/sessions/:session_id/messages",
      summary: "Send a message and wait for the agent's reply (AgentReply)",
      tag: "frontend",
      params: SessionParamsSchema,
      body: SendMessageRequestSchema,
      response: AgentReplySchema,
      handler: async ({ params, body }) => {
        const sentAtMs = now();
        await context.customCommands.ready();
        context.customCommands.refreshSoon(body.text);
        const chat = context.agents.chat({ ...body, session_id: params.session_id });
        const completion =
          chat.run_id !== undefined
            ? await context.agents.waitForRun(chat.run_id)
            : await context.agents.waitForQueueItem(chat.queue_item_id as string);
        const success = completion.status === "completed";
        return runResultToAgentReply(
          {
            success,
            session_id: params.session_id,
            response_parts: completion.parts,
            error_message: success ? null : (completion.error ?? `the run ended as ${completion.status}`),
          },
          {
            messageId: chat.message_id ?? chat.queue_item_id ?? completion.runId,
            sentAtMs,
            prompt: body.text,
          },
        );
      },
    }),
    defineRoute({
      method: "get",
      path: "/api/sessions/:session_id/history",
      summary: "The session's chat history in seed 003's ChatHistoryResponse format",
      tag: "frontend",
      params: SessionParamsSchema,
      response: ChatHistoryResponseSchema,
      handler: ({ params }) => {
        requireSession(params.session_id);
        const stored = store.messages.all(params.session_id);
        const messages: HistoryMessage[] = stored.map((message) => ({
          message_id: message.id,
          role: message.role === "user" ? "user" : "assistant",
          content_type:
            message.rich.kind === "ToolRequest" || message.rich.kind === "MCPToolRequest"
              ? "tool_use"
              : message.rich.kind === "ToolResult" || message.rich.kind === "MCPToolResult"
                ? "tool"
                : "text",
          content: historyText(message.rich),
          timestamp: message.created_at_ms,
          ...(message.run_id !== null && { part_id: message.run_id }),
          ...(responsePartOf(message)?.call_id && { call_id: responsePartOf(message)?.call_id }),
        }));
        return exportResultToFrontend({
          success: true,
          session_id: params.session_id,
          messages: withRunErrors(messages, stored, store.runs.listBySession(params.session_id)),
          error_message: null,
        });
      },
    }),
    defineRoute({
      method: "get",
      path: "/api/sessions/:session_id/status",
      summary: "Whether an agent of the session is processing (seed 003 AgentStatus)",
      tag: "frontend",
      params: SessionParamsSchema,
      query: AgentQuerySchema,
      response: AgentStatusSchema,
      handler: ({ params, query }) => {
        requireSession(params.session_id);
        const activity = context.agents
          .activity(params.session_id)
          .find((agent) => agent.agent_id === query.agent_id);
        if (activity?.processing !== true || activity.started_at_ms === null)
          return { processing: false, startedAt: null };
        return { processing: true, startedAt: new Date(activity.started_at_ms).toISOString() };
      },
    }),
    defineRoute({
      method: "get",
      path: "/api/agents",
      summary:
        "The agents of a backend (`backend=`, else the server's default) in seed 003's agent format: Parley's own, or an agent CLI's named agents for this project",
      tag: "frontend",
      query: AgentsQuerySchema,
      response: AgentSummaryArraySchema,
      handler: async ({ query }) => {
        const backend = query.backend ?? defaultBackend(context.env);
        if (backend !== "parley") {
          const { agentCliAgents } = await import("../../agents/backends/agent-cli-agents.ts");
          return agentCliAgents(context, backend);
        }
        const model = currentModel(await loadSettings(context.home), context.env);
        const details =
          model.error !== undefined
            ? [`model: ${model.ref || "not configured"}`, `error: ${model.error}`]
            : [
                `model: ${model.label}`,
                ...(model.is_demo ? ["demo model: configure a provider in Settings"] : []),
              ];
        return agentListResultToFrontend({
          success: true,
          agents: [{ name: "main", agent_type: "parley", details }],
          error_message: null,
        });
      },
    }),
  ];
}

/** A rich message as plain text for the history export. */
function historyText(rich: { kind: string; data: unknown }): string {
  const data = rich.data as Record<string, unknown>;
  if (typeof data.text === "string") return data.text;
  return JSON.stringify(data);
}

/**
 * The history with each failed run's error as an assistant text after the run's last message: the chat
 * stores the error once, on the run, and the history shows it where the run ended.
 */
function withRunErrors(
  messages: HistoryMessage[],
  stored: readonly StoredMessage[],
  runs: readonly AgentRun[],
): HistoryMessage[] {
  const failed = new Map(
    runs.filter((run) => run.status === "failed" && run.error !== null).map((run) => [run.id, run]),
  );
  if (failed.size === 0) return messages;
  const lastOfRun = new Map(stored.map((message, index) => [message.run_id, index]));
  return messages.flatMap((message, index) => {
    const run = failed.get(stored[index]?.run_id ?? "");
    if (run === undefined || lastOfRun.get(run.id) !== index) return [message];
    const error: HistoryMessage = {
      message_id: `${run.id}:error`,
      role: "assistant",
      content_type: "text",
      content: run.error ?? "",
      timestamp: run.ended_at_ms ?? run.started_at_ms,
      part_id: run.id,
    };
    return [message, error];
  });
}
