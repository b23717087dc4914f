import type { SessionSummary } from "@parley/protocol";
import { useChatStore } from "@parley/react";
import { useMemo } from "react";
import { SessionItem } from "./session-item.tsx";

/** The sidebar's sessions, newest activity first, with a button for a new chat. */
export function SessionList({ onOpen, onNew }: { onOpen: (sessionId: string) => void; onNew: () => void }) {
  const sessions = useChatStore((state) => state.sessions);
  const activeSessionId = useChatStore((state) => state.activeSessionId);
  const sorted = useMemo(() => [...sessions].sort(byRecentActivity), [sessions]);
  return (
    <nav className="session-list" data-testid="session-list" aria-label="Sessions">
      <button
        type="button"
        className="button button-primary session-new"
        data-testid="session-new"
        onClick={onNew}
      >
        + New chat
      </button>
      {sorted.length === 0 ? (
        <p className="muted session-list-empty">No sessions yet.</p>
      ) : (
        <ul>
          {sorted.map((session) => (
            <SessionItem
              key={session.id}
              session={session}
              active={session.id === activeSessionId}
              onOpen={onOpen}
            />
          ))}
        </ul>
      )}
    </nav>
  );
}

function byRecentActivity(left: SessionSummary, right: SessionSummary): number {
  return right.updated_at_ms - left.updated_at_ms;
}
