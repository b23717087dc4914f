import { AGENT_BACKEND_LABELS, type AgentCliName, type SessionSummary } from "@parley/protocol";
import { useChatStore } from "./chat-store-context.tsx";

/** The agent CLI that answers a session, as people name it, with the model and named agent it runs with. */
export interface SessionAgentCli {
  name: AgentCliName;
  /** Its product name: "Codex", "Claude Code". */
  label: string;
  /** The model the session chose for it (`backend_model`), when it chose one. */
  model?: string;
  /** The model the CLI said it answered with (`backend_reported_model`), once a run reported one. */
  reportedModel?: string;
  /** The CLI's named agent or profile the session chose (`backend_agent`), when it chose one. */
  agent?: string;
}

/** The agent CLI a session summary says answers it; undefined for Parley's own agent. */
export function agentCliOf(session: SessionSummary | undefined): SessionAgentCli | undefined {
  const backend = session?.backend;
  if (backend === undefined || backend === "parley") return undefined;
  return {
    name: backend,
    label: AGENT_BACKEND_LABELS[backend],
    ...(session?.backend_model && { model: session.backend_model }),
    ...(session?.backend_reported_model && { reportedModel: session.backend_reported_model }),
    ...(session?.backend_agent && { agent: session.backend_agent }),
  };
}

/** The active session's summary, as the session list holds it. */
export function useActiveSessionSummary(): SessionSummary | undefined {
  return useChatStore((state) => state.sessions.find((session) => session.id === state.activeSessionId));
}

/** The agent CLI that answers the active session; undefined when Parley's own agent does (or none is open). */
export function useSessionAgentCli(): SessionAgentCli | undefined {
  return agentCliOf(useActiveSessionSummary());
}
