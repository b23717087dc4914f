import { extractSpecialBlocks } from "@parley/protocol";
import { ApprovalCard, ToolResultView, useChatMessages, useSession } from "@parley/react";
import { type ChatMessage, indexCards, isCardShown, readToolRequest, readToolResult } from "@parley/sdk";
import { useState } from "react";

/** A product's chat panel: its sessions, the messages as they stream, approvals answered in place. */
export function EmbeddedChat() {
  const { messages, status, error, sendMessage, stop } = useChatMessages();
  const { sessions, sessionId, open, newSession, connection } = useSession();
  const [draft, setDraft] = useState("");
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
      <section className="embed-chat" aria-live="polite">
        <p className="embed-status">
          {connection} · {status}
        </p>
        {messages.map((message) => (
          <MessageView key={message.id} message={message} />
        ))}
        {error !== undefined && <p role="alert">{error}</p>}
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (draft.trim() === "") return;
            void sendMessage(draft);
            setDraft("");
          }}
        >
          <input
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            placeholder="Ask the agent"
          />
          <button type="submit">Send</button>
          {status === "busy" && (
            <button type="button" onClick={() => void stop()}>
              Stop
            </button>
          )}
        </form>
      </section>
    </main>
  );
}

/** A bubble: the person's text, or the agent's text with its approval cards and tool results. */
function MessageView({ message }: { message: ChatMessage }) {
  if (message.role === "user") return <p className="embed-user">{message.text}</p>;
  const cards = message.cards ?? [];
  const index = indexCards(cards);
  return (
    <div className="embed-agent">
      {cards
        .filter((card) => isCardShown(card, index))
        .map((card) => {
          const request = readToolRequest(card.rich.data);
          if (card.rich.kind.endsWith("ToolRequest") && request !== undefined)
            return (
              <ApprovalCard key={card.id} card={card} request={request} result={index.results.get(card.id)} />
            );
          const result = readToolResult(card.rich.data);
          return result === undefined ? null : <ToolResultView key={card.id} result={result} />;
        })}
      <AgentText text={message.text} />
    </div>
  );
}

/**
 * The agent's text: its prose as written (a product would render the markdown its own way) and its special
 * blocks (a change report, a finished task) named, instead of their raw JSON.
 */
function AgentText({ text }: { text: string }) {
  return extractSpecialBlocks(text).map((segment, index) =>
    segment.kind === "markdown" ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: a message's segments never change order
      <p key={index}>{segment.text.trim()}</p>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: as above
      <p key={index} className="embed-block">
        [{segment.block.type.replace("_", " ")}]
      </p>
    ),
  );
}
