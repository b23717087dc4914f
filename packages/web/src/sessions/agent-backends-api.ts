import {
  type AgentCliName,
  type AgentCliStatus,
  AgentCliStatusSchema,
  type CreateSessionRequest,
  type SessionSummary,
} from "@parley/protocol";
import { ParleyClient } from "@parley/sdk";
import { z } from "zod";

/** What the new-session picker needs from the server. */
export interface AgentBackendsApi {
  /** `GET /api/agent-clis`: the agent CLIs and whether each is installed; empty when it cannot be read. */
  listAgentClis(): Promise<AgentCliStatus[]>;
  /** `POST /api/sessions` with a backend: an empty session the CLI answers. */
  createSession(backend: AgentCliName): Promise<SessionSummary>;
}

const AgentCliStatusListSchema = z.array(AgentCliStatusSchema);

/** The picker's API on the page's own origin, with the session cookie. */
export function createAgentBackendsApi(client: ParleyClient = new ParleyClient()): AgentBackendsApi {
  return {
    async listAgentClis() {
      try {
        const response = await fetch(`${client.baseUrl}/api/agent-clis`, { credentials: "same-origin" });
        if (!response.ok) return [];
        const decoded = AgentCliStatusListSchema.safeParse(await response.json());
        return decoded.success ? decoded.data : [];
      } catch {
        // Offline or signed out: the picker stays hidden, and New chat still works.
        return [];
      }
    },
    // ParleyClient.createSession's parameter type predates `backend`; it checks the body against the
    // protocol's CreateSessionRequestSchema, which has it.
    createSession: (backend) => {
      const request: CreateSessionRequest = { backend };
      return client.createSession(request as { title?: string });
    },
  };
}
