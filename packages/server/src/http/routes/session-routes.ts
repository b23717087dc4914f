import { loadSettings } from "@parley/engine/settings";
import {
  AgentPermissionModeSchema,
  CompactRequestSchema,
  CompactResponseSchema,
  CreateSessionRequestSchema,
  MessagePageQuerySchema,
  MessagePageSchema,
  RenameSessionRequestSchema,
  RewindRequestSchema,
  RewindResponseSchema,
  SessionDeletedSchema,
  SessionListSchema,
  SessionParamsSchema,
  SessionStateSchema,
  SessionSummarySchema,
  SetPermissionModeRequestSchema,
} from "@parley/protocol";
import { defaultBackend } from "../../agents/backends/default-backend.ts";
import { changePermissionMode, resolvePermissionMode } from "../../agents/context/permission-mode.ts";
import { refuseForeignSession, titleFrom } from "../../agents/service/chat-sessions.ts";
import type { ServerContext } from "../../server-context.ts";
import { toQueuedMessage } from "../../store/queue-store.ts";
import { ApiError } from "../api-error.ts";
import { defineRoute, type RouteDefinition } from "../route.ts";

/** Default number of newest messages a state snapshot includes. */
const DEFAULT_PAGE = 200;

/** Sessions: list, create, rename, delete, and the state snapshot a client renders and resyncs from. */
export function sessionRoutes(context: ServerContext): RouteDefinition[] {
  const { store, bus, now } = context;
  const runsOf = (messages: readonly { run_id: string | null }[]) =>
    [...new Set(messages.map((message) => message.run_id).filter((id) => id !== null))]
      .map((id) => store.runs.get(id))
      .filter((run) => run !== undefined);
  const requireSession = (id: string) => {
    const session = store.sessions.get(id);
    if (session === undefined) throw ApiError.notFound("session", id);
    return session;
  };
  const settingsPermissionMode = async () =>
    (await loadSettings(context.home).catch(() => undefined))?.permission_mode;
  return [
    defineRoute({
      method: "get",
      path: "/api/sessions",
      summary: "This project's sessions, most recently active first",
      tag: "sessions",
      response: SessionListSchema,
      handler: () => ({ sessions: store.sessions.list(context.projectRoot) }),
    }),
    defineRoute({
      method: "post",
      path: "/api/sessions",
      summary: "Create an empty session",
      tag: "sessions",
      body: CreateSessionRequestSchema,
      response: SessionSummarySchema,
      status: 201,
      handler: ({ body }) => {
        const created = now();
        return store.transaction(() => {
          const session = store.sessions.create(
            {
              id: context.newId("ses"),
              project_root: context.projectRoot,
              title: body.title === undefined ? "New session" : titleFrom(body.title),
              created_at_ms: created,
              updated_at_ms: created,
              backend: body.backend ?? defaultBackend(context.env),
              ...(body.backend_model !== undefined && { backend_model: body.backend_model }),
              ...(body.backend_agent !== undefined && { backend_agent: body.backend_agent }),
            },
            { untitled: body.title === undefined },
          );
          bus.publish({
            type: "StateUpdated",
            reason: "session_created",
            session_id: session.id,
            project_root: context.projectRoot,
          });
          return session;
        });
      },
    }),
    defineRoute({
      method: "patch",
      path: "/api/sessions/:session_id",
      summary: "Rename a session",
      tag: "sessions",
      params: SessionParamsSchema,
      body: RenameSessionRequestSchema,
      response: SessionSummarySchema,
      handler: ({ params, body }) =>
        store.transaction(() => {
          requireSession(params.session_id);
          store.sessions.rename(params.session_id, body.title, now());
          bus.publish({
            type: "StateUpdated",
            reason: "session_renamed",
            session_id: params.session_id,
            project_root: context.projectRoot,
          });
          return requireSession(params.session_id);
        }),
    }),
    defineRoute({
      method: "delete",
      path: "/api/sessions/:session_id",
      summary: "Delete a session with its messages and runs (running agents are cancelled first)",
      tag: "sessions",
      params: SessionParamsSchema,
      response: SessionDeletedSchema,
      handler: async ({ params }) => {
        refuseForeignSession(requireSession(params.session_id), "delete it");
        await context.workflows.stopSession(params.session_id);
        await context.agents.stopSession(params.session_id);
        store.transaction(() => {
          store.deleteSession(params.session_id);
          bus.publish({ type: "StateUpdated", reason: "session_deleted", project_root: context.projectRoot });
        });
        return { deleted: true as const, session_id: params.session_id };
      },
    }),
    defineRoute({
      method: "get",
      path: "/api/sessions/:session_id/state",
      summary: "Everything needed to render a session, consistent as of head_seq",
      tag: "sessions",
      params: SessionParamsSchema,
      query: MessagePageQuerySchema,
      response: SessionStateSchema,
      handler: async ({ params, query }) => {
        const settingsMode = await settingsPermissionMode();
        // Commit pending token deltas first, so the partial text below matches head_seq exactly.
        bus.flush();
        const session = requireSession(params.session_id);
        const agentIds = new Set([
          ...context.agents.activity(session.id).map((agent) => agent.agent_id),
          ...store.sessionAgents.list(session.id).map((setting) => setting.agent_id),
        ]);
        const page = store.messages.page(session.id, query.limit ?? DEFAULT_PAGE, query.before_position);
        return {
          session,
          messages: page.messages,
          has_more_messages: page.hasMore,
          queue: context.agents
            .queue(session.id)
            .map((item) => ({ ...toQueuedMessage(item), agent_id: item.agent_id })),
          pending_questions: store.questions
            .pending(session.id)
            .map(({ session_id, answers, answered_at_ms, state, ...question }) => question),
          pending_approvals: store.approvals.bySession(session.id, "pending"),
          agents: context.agents.activity(session.id),
          permission_modes: [...agentIds].map((agentId) =>
            resolvePermissionMode(store, context.projectRoot, session.id, agentId, settingsMode),
          ),
          streaming: context.agents.streaming(session.id),
          runs: runsOf(page.messages),
          head_seq: bus.head,
        };
      },
    }),
    defineRoute({
      method: "get",
      path: "/api/sessions/:session_id/messages",
      summary: "A page of a session's messages (the newest `limit` before `before_position`), oldest first",
      tag: "sessions",
      params: SessionParamsSchema,
      query: MessagePageQuerySchema,
      response: MessagePageSchema,
      handler: ({ params, query }) => {
        requireSession(params.session_id);
        const page = store.messages.page(
          params.session_id,
          query.limit ?? DEFAULT_PAGE,
          query.before_position,
        );
        return { messages: page.messages, has_more_messages: page.hasMore };
      },
    }),
    defineRoute({
      method: "post",
      path: "/api/sessions/:session_id/mode",
      summary:
        "Set the permission mode of an agent of the session (default, acceptEdits, plan, bypassPermissions, dontAsk); it applies to the agent's next tool call",
      tag: "sessions",
      params: SessionParamsSchema,
      body: SetPermissionModeRequestSchema,
      response: AgentPermissionModeSchema,
      handler: async ({ params, body }) => {
        requireSession(params.session_id);
        const settingsMode = await settingsPermissionMode();
        return store.transaction(() => {
          const before = resolvePermissionMode(
            store,
            context.projectRoot,
            params.session_id,
            body.agent_id,
            settingsMode,
          );
          changePermissionMode(
            { store, publisher: context.agents.context.publisher, now },
            {
              sessionId: params.session_id,
              agentId: body.agent_id,
              mode: body.permission_mode,
              previous: before.permission_mode,
              reason: "changed by the user",
            },
          );
          return resolvePermissionMode(
            store,
            context.projectRoot,
            params.session_id,
            body.agent_id,
            settingsMode,
          );
        });
      },
    }),
    defineRoute({
      method: "post",
      path: "/api/sessions/:session_id/rewind",
      summary:
        "Put every file a run and the session's later runs changed back as it was before that run (dry_run says what it would do); 409 while an agent of the session is busy",
      tag: "sessions",
      params: SessionParamsSchema,
      body: RewindRequestSchema,
      response: RewindResponseSchema,
      handler: async ({ params, body }) => {
        const { rewindFiles } = await import("../../agents/rewind/rewind-files.ts");
        return rewindFiles(context.agents, params.session_id, body);
      },
    }),
    defineRoute({
      method: "post",
      path: "/api/sessions/:session_id/compact",
      summary:
        "Compact an idle agent's conversation now: older messages become a summary the model writes (409 when it is busy or too short)",
      tag: "sessions",
      params: SessionParamsSchema,
      body: CompactRequestSchema,
      response: CompactResponseSchema,
      handler: async ({ params, body }) => {
        const { compactNow } = await import("../../agents/service/manual-compaction.ts");
        return compactNow(context.agents, {
          sessionId: params.session_id,
          agentId: body.agent_id,
          instructions: body.instructions,
        });
      },
    }),
  ];
}
