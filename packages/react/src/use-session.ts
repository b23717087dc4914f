import type { SessionSummary } from "@parley/protocol";
import type { ConnectionStatus } from "@parley/sdk";
import { useMemo } from "react";
import { useChatActions, useChatStore } from "./chat-store-context.tsx";

/** The sessions of the project and the open one, as `useSession` gives them, with what a person can do. */
export interface SessionView {
  /** The open session's id; undefined before the first message of a new chat. */
  sessionId: string | undefined;
  /** The open session's summary (title, backend, times) as the session list holds it. */
  session: SessionSummary | undefined;
  /** The project's sessions, most recently active first. */
  sessions: readonly SessionSummary[];
  /** The event stream's state: `connected`, `reconnecting` … */
  connection: ConnectionStatus;
  open(sessionId: string): Promise<void>;
  /** Leaves the open session; the next message starts a new one. */
  newSession(): void;
  rename(sessionId: string, title: string): Promise<void>;
  remove(sessionId: string): Promise<void>;
}

/** The project's sessions and the open one, from the same chat store `useChatMessages` reads. */
export function useSession(): SessionView {
  const actions = useChatActions();
  const sessionId = useChatStore((state) => state.activeSessionId);
  const sessions = useChatStore((state) => state.sessions);
  const connection = useChatStore((state) => state.connection);
  return useMemo(
    () => ({
      sessionId,
      session: sessions.find((session) => session.id === sessionId),
      sessions,
      connection,
      open: (id: string) => actions.openSession(id),
      newSession: () => actions.newSession(),
      rename: (id: string, title: string) => actions.renameSession(id, title),
      remove: (id: string) => actions.deleteSession(id),
    }),
    [actions, sessionId, sessions, connection],
  );
}
