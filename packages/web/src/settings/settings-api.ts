import type {
  ApiErrorIssue,
  McpServerEntry,
  McpServerList,
  McpServerView,
  PermissionRuleRecord,
  ServerLimitsView,
  SettingsUpdate,
  SettingsView,
} from "@parley/protocol";
import { ApiRequestError, ParleyClient } from "@parley/sdk";

// The chat store has no settings actions, so the settings page calls the sdk's ParleyClient directly:
// same origin, with the session cookie, decoded with the protocol's SettingsViewSchema.

/** The outcome of a settings call: its value, or what went wrong in words and per-field issues. */
export type ApiResult<T> =
  | { ok: true; value: T }
  | { ok: false; status: number; message: string; issues: ApiErrorIssue[]; signedOut: boolean };

/** The outcome of a settings call: the new view, or what went wrong. */
export type SettingsResult = ApiResult<SettingsView>;

/** The settings routes of Parley's HTTP API, as the settings page uses them. */
export interface SettingsApi {
  /** `GET /api/settings`: the settings with keys reduced to "configured" and a hint. */
  load(): Promise<SettingsResult>;
  /** `POST /api/settings`: merges `update` (`null` removes a field) and returns the new view. */
  save(update: SettingsUpdate): Promise<SettingsResult>;
  /** `GET /api/permission-rules`: the project's allow / deny / ask rules, oldest first. */
  listRules(): Promise<ApiResult<PermissionRuleRecord[]>>;
  /** `DELETE /api/permission-rules/:id`: Parley asks again where the rule allowed. */
  deleteRule(ruleId: string): Promise<ApiResult<unknown>>;
  /** `GET /api/limits`: the limits in force and the event log's size. */
  loadLimits(): Promise<ApiResult<ServerLimitsView>>;
  /** `GET /api/mcp/servers`: the MCP servers with status and tools. */
  listMcpServers(): Promise<ApiResult<McpServerList>>;
  /** Adds or replaces a server in the user's mcp.json. */
  putMcpServer(name: string, config: McpServerEntry): Promise<ApiResult<McpServerView>>;
  /** Removes a server from the user's mcp.json. */
  removeMcpServer(name: string): Promise<ApiResult<McpServerList>>;
  /** Turns a server on or off for this project. */
  setMcpServerEnabled(name: string, enabled: boolean): Promise<ApiResult<McpServerView>>;
  /** Reconnects a server, or takes back the rejection of a project entry. */
  mcpServerAction(name: string, action: "reconnect" | "unreject"): Promise<ApiResult<McpServerView>>;
  /** Approves or rejects a project entry as the person saw it (`digest`). */
  decideMcpServer(
    name: string,
    decision: "approve" | "reject",
    digest: string,
  ): Promise<ApiResult<McpServerView>>;
  /** Whether tools that declare readOnlyHint run without asking. */
  setTrustReadOnlyMcpTools(trust: boolean): Promise<ApiResult<McpServerList>>;
}

/** The settings API over a same-origin `ParleyClient`; tests pass a client with a scripted fetch. */
export function createSettingsApi(client: ParleyClient = new ParleyClient()): SettingsApi {
  return {
    load: () => settle(client.getSettings()),
    save: (update) => settle(client.updateSettings(update)),
    listRules: () => settle(client.listPermissionRules()),
    deleteRule: (ruleId) => settle(client.deletePermissionRule(ruleId)),
    loadLimits: () => settle(client.getLimits()),
    listMcpServers: () => settle(client.listMcpServers()),
    putMcpServer: (name, config) => settle(client.putMcpServer(name, config)),
    removeMcpServer: (name) => settle(client.removeMcpServer(name)),
    setMcpServerEnabled: (name, enabled) => settle(client.setMcpServerEnabled(name, enabled)),
    mcpServerAction: (name, action) => settle(client.mcpServerAction(name, action)),
    decideMcpServer: (name, decision, digest) => settle(client.decideMcpServer(name, decision, digest)),
    setTrustReadOnlyMcpTools: (trust) => settle(client.setTrustReadOnlyMcpTools(trust)),
  };
}

async function settle<T>(request: Promise<T>): Promise<ApiResult<T>> {
  try {
    return { ok: true, value: await request };
  } catch (error) {
    if (!(error instanceof ApiRequestError)) {
      return { ok: false, status: 0, message: String(error), issues: [], signedOut: false };
    }
    return {
      ok: false,
      status: error.status,
      message: error.body?.error.message ?? error.message,
      issues: error.body?.error.issues ?? [],
      signedOut: error.unauthorized,
    };
  }
}
