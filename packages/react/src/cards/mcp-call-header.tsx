import { MCPToolRequestDataSchema } from "@parley/protocol";

/**
 * The head of an MCP call's card, distinct from a built-in tool's: the server (with its icon when it sent
 * one as a `data:` image), the tool's title and description, and its annotations as badges. Annotations
 * are the server's own hints, so they inform the person and decide nothing by themselves.
 */
export function McpCallHeader({ data, waiting }: { data: unknown; waiting: boolean }) {
  const parsed = MCPToolRequestDataSchema.safeParse(data);
  if (!parsed.success) return null;
  const call = parsed.data;
  const annotations = call.annotations;
  return (
    <header className="approval-header mcp-call-header" data-testid="mcp-call-header">
      <span className="badge mcp-server-badge" data-testid="mcp-server" title="MCP server">
        {call.server_icon !== undefined && (
          <img className="mcp-server-icon" src={call.server_icon} alt="" width={14} height={14} />
        )}
        {call.server_name}
      </span>
      <span className="approval-headline" data-testid="approval-headline">
        <strong data-testid="mcp-tool-title">{call.title ?? call.tool_name}</strong>
        {call.title !== undefined && <code className="muted"> {call.tool_name}</code>}
      </span>
      {annotations?.readOnlyHint === true && (
        <span className="badge badge-read-only" data-testid="mcp-badge-read-only">
          read-only
        </span>
      )}
      {annotations?.destructiveHint === true && annotations.readOnlyHint !== true && (
        <span className="badge badge-destructive" data-testid="mcp-badge-destructive">
          destructive
        </span>
      )}
      {annotations?.openWorldHint === true && <span className="badge">reaches outside</span>}
      {waiting && <span className="badge badge-waiting">Needs your approval</span>}
      {call.description !== undefined && (
        <p className="mcp-tool-description muted" data-testid="mcp-tool-description">
          {call.description}
        </p>
      )}
      {call.progress !== undefined && (
        <p className="muted" data-testid="mcp-progress">
          {call.progress.message ?? "Working"} ({call.progress.progress}
          {call.progress.total !== undefined ? ` of ${call.progress.total}` : ""})
        </p>
      )}
    </header>
  );
}
