import { CloseIcon } from "../lib/icons.tsx";
import { useChatActions, useChatStore } from "../store/chat-store-context.tsx";

/** Messages waiting for the busy agent, each removable before the agent reads it. */
export function QueueList() {
  const queue = useChatStore((state) => state.session?.queue);
  const actions = useChatActions();
  if (queue === undefined || queue.length === 0) return null;
  return (
    <section className="queue" data-testid="queue" aria-label="Queued messages">
      <h2 className="queue-title">Queued — the agent reads these at its next step</h2>
      <ul>
        {queue.map((item) => (
          <li key={item.id} className="queue-item" data-testid="queue-item" data-queue-id={item.id}>
            <span className="queue-text">{item.text}</span>
            <button
              type="button"
              className="icon-button"
              data-testid="queue-item-remove"
              aria-label={`Remove queued message: ${item.text.slice(0, 60)}`}
              onClick={() => void actions.removeQueued(item.id)}
            >
              <CloseIcon />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
