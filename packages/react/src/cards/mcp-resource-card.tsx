import { MCPResourceDataSchema } from "@parley/protocol";
import type { MessageCard } from "@parley/sdk";
import type { ReactNode } from "react";
import { CollapsibleText } from "./collapsible-text.tsx";

/**
 * A resource an MCP server gave the agent (seed 001's MCPResource): which server, its URI and type, and its
 * text (collapsed when long); binary content is named with its size, never rendered.
 */
export function McpResourceCard({ card, fallback }: { card: MessageCard; fallback: ReactNode }) {
  const parsed = MCPResourceDataSchema.safeParse(card.rich.data);
  if (!parsed.success) return fallback;
  const resource = parsed.data;
  return (
    <section
      className="card mcp-card mcp-resource-card"
      data-testid="rich-card"
      data-kind="MCPResource"
      data-message-id={card.id}
      aria-label={`Resource ${resource.uri}`}
    >
      <header className="approval-header">
        <span className="badge mcp-server-badge" data-testid="mcp-server">
          {resource.server_name}
        </span>
        <span className="approval-headline">
          <code data-testid="mcp-resource-uri">{resource.uri}</code>
        </span>
        {resource.mime_type !== undefined && <span className="badge">{resource.mime_type}</span>}
      </header>
      {resource.description !== undefined && <p className="muted">{resource.description}</p>}
      {resource.text !== undefined ? (
        <CollapsibleText text={resource.text} testId="mcp-resource-text" />
      ) : (
        <p className="muted">
          {resource.blob !== undefined
            ? `Binary content, ${Math.floor((resource.blob.length * 3) / 4)} bytes`
            : "The server sent no content for this resource."}
        </p>
      )}
    </section>
  );
}
