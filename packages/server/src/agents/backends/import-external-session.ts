import type { HistoryMessage, SessionSummary } from "@parley/protocol";
import type { RunContext } from "../context/run-context.ts";
import { historyChat } from "./history-chat.ts";

/**
 * Inside a transaction: a new Parley session that continues an agent CLI's own session, with that
 * session's history (from the CLI's export) stored as its messages. The next message resumes the CLI's
 * session, so the conversation goes on where it was left.
 */
export function importExternalSession(
  context: RunContext,
  backend: NonNullable<SessionSummary["backend"]>,
  externalSessionId: string,
  title: string,
  history: readonly HistoryMessage[],
): SessionSummary {
  const { store, bus, now, newId, projectRoot, publisher } = context;
  const created = now();
  const session = store.sessions.create({
    id: newId("ses"),
    project_root: projectRoot,
    title,
    created_at_ms: created,
    updated_at_ms: created,
    backend,
  });
  store.sessions.setBackendSession(session.id, externalSessionId);
  const reason = "Imported from the agent CLI's own session; its permission settings decided it.";
  for (const message of historyChat(history, reason, () => newId("run"))) {
    const scope = { sessionId: session.id, agentId: "main", runId: message.runId };
    publisher.append(scope, message.role, message.rich, message.content);
  }
  bus.publish({
    type: "StateUpdated",
    reason: "session_created",
    session_id: session.id,
    project_root: projectRoot,
  });
  return session;
}
