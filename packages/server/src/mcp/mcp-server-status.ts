import type { McpConnection } from "@parley/engine";
import type { McpConnectionStatus } from "@parley/protocol";
import type { McpConfigEntry } from "./mcp-config-files.ts";
import type { McpProjectState } from "./mcp-project-state.ts";

/** What a status is read from. */
export interface StatusOfServer {
  entry: McpConfigEntry;
  configError?: string;
  connection?: McpConnection | undefined;
}

/**
 * Where a configured entry stands, most decisive first: a project entry the person rejected (quiet), one
 * shadowed by their own server of that name, an entry that is not valid, one turned off, a project entry
 * waiting for approval (new, or changed since approved), then its connection's state.
 */
export function mcpServerStatus(
  server: StatusOfServer,
  state: McpProjectState,
  userFile: string | undefined,
): { status: McpConnectionStatus; error?: string } {
  const { entry } = server;
  const decision = entry.source === "project" ? state.decision(entry.name, entry.raw) : "approved";
  if (decision === "rejected") return { status: "rejected" };
  if (entry.shadowed) {
    return {
      status: "shadowed",
      error: `your own server "${entry.name}" (${userFile ?? "your mcp.json"}) is used; this project's entry of that name never starts. Rename one of them to use both`,
    };
  }
  if (server.configError !== undefined) return { status: "failed", error: server.configError };
  if (state.isDisabled(entry.name)) return { status: "disabled" };
  if (decision === "pending") {
    return {
      status: "needs_approval",
      error: state.wasApproved(entry.name)
        ? `this entry of ${entry.file} changed since you approved it; review the changes and approve it again`
        : `${entry.file} asks to start this server; review what it runs, then approve or reject it`,
    };
  }
  const connection = server.connection;
  if (connection === undefined || connection.state === "pending") return { status: "connecting" };
  if (connection.state === "connected") return { status: "connected" };
  return { status: "failed", ...(connection.error !== undefined && { error: connection.error }) };
}
