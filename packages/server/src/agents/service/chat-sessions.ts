import type { KnownFields, SessionSummary } from "@parley/protocol";
import { ApiError } from "../../http/api-error.ts";
import { defaultBackend } from "../backends/default-backend.ts";
import type { AgentServiceContext } from "../context/run-context.ts";

type Session = KnownFields<SessionSummary>;

/** The session a chat message goes to; a 404 when there is none. */
export function requireSession(context: AgentServiceContext, id: string): Session {
  const session = context.store.sessions.get(id);
  if (session === undefined) throw ApiError.notFound("session", id);
  return session;
}

/** The session a message or run goes to: a 404 when there is none, a 409 when it is kept elsewhere. */
export function requireOwnSession(context: AgentServiceContext, id: string, action: string): Session {
  const session = requireSession(context, id);
  refuseForeignSession(session, action);
  return session;
}

/**
 * Refuses to change a session kept elsewhere: an editor's thread is continued (and deleted) in the editor,
 * and shown here as it goes.
 */
export function refuseForeignSession(session: Pick<Session, "id" | "origin">, action: string): void {
  if (session.origin !== "acp") return;
  throw new ApiError(
    "conflict",
    `session ${session.id} is an editor's thread over parley acp: ${action} in the editor (this view follows it); ` +
      "it is kept in PARLEY_HOME/cli-sessions, and deleting its file there removes it here",
  );
}

/**
 * Inside a transaction: a new session for a first message sent without one, titled by that message; every
 * tab hears of it, so their session lists show it. `id` is given when a client names the session (an AG-UI
 * thread).
 */
export function createSessionFor(
  context: Pick<AgentServiceContext, "store" | "bus" | "now" | "newId" | "projectRoot" | "env">,
  firstText: string,
  id: string = context.newId("ses"),
): Session {
  const now = context.now();
  const session = context.store.sessions.create({
    id,
    project_root: context.projectRoot,
    title: titleFrom(firstText),
    created_at_ms: now,
    updated_at_ms: now,
    backend: defaultBackend(context.env),
  });
  context.bus.publish({
    type: "StateUpdated",
    reason: "session_created",
    session_id: session.id,
    project_root: context.projectRoot,
  });
  return session;
}

/**
 * Inside a transaction: a session created without a title takes it from its first message, and every
 * tab hears of it; a session with a title (given or chosen by renaming) keeps it.
 */
export function nameUntitledSession(context: AgentServiceContext, session: Session, text: string): Session {
  const title = titleFrom(text);
  if (!context.store.sessions.nameUntitled(session.id, title)) return session;
  context.bus.publish({
    type: "StateUpdated",
    reason: "session_renamed",
    session_id: session.id,
    project_root: context.projectRoot,
  });
  return { ...session, title };
}

/** A session's title: its first message, on one line, cut at a word near 60 characters. */
export function titleFrom(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  if (line.length <= 60) return line;
  const cut = line.slice(0, 60);
  const space = cut.lastIndexOf(" ");
  return `${(space > 30 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
