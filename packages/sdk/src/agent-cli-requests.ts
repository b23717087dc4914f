import {
  type AgentCliName,
  type AgentCliStatus,
  AgentCliStatusSchema,
  type AgentSummary,
  AgentSummarySchema,
  type ChatSession,
  ChatSessionSchema,
  decodeWith,
  type ModelListResult,
  ModelListResultSchema,
  type SessionSummary,
  SessionSummarySchema,
} from "@parley/protocol";
import type { HttpTransport } from "./http-transport.ts";
import { decodeArray } from "./request-checks.ts";

// The agent-CLI routes of Parley's HTTP API (Claude Code, OpenCode, Codex, Gemini CLI), as ParleyClient sends
// them, responses decoded with the protocol's schemas. A CLI's own session ids go in the path, so they are encoded.

type Signal = { signal?: AbortSignal };

const cliPath = (name: AgentCliName) => `/api/agent-clis/${encodeURIComponent(name)}`;

/** `GET /api/agent-clis`. */
export function listAgentClis(http: HttpTransport, options: Signal): Promise<AgentCliStatus[]> {
  return http.json("GET", "/api/agent-clis", {
    ...options,
    decode: (value) => decodeArray(value, (item) => decodeWith(AgentCliStatusSchema, item)),
  });
}

/** `GET /api/agent-clis/:name/models`: the CLI's own models, what `backend_model` can name. */
export function listAgentCliModels(
  http: HttpTransport,
  name: AgentCliName,
  options: Signal,
): Promise<ModelListResult> {
  return http.json("GET", `${cliPath(name)}/models`, {
    ...options,
    decode: (value) => decodeWith(ModelListResultSchema, value),
  });
}

/** `GET /api/agent-clis/:name/agents`: the CLI's named agents, what `backend_agent` can name. */
export function listAgentCliAgents(
  http: HttpTransport,
  name: AgentCliName,
  options: Signal,
): Promise<AgentSummary[]> {
  return http.json("GET", `${cliPath(name)}/agents`, {
    ...options,
    decode: (value) => decodeArray(value, (item) => decodeWith(AgentSummarySchema, item)),
  });
}

/** `GET /api/agent-clis/:name/sessions`: the CLI's own sessions for this project, newest first. */
export function listAgentCliSessions(
  http: HttpTransport,
  name: AgentCliName,
  options: Signal,
): Promise<ChatSession[]> {
  return http.json("GET", `${cliPath(name)}/sessions`, {
    ...options,
    decode: (value) => decodeArray(value, (item) => decodeWith(ChatSessionSchema, item)),
  });
}

/** `POST /api/agent-clis/:name/sessions/:session_id/import`: a Parley session with that history. */
export function importAgentCliSession(
  http: HttpTransport,
  name: AgentCliName,
  sessionId: string,
  options: Signal,
): Promise<SessionSummary> {
  return http.json("POST", `${cliPath(name)}/sessions/${encodeURIComponent(sessionId)}/import`, {
    ...options,
    body: {},
    decode: (value) => decodeWith(SessionSummarySchema, value),
  });
}
