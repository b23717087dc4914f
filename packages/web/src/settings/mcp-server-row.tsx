import type { McpConnectionStatus, McpServerView } from "@parley/protocol";
import { McpServerLaunch } from "./mcp-server-launch.tsx";
import type { ApiResult, SettingsApi } from "./settings-api.ts";

const STATUS_TEXT: Record<McpConnectionStatus, string> = {
  connecting: "Connecting…",
  connected: "Connected",
  failed: "Failed",
  needs_approval: "Needs your approval",
  disabled: "Disabled",
  rejected: "Rejected",
  shadowed: "Not used",
};

const SOURCE_TEXT: Record<McpServerView["source"], string> = {
  project: "project",
  user: "user",
  command_line: "command line",
};

/**
 * One configured server: where it comes from, its status, what it runs (open while a project entry waits
 * for the person: nothing is hidden before they decide), and what they can do with it: approve or reject a
 * project entry, take a rejection back, enable, disable, reconnect, edit or remove a server of their own.
 */
export function McpServerRow({
  server,
  api,
  onAction,
  onEdit,
}: {
  server: McpServerView;
  api: SettingsApi;
  onAction: (request: Promise<ApiResult<unknown>>) => void;
  onEdit: () => void;
}) {
  const own = server.source === "user";
  const { status } = server;
  const deciding = status === "needs_approval" || status === "rejected" || status === "shadowed";
  const digest = server.consent?.digest;
  const decide = (decision: "approve" | "reject") => {
    if (digest !== undefined) onAction(api.decideMcpServer(server.name, decision, digest));
  };
  return (
    <li
      className="mcp-server"
      data-testid="mcp-server-row"
      data-name={server.name}
      data-source={server.source}
      data-status={status}
    >
      <div className="mcp-server-head">
        <strong>{server.name}</strong>
        <span className="badge">{SOURCE_TEXT[server.source]}</span>
        <span className={`badge mcp-status-${status}`} data-testid="mcp-server-status">
          {STATUS_TEXT[status]}
          {status === "connected" && ` · ${server.tools.length} tool${server.tools.length === 1 ? "" : "s"}`}
        </span>
      </div>
      {server.error !== undefined && status === "failed" && (
        <p className="field-error" data-testid="mcp-server-error">
          {server.error}
        </p>
      )}
      {server.error !== undefined && (status === "needs_approval" || status === "shadowed") && (
        <p className="mcp-consent-reason" data-testid="mcp-consent-reason">
          {server.error}
        </p>
      )}
      {status === "rejected" && (
        <p className="muted" data-testid="mcp-consent-reason">
          You rejected this entry of <code>{server.file}</code>: it stays off until the entry changes.
        </p>
      )}
      <details className="mcp-launch-details" open={status === "needs_approval"}>
        <summary>{status === "needs_approval" ? "What it would run" : "What it runs"}</summary>
        <McpServerLaunch server={server} />
      </details>
      <div className="card-actions">
        {status === "needs_approval" && (
          <button
            type="button"
            className="button button-primary"
            data-testid="mcp-approve"
            onClick={() => decide("approve")}
          >
            Approve and start
          </button>
        )}
        {(status === "needs_approval" || status === "shadowed") && (
          <button type="button" className="button" data-testid="mcp-reject" onClick={() => decide("reject")}>
            Reject
          </button>
        )}
        {status === "rejected" && (
          <button
            type="button"
            className="button"
            data-testid="mcp-unreject"
            onClick={() => onAction(api.mcpServerAction(server.name, "unreject"))}
          >
            Undo rejection
          </button>
        )}
        {!deciding && (
          <button
            type="button"
            className="button"
            data-testid={status === "disabled" ? "mcp-enable" : "mcp-disable"}
            onClick={() => onAction(api.setMcpServerEnabled(server.name, status === "disabled"))}
          >
            {status === "disabled" ? "Enable" : "Disable"}
          </button>
        )}
        {(status === "failed" || status === "connected") && (
          <button
            type="button"
            className="button"
            data-testid="mcp-reconnect"
            onClick={() => onAction(api.mcpServerAction(server.name, "reconnect"))}
          >
            Reconnect
          </button>
        )}
        {own && (
          <>
            <button type="button" className="button" data-testid="mcp-edit" onClick={onEdit}>
              Edit…
            </button>
            <button
              type="button"
              className="button button-danger"
              data-testid="mcp-remove"
              onClick={() => onAction(api.removeMcpServer(server.name))}
            >
              Remove
            </button>
          </>
        )}
      </div>
      {server.tools.length > 0 && (
        <details>
          <summary>Tools</summary>
          <ul className="mcp-tool-list" data-testid="mcp-tools">
            {server.tools.map((tool) => (
              <li key={tool.name}>
                <code>{tool.model_name}</code>
                {tool.annotations?.readOnlyHint === true && <span className="badge">read-only</span>}
                {tool.annotations?.destructiveHint === true && (
                  <span className="badge badge-destructive">destructive</span>
                )}
                {tool.description !== undefined && <span className="muted"> — {tool.description}</span>}
              </li>
            ))}
          </ul>
        </details>
      )}
      {server.stderr !== undefined && server.stderr !== "" && (
        <details>
          <summary>Server output (stderr)</summary>
          <pre className="mcp-stderr" data-testid="mcp-stderr">
            {server.stderr}
          </pre>
        </details>
      )}
    </li>
  );
}
