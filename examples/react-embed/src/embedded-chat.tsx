import { Composer, MessageList, QueueList, useChatMessages, useSession } from "@parley/react";

/**
 * A product's chat panel: its own list of sessions beside Parley's message list (the messages as they
 * stream, with every card: approvals answered in place, tool results, plans, questions, workflow progress,
 * project structure) and Parley's message box (send, queue while the agent works, stop).
 */
export function EmbeddedChat() {
  const { status } = useChatMessages();
  const { sessions, sessionId, open, newSession, connection } = useSession();
  return (
    <main className="embed">
      <nav className="embed-sessions">
        <button type="button" onClick={newSession}>
          New chat
        </button>
        {sessions.map((session) => (
          <button
            type="button"
            key={session.id}
            aria-current={session.id === sessionId ? "page" : undefined}
            onClick={() => void open(session.id)}
          >
            {session.title}
          </button>
        ))}
      </nav>
      <section className="embed-chat" aria-label="Chat">
        <p className="embed-status">
          {connection} · {status}
        </p>
        <MessageList empty={<p>Ask the agent about this project.</p>} />
        <QueueList />
        <Composer />
      </section>
    </main>
  );
}
