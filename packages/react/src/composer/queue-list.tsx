import type { QueuedChatMessage } from "@parley/sdk";
import { useState } from "react";
import { useChatActions, useChatStore } from "../chat-store-context.tsx";
import { CloseIcon } from "../icons.tsx";

/**
 * Messages waiting for the busy agent, each removable before the agent reads it. A long message shows its
 * start; "Show all" fetches the whole text from the server (the queue events carry only a preview).
 */
export function QueueList() {
  const queue = useChatStore((state) => state.session?.queue);
  if (queue === undefined || queue.length === 0) return null;
  return (
    <section className="queue" data-testid="queue" aria-label="Queued messages">
      <h2 className="queue-title">Queued — the agent reads these at its next step</h2>
      <ul>
        {queue.map((item) => (
          <QueueItem key={item.id} item={item} />
        ))}
      </ul>
    </section>
  );
}

function QueueItem({ item }: { item: QueuedChatMessage }) {
  const actions = useChatActions();
  const [whole, setWhole] = useState<string | undefined>();
  const [loading, setLoading] = useState(false);
  const showAll = async () => {
    setLoading(true);
    setWhole(await actions.queuedText(item.id));
    setLoading(false);
  };
  return (
    <li className="queue-item" data-testid="queue-item" data-queue-id={item.id}>
      <span className="queue-text" data-testid="queue-item-text">
        {whole ?? (item.truncated ? `${item.text}…` : item.text)}
      </span>
      {item.truncated && whole === undefined && (
        <button
          type="button"
          className="queue-show-all"
          data-testid="queue-item-show-all"
          disabled={loading}
          onClick={() => void showAll()}
        >
          Show all ({item.textLength.toLocaleString()} characters)
        </button>
      )}
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
  );
}
