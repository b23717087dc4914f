import type { McpServerView } from "@parley/protocol";
import { useEffect, useState } from "react";
import type { SettingsApi } from "../settings/settings-api.ts";

/**
 * Above the chat while this project's `.mcp.json` has entries waiting for the person: servers asking to
 * start (they never run before the person approves what they run), and entries named like one of the
 * person's own servers (theirs is used). "Review" opens them in Settings. Rejected entries stay quiet.
 * Reloads whenever the server announces an MCP change (`revision`).
 */
export function McpConsentNotice({
  api,
  revision,
  onReview,
}: {
  api: Pick<SettingsApi, "listMcpServers">;
  revision: number;
  onReview: () => void;
}) {
  const [waiting, setWaiting] = useState<McpServerView[]>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `revision` is the reason to reload
  useEffect(() => {
    let live = true;
    void api.listMcpServers().then((result) => {
      if (live && result.ok) setWaiting(result.value.servers.filter(waitsForThePerson));
    });
    return () => {
      live = false;
    };
  }, [api, revision]);
  const asking = waiting.filter((server) => server.status === "needs_approval");
  const shadowed = waiting.filter((server) => server.status === "shadowed");
  if (asking.length === 0 && shadowed.length === 0) return null;
  return (
    <div className="notice notice-warning" data-testid="mcp-consent-notice" role="status">
      <span>
        {asking.length > 0 && (
          <>
            This project's <code>.mcp.json</code> asks to start {count(asking.length, "MCP server")}:{" "}
            {names(asking)}. {asking.length === 1 ? "It does" : "They do"} not run until you review{" "}
            {asking.length === 1 ? "it" : "them"}.
          </>
        )}
        {asking.length > 0 && shadowed.length > 0 && " "}
        {shadowed.length > 0 && (
          <>
            This project's <code>.mcp.json</code> also names {names(shadowed)} like your own{" "}
            {shadowed.length === 1 ? "server" : "servers"}; yours {shadowed.length === 1 ? "is" : "are"} used.
          </>
        )}
      </span>
      <button type="button" className="button" data-testid="mcp-consent-review" onClick={onReview}>
        Review
      </button>
    </div>
  );
}

function waitsForThePerson(server: McpServerView): boolean {
  return server.source === "project" && (server.status === "needs_approval" || server.status === "shadowed");
}

function count(amount: number, noun: string): string {
  return `${amount} ${noun}${amount === 1 ? "" : "s"}`;
}

function names(servers: McpServerView[]) {
  return servers.map((server, index) => (
    <span key={server.name}>
      {index > 0 && ", "}
      <strong data-testid="mcp-consent-name">{server.name}</strong>
    </span>
  ));
}
