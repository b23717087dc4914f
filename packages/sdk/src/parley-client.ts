import {
  type AgentCancelResponse,
  AgentCancelResponseSchema,
  type AgentCliName,
  type AgentCliStatus,
  type AgentSummary,
  AgentSummarySchema,
  type Approval,
  type ApprovalAnswerRequest,
  type ApprovalList,
  type ApprovalListQuery,
  type AskUserAnswer,
  type AskUserResponse,
  AskUserResponseRequestSchema,
  AskUserResponseSchema,
  type ChatRequest,
  ChatRequestSchema,
  type ChatResponse,
  ChatResponseSchema,
  type ChatSession,
  type CompactRequest,
  type CompactResponse,
  type CreatePermissionRuleRequest,
  type CreateSessionRequest,
  CreateSessionRequestSchema,
  type CustomCommandList,
  CustomCommandListSchema,
  decodeWith,
  type ExecutePlanRequest,
  type Health,
  HealthSchema,
  type KnownFields,
  type MessagePage,
  MessagePageSchema,
  type ModelListResult,
  type PermissionRuleDeleted,
  type PermissionRuleRecord,
  type PlanActionResponse,
  type ProjectStructureMessage,
  ProjectStructureMessageSchema,
  type QueueItem,
  type QueueItemRemoved,
  QueueItemRemovedSchema,
  QueueItemSchema,
  RenameSessionRequestSchema,
  type RewindRequest,
  type RewindResponse,
  type ServerLimitsView,
  ServerLimitsViewSchema,
  SessionDeletedSchema,
  SessionListSchema,
  type SessionState,
  SessionStateSchema,
  type SessionSummary,
  SessionSummarySchema,
  type SetPermissionModeRequest,
  type SettingsUpdate,
  SettingsUpdateSchema,
  type SettingsView,
  SettingsViewSchema,
} from "@parley/protocol";
import * as agentClis from "./agent-cli-requests.ts";
import { ApiRequestError } from "./api-request-error.ts";
import { errorFrom, HttpTransport, type HttpTransportOptions } from "./http-transport.ts";
import * as interactions from "./interaction-requests.ts";
import * as mcp from "./mcp-requests.ts";
import { checkedBody, checkedPathId, decodeArray } from "./request-checks.ts";

/** How to reach a Parley server (same origin with cookies by default; `baseUrl` and `token` for Node). */
export type ParleyClientOptions = HttpTransportOptions;

/** Per-request options. */
export interface RequestOptions {
  signal?: AbortSignal;
}

/** Paging of a session's messages: the newest `limit` before `beforePosition`. */
export interface MessagePageOptions extends RequestOptions {
  beforePosition?: number;
  limit?: number;
}

/** `POST /api/chat` as a caller writes it: `agent_id` defaults to `main`, no `session_id` starts a session. */
export type ChatInput = Partial<KnownFields<ChatRequest>> & { text: string };

/** `DELETE /api/sessions/:id` result. */
export interface SessionDeleted {
  deleted: true;
  session_id: string;
}

/**
 * A typed client for the Parley HTTP API. Requests are checked against the protocol schemas before they
 * are sent, responses are decoded with them, and every failure is an `ApiRequestError` carrying the HTTP
 * status and the server's `ApiErrorBody`.
 */
export class ParleyClient {
  readonly #http: HttpTransport;

  constructor(options: ParleyClientOptions = {}) {
    this.#http = new HttpTransport(options);
  }

  /** The server origin this client talks to (no trailing slash); empty for the page's own origin. */
  get baseUrl(): string {
    return this.#http.baseUrl;
  }

  /** `GET /api/health`. */
  async health(options: RequestOptions = {}): Promise<Health> {
    return this.#http.json("GET", "/api/health", {
      ...options,
      decode: (value) => decodeWith(HealthSchema, value),
    });
  }

  /** `GET /api/sessions`: this project's sessions, most recently active first. */
  async listSessions(options: RequestOptions = {}): Promise<SessionSummary[]> {
    const list = await this.#http.json("GET", "/api/sessions", {
      ...options,
      decode: (value) => decodeWith(SessionListSchema, value),
    });
    return list.sessions;
  }

  /**
   * `POST /api/sessions`: an empty session, titled "New session" unless a title is given; `backend` picks an
   * agent CLI to answer it, with its `backend_model` and named `backend_agent`.
   */
  async createSession(
    request: CreateSessionRequest = {},
    options: RequestOptions = {},
  ): Promise<SessionSummary> {
    return this.#http.json("POST", "/api/sessions", {
      ...options,
      body: checkedBody(CreateSessionRequestSchema, request, "POST", "/api/sessions"),
      decode: (value) => decodeWith(SessionSummarySchema, value),
    });
  }

  /** `PATCH /api/sessions/:id`. */
  async renameSession(
    sessionId: string,
    title: string,
    options: RequestOptions = {},
  ): Promise<SessionSummary> {
    const path = `/api/sessions/${checkedPathId(sessionId, "PATCH", "/api/sessions/:session_id")}`;
    return this.#http.json("PATCH", path, {
      ...options,
      body: checkedBody(RenameSessionRequestSchema, { title }, "PATCH", path),
      decode: (value) => decodeWith(SessionSummarySchema, value),
    });
  }

  /** `DELETE /api/sessions/:id` (the server cancels the session's running agents first). */
  async deleteSession(sessionId: string, options: RequestOptions = {}): Promise<SessionDeleted> {
    const path = `/api/sessions/${checkedPathId(sessionId, "DELETE", "/api/sessions/:session_id")}`;
    const deleted = await this.#http.json("DELETE", path, {
      ...options,
      decode: (value) => decodeWith(SessionDeletedSchema, value),
    });
    return { deleted: true, session_id: deleted.session_id };
  }

  /** `GET /api/sessions/:id/state`: everything needed to render a session, consistent as of `head_seq`. */
  async getSessionState(sessionId: string, options: MessagePageOptions = {}): Promise<SessionState> {
    const id = checkedPathId(sessionId, "GET", "/api/sessions/:session_id/state");
    return this.#http.json("GET", `/api/sessions/${id}/state`, {
      signal: options.signal,
      query: pageQuery(options),
      decode: (value) => decodeWith(SessionStateSchema, value),
    });
  }

  /** `GET /api/sessions/:id/messages`: a page of stored messages, oldest first. */
  async getMessages(sessionId: string, options: MessagePageOptions = {}): Promise<MessagePage> {
    const id = checkedPathId(sessionId, "GET", "/api/sessions/:session_id/messages");
    return this.#http.json("GET", `/api/sessions/${id}/messages`, {
      signal: options.signal,
      query: pageQuery(options),
      decode: (value) => decodeWith(MessagePageSchema, value),
    });
  }

  /**
   * `POST /api/chat`: starts a run, or queues the message while the agent is busy. With a
   * `client_message_id` a retry is safe: the server answers it with the first response.
   */
  async chat(request: ChatInput, options: RequestOptions = {}): Promise<ChatResponse> {
    return this.#http.json("POST", "/api/chat", {
      ...options,
      body: checkedBody(ChatRequestSchema, request, "POST", "/api/chat"),
      decode: (value) => decodeWith(ChatResponseSchema, value),
    });
  }

  /** `POST /api/agent-cancel`: stops a run and everything it spawned; `clearQueue` drops waiting messages. */
  async cancelRun(
    runId: string,
    cancel: { clearQueue?: boolean } = {},
    options: RequestOptions = {},
  ): Promise<AgentCancelResponse> {
    const body = {
      run_id: checkedPathId(runId, "POST", "/api/agent-cancel"),
      clear_queue: cancel.clearQueue === true,
    };
    return this.#http.json("POST", "/api/agent-cancel", {
      ...options,
      body,
      decode: (value) => decodeWith(AgentCancelResponseSchema, value),
    });
  }

  /** `GET /api/queue-items/:id`: a queued message with its whole text (events carry a preview). */
  async getQueueItem(itemId: string, options: RequestOptions = {}): Promise<QueueItem> {
    const path = `/api/queue-items/${checkedPathId(itemId, "GET", "/api/queue-items/:item_id")}`;
    return this.#http.json("GET", path, {
      ...options,
      decode: (value) => decodeWith(QueueItemSchema, value),
    });
  }

  /** `DELETE /api/queue-items/:id`: removes a queued message before the agent receives it. */
  async removeQueueItem(itemId: string, options: RequestOptions = {}): Promise<QueueItemRemoved> {
    const path = `/api/queue-items/${checkedPathId(itemId, "DELETE", "/api/queue-items/:item_id")}`;
    return this.#http.json("DELETE", path, {
      ...options,
      decode: (value) => decodeWith(QueueItemRemovedSchema, value),
    });
  }

  /** `POST /api/ask-user-response`: one answer per question, in order; a second answer gets 409. */
  async answerQuestion(
    questionId: string,
    answers: AskUserAnswer[],
    options: RequestOptions = {},
  ): Promise<AskUserResponse> {
    const path = "/api/ask-user-response";
    return this.#http.json("POST", path, {
      ...options,
      body: checkedBody(AskUserResponseRequestSchema, { question_id: questionId, answers }, "POST", path),
      decode: (value) => decodeWith(AskUserResponseSchema, value),
    });
  }

  /** `GET /api/approvals?session_id=&state=`: tool approvals (of a session, or the whole project), oldest first. */
  listApprovals(query: ApprovalListQuery = {}, options: RequestOptions = {}): Promise<ApprovalList> {
    return interactions.listApprovals(this.#http, query, options);
  }

  /** `POST /api/approvals/:id`: answers once; a second answer is a 409 carrying the first in `error.details`. */
  answerApproval(
    approvalId: string,
    answer: ApprovalAnswerRequest,
    options: RequestOptions = {},
  ): Promise<Approval> {
    return interactions.answerApproval(this.#http, approvalId, answer, options);
  }

  /** `POST /api/plans/:message_id/execute`: leaves plan mode (for `permission_mode`) and runs the plan. */
  executePlan(messageId: string, request: ExecutePlanRequest = {}, options: RequestOptions = {}) {
    return interactions.decidePlan(this.#http, messageId, { action: "execute", request }, options);
  }

  /** `POST /api/plans/:message_id/refine`: stays in plan mode and sends the feedback for a new plan. */
  refinePlan(messageId: string, feedback: string, options: RequestOptions = {}): Promise<PlanActionResponse> {
    return interactions.decidePlan(this.#http, messageId, { action: "refine", feedback }, options);
  }

  /** `POST /api/sessions/:id/mode`: an agent's permission mode in this session, from its next tool call on. */
  setPermissionMode(sessionId: string, request: SetPermissionModeRequest, options: RequestOptions = {}) {
    return interactions.setPermissionMode(this.#http, sessionId, request, options);
  }

  /** `POST /api/sessions/:id/compact`: summarizes an idle agent's older messages now. */
  compact(
    sessionId: string,
    request: CompactRequest,
    options: RequestOptions = {},
  ): Promise<CompactResponse> {
    return interactions.compact(this.#http, sessionId, request, options);
  }

  /**
   * `POST /api/sessions/:id/rewind`: puts the files a run and the session's later runs changed back as they
   * were before it; with `dry_run` only says what it would do (and which files were changed since).
   */
  rewind(sessionId: string, request: RewindRequest, options: RequestOptions = {}): Promise<RewindResponse> {
    return interactions.rewind(this.#http, sessionId, request, options);
  }

  /** `GET /api/permission-rules`: the project's allow / deny / ask rules, oldest first. */
  listPermissionRules(options: RequestOptions = {}): Promise<PermissionRuleRecord[]> {
    return interactions.listPermissionRules(this.#http, options);
  }

  /** `POST /api/permission-rules`: adds a rule (an identical one is returned instead of stored twice). */
  createPermissionRule(rule: CreatePermissionRuleRequest, options: RequestOptions = {}) {
    return interactions.createPermissionRule(this.#http, rule, options);
  }

  /** `DELETE /api/permission-rules/:id`. */
  deletePermissionRule(ruleId: string, options: RequestOptions = {}): Promise<PermissionRuleDeleted> {
    return interactions.deletePermissionRule(this.#http, ruleId, options);
  }

  /** `GET /api/settings`: settings without keys, and which model answers now (`model.is_demo`). */
  async getSettings(options: RequestOptions = {}): Promise<SettingsView> {
    return this.#http.json("GET", "/api/settings", {
      ...options,
      decode: (value) => decodeWith(SettingsViewSchema, value),
    });
  }

  /**
   * `GET /api/custom-commands`: the custom slash commands (Markdown prompts of the project and the person)
   * with description and argument hint, and the files left out. Sending `/name args` fills one in.
   */
  listCustomCommands(options: RequestOptions = {}): Promise<CustomCommandList> {
    return this.#http.json("GET", "/api/custom-commands", {
      ...options,
      decode: (value) => decodeWith(CustomCommandListSchema, value),
    });
  }

  /** `GET /api/mcp/servers`: the MCP servers with status, tools and prompts, and config files with problems. */
  listMcpServers(options: RequestOptions = {}) {
    return mcp.listMcpServers(this.#http, options);
  }

  /** `PUT /api/mcp/servers/:name`: adds or replaces a server in the user's mcp.json and starts it. */
  putMcpServer(name: string, config: Parameters<typeof mcp.putMcpServer>[2], options: RequestOptions = {}) {
    return mcp.putMcpServer(this.#http, name, config, options);
  }

  /** `DELETE /api/mcp/servers/:name`: removes a server from the user's mcp.json. */
  removeMcpServer(name: string, options: RequestOptions = {}) {
    return mcp.removeMcpServer(this.#http, name, options);
  }

  /** `PATCH /api/mcp/servers/:name`: turns a server on or off for this project. */
  setMcpServerEnabled(name: string, enabled: boolean, options: RequestOptions = {}) {
    return mcp.setMcpServerEnabled(this.#http, name, enabled, options);
  }

  /** Reconnects a server, or takes back the rejection of a project `.mcp.json` entry (it asks again). */
  mcpServerAction(name: string, action: "reconnect" | "unreject", options: RequestOptions = {}) {
    return mcp.mcpServerAction(this.#http, name, action, options);
  }

  /** Approves (it starts) or rejects (it stays off and quiet) a project `.mcp.json` entry as shown by `digest`. */
  decideMcpServer(
    name: string,
    decision: "approve" | "reject",
    digest: string,
    options: RequestOptions = {},
  ) {
    return mcp.decideMcpServer(this.#http, name, decision, digest, options);
  }

  /** `PUT /api/mcp/settings`: whether tools that declare readOnlyHint run without asking. */
  setTrustReadOnlyMcpTools(trust: boolean, options: RequestOptions = {}) {
    return mcp.setTrustReadOnlyMcpTools(this.#http, trust, options);
  }

  /** `POST /api/mcp/prompt-commands`: an MCP prompt typed as `/mcp__server__prompt …`, as message text. */
  fillMcpPromptCommand(command: string, input: string, options: RequestOptions = {}) {
    return mcp.fillMcpPromptCommand(this.#http, command, input, options);
  }

  /**
   * `GET /api/workspace/structure`: the project's tree, file list (`relevance`: recently changed first) or
   * dependency graph, as seed 001's ProjectStructure message; bounded by the server.
   */
  async getProjectStructure(
    query: {
      type: "tree" | "file_list" | "dependencies";
      order?: "alphabetical" | "relevance";
      maxEntries?: number;
      /** A directory of the project (relative to it); the whole project when absent. */
      path?: string;
    },
    options: RequestOptions = {},
  ): Promise<ProjectStructureMessage> {
    return this.#http.json("GET", "/api/workspace/structure", {
      ...options,
      query: { type: query.type, order: query.order, max_entries: query.maxEntries, path: query.path },
      decode: (value) => decodeWith(ProjectStructureMessageSchema, value),
    });
  }

  /** `GET /api/limits`: the server's limits (message size, stream budget, event log retention) in force. */
  async getLimits(options: RequestOptions = {}): Promise<ServerLimitsView> {
    return this.#http.json("GET", "/api/limits", {
      ...options,
      decode: (value) => decodeWith(ServerLimitsViewSchema, value),
    });
  }

  /** `POST /api/settings`: a partial update deep-merged into the stored settings (`null` removes a field). */
  async updateSettings(update: SettingsUpdate, options: RequestOptions = {}): Promise<SettingsView> {
    return this.#http.json("POST", "/api/settings", {
      ...options,
      body: checkedBody(SettingsUpdateSchema, update, "POST", "/api/settings"),
      decode: (value) => decodeWith(SettingsViewSchema, value),
    });
  }

  /** `GET /api/agent-clis`: which agent CLIs (Claude Code, OpenCode, Codex, Gemini CLI) are installed. */
  listAgentClis(options: RequestOptions = {}): Promise<AgentCliStatus[]> {
    return agentClis.listAgentClis(this.#http, options);
  }

  /** `GET /api/agent-clis/:name/agents`: an agent CLI's named agents for this project. */
  listAgentCliAgents(name: AgentCliName, options: RequestOptions = {}): Promise<AgentSummary[]> {
    return agentClis.listAgentCliAgents(this.#http, name, options);
  }

  /** `GET /api/agent-clis/:name/models`: the models an agent CLI offers in this project, and its default. */
  listAgentCliModels(name: AgentCliName, options: RequestOptions = {}): Promise<ModelListResult> {
    return agentClis.listAgentCliModels(this.#http, name, options);
  }

  /** `GET /api/agent-clis/:name/sessions`: an agent CLI's own earlier sessions for this project. */
  listAgentCliSessions(name: AgentCliName, options: RequestOptions = {}): Promise<ChatSession[]> {
    return agentClis.listAgentCliSessions(this.#http, name, options);
  }

  /** `POST /api/agent-clis/:name/sessions/:id/import`: continues one of those sessions in Parley. */
  importAgentCliSession(name: AgentCliName, sessionId: string, options: RequestOptions = {}) {
    return agentClis.importAgentCliSession(this.#http, name, sessionId, options);
  }

  /** `GET /api/agents`: the agents this server can run (seed 003's agent format). */
  async listAgents(options: RequestOptions = {}): Promise<AgentSummary[]> {
    return this.#http.json("GET", "/api/agents", {
      ...options,
      decode: (value) => decodeArray(value, (item) => decodeWith(AgentSummarySchema, item)),
    });
  }

  /**
   * Opens `GET /api/events` after `after` (live from now without it) and returns the streaming response.
   * A refused request (401, 503 …) is an `ApiRequestError`, like any other.
   */
  async openEvents(options: RequestOptions & { after?: number; sessionId?: string } = {}): Promise<Response> {
    const path = "/api/events";
    const response = await this.#http.fetch("GET", path, {
      query: { after: options.after, session_id: options.sessionId },
      signal: options.signal,
      accept: "text/event-stream",
    });
    if (!response.ok) throw await errorFrom(response, "GET", path);
    if (response.body === null) {
      throw new ApiRequestError(`GET ${path} answered without a body`, {
        method: "GET",
        path,
        status: response.status,
        code: "invalid_response",
      });
    }
    return response;
  }
}

function pageQuery(options: MessagePageOptions): Record<string, number | undefined> {
  return { before_position: options.beforePosition, limit: options.limit };
}
