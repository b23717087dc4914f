import { extractSpecialBlocks } from "@parley/protocol";
import {
  ApprovalCard,
  MarkdownContent,
  ProjectStructureCard,
  ToolResultView,
  useChatMessages,
  useSession,
  WorkflowCard,
} from "@parley/react";
import {
  type ChatMessage,
  indexCards,
  isCardShown,
  readProjectStructure,
  readToolRequest,
  readToolResult,
  readWorkflowExecution,
} from "@parley/sdk";
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
          <MessageView
            key={message.id}
            message={message}
            streaming={status === "busy" && message === messages.at(-1)}
          />
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

/**
 * A bubble: the person's text, or the agent's text with its cards (approvals, tool results, workflow
 * progress, project structure).
 */
function MessageView({ message, streaming }: { message: ChatMessage; streaming: boolean }) {
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
          const execution =
            card.rich.kind === "WorkflowExecution" ? readWorkflowExecution(card.rich.data) : undefined;
          if (execution !== undefined)
            return <WorkflowCard key={card.id} execution={execution} messageId={card.id} />;
          const structure =
            card.rich.kind === "ProjectStructure" ? readProjectStructure(card.rich.data) : undefined;
          if (structure !== undefined)
            return <ProjectStructureCard key={card.id} card={card} structure={structure} />;
          const result = readToolResult(card.rich.data);
          return result === undefined ? null : <ToolResultView key={card.id} result={result} />;
        })}
      <AgentText text={message.text} streaming={streaming} />
    </div>
  );
}

/**
 * The agent's text: its prose as markdown (Parley's renderer, streaming with a cursor while the answer
 * grows) and its special blocks (a change report, a finished task) named, instead of their raw JSON.
 */
function AgentText({ text, streaming }: { text: string; streaming: boolean }) {
  const segments = extractSpecialBlocks(text);
  return segments.map((segment, index) =>
    segment.kind === "markdown" ? (
      <MarkdownContent
        // biome-ignore lint/suspicious/noArrayIndexKey: a message's segments never change order
        key={index}
        text={segment.text}
        streaming={streaming && index === segments.length - 1}
      />
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: as above
      <p key={index} className="embed-block">
        [{segment.block.type.replace("_", " ")}]
      </p>
    ),
  );
}
