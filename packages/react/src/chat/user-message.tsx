import { ProjectStructureCard } from "@parley/react";
import type { ChatMessage } from "@parley/sdk";
import { MessageImages } from "./message-body.tsx";
import { MessageTime } from "./message-time.tsx";

/**
 * A message the person sent, as plain text with the cards they attached (a shared project structure);
 * "sending" until the server has confirmed it.
 */
export function UserMessage({ message }: { message: ChatMessage }) {
  return (
    <article
      className="message message-user"
      data-testid="message"
      data-message-id={message.id}
      data-role="user"
      data-pending={message.pending === true ? "true" : "false"}
    >
      <div className="user-bubble">
        {message.text !== "" && (
          <div className="user-text" data-testid="message-text">
            {message.text}
          </div>
        )}
        {message.attachments?.map((attachment) => (
          <div
            className="user-attachment"
            data-testid="message-attachment"
            key={`${attachment.data.structure_type}:${attachment.data.root_path}:${attachment.data.generated_at}`}
          >
            <ProjectStructureCard structure={attachment.data} />
          </div>
        ))}
        {message.images !== undefined && message.images.length > 0 && (
          <MessageImages images={message.images} />
        )}
        <div className="message-meta">
          {message.pending === true ? (
            <span className="muted">sending…</span>
          ) : (
            <MessageTime timestampMs={message.timestampMs} timestamp={message.timestamp} />
          )}
        </div>
      </div>
    </article>
  );
}
