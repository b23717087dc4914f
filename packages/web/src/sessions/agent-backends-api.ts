import type {
  AgentCliName,
  AgentCliStatus,
  AgentSummary,
  ChatSession,
  CreateSessionRequest,
  ModelListResult,
  SessionSummary,
} from "@parley/protocol";
import { ParleyClient } from "@parley/sdk";

/** A session an agent CLI answers, with the model and named agent chosen for it. */
export type AgentCliSessionRequest = CreateSessionRequest & { backend: AgentCliName };

/** What the new-session picker needs from the server. */
export interface AgentBackendsApi {
  /** `GET /api/agent-clis`: the agent CLIs and whether each is installed; empty when it cannot be read. */
  listAgentClis(): Promise<AgentCliStatus[]>;
  /** `GET /api/agent-clis/:name/agents`: the CLI's named agents (rejects with the CLI's words). */
  listAgents(backend: AgentCliName): Promise<AgentSummary[]>;
  /** `GET /api/agent-clis/:name/models`: the CLI's own models and its default (rejects with its words). */
  listModels(backend: AgentCliName): Promise<ModelListResult>;
  /** `GET /api/agent-clis/:name/sessions`: the CLI's own earlier sessions for this project. */
  listSessions(backend: AgentCliName): Promise<ChatSession[]>;
  /** `POST /api/sessions` with a backend: an empty session the CLI answers. */
  createSession(request: AgentCliSessionRequest): Promise<SessionSummary>;
  /** `POST /api/agent-clis/:name/sessions/:id/import`: one of the CLI's sessions, to continue in Parley. */
  importSession(backend: AgentCliName, sessionId: string): Promise<SessionSummary>;
}

/** The picker's API on the page's own origin, with the session cookie. */
export function createAgentBackendsApi(client: ParleyClient = new ParleyClient()): AgentBackendsApi {
  return {
    // Offline or signed out: the picker stays hidden, and New chat still works.
    listAgentClis: () => client.listAgentClis().catch(() => []),
    listAgents: (backend) => client.listAgentCliAgents(backend),
    listModels: (backend) => client.listAgentCliModels(backend),
    listSessions: (backend) => client.listAgentCliSessions(backend),
    createSession: (request) => client.createSession(request),
    importSession: (backend, sessionId) => client.importAgentCliSession(backend, sessionId),
  };
}
