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
import type { ApiResult, SettingsApi, SettingsResult } from "../src/settings/settings-api.ts";

/** A settings API in memory: records every update and answers with a view or a scripted error. */
export class FakeSettingsApi implements SettingsApi {
  readonly updates: SettingsUpdate[] = [];
  /** When set, the next save fails with these issues (as the server's 400 would). */
  rejectNextSave: { message: string; issues: ApiErrorIssue[] } | undefined;
  /** When true, every call answers 401. */
  signedOut = false;
  /** The project's permission rules, as `GET /api/permission-rules` lists them. */
  rules: PermissionRuleRecord[] = [];
  /** The ids of the rules deleted, in order. */
  readonly deletedRules: string[] = [];

  constructor(public view: SettingsView = demoSettingsView()) {}

  async listRules(): Promise<ApiResult<PermissionRuleRecord[]>> {
    if (this.signedOut) return unauthorized();
    return { ok: true, value: [...this.rules] };
  }

  async deleteRule(ruleId: string): Promise<ApiResult<unknown>> {
    this.deletedRules.push(ruleId);
    if (this.signedOut) return unauthorized();
    if (!this.rules.some((rule) => rule.id === ruleId))
      return { ok: false, status: 404, message: `no rule ${ruleId}`, issues: [], signedOut: false };
    this.rules = this.rules.filter((rule) => rule.id !== ruleId);
    return { ok: true, value: { deleted: true, rule_id: ruleId } };
  }

  /** What `GET /api/limits` answers: the server's defaults. */
  limits: ServerLimitsView = {
    max_message_chars: 100_000,
    max_body_bytes: 1024 * 1024,
    max_queue_length: 100,
    sse_buffer_bytes: 2 * 1024 * 1024,
    sse_drain_timeout_ms: 30_000,
    event_retention: {
      max_events: 2_000_000,
      max_age_ms: 30 * 24 * 60 * 60 * 1000,
      max_bytes: 512 * 1024 * 1024,
      compact_tokens_after_ms: 60 * 60 * 1000,
    },
    event_log: { events_bytes: 3 * 1024 * 1024, head_seq: 1234 },
  };

  /** The MCP servers, as `GET /api/mcp/servers` lists them; changes apply as the server would apply them. */
  mcp: McpServerList = { servers: [], problems: [], trust_read_only_tools: false };

  async listMcpServers(): Promise<ApiResult<McpServerList>> {
    if (this.signedOut) return unauthorized();
    return { ok: true, value: structuredClone(this.mcp) };
  }

  async putMcpServer(name: string, config: McpServerEntry): Promise<ApiResult<McpServerView>> {
    const server: McpServerView = {
      name,
      source: "user",
      file: "/home/me/.parley/mcp.json",
      transport: "command" in config ? "stdio" : config.type,
      config,
      launch:
        "command" in config
          ? { transport: "stdio", command: String(config.command) }
          : { transport: config.type, url: config.url },
      variables: [],
      status: "connected",
      tools: [],
      prompts: [],
      has_resources: false,
      restarts: 0,
    };
    this.mcp.servers = [...this.mcp.servers.filter((candidate) => candidate.name !== name), server];
    return { ok: true, value: server };
  }

  async removeMcpServer(name: string): Promise<ApiResult<McpServerList>> {
    this.mcp.servers = this.mcp.servers.filter((candidate) => candidate.name !== name);
    return { ok: true, value: this.mcp };
  }

  async setMcpServerEnabled(name: string, enabled: boolean): Promise<ApiResult<McpServerView>> {
    return this.#changeServer(name, { status: enabled ? "connected" : "disabled" });
  }

  async mcpServerAction(name: string, action: "reconnect" | "unreject"): Promise<ApiResult<McpServerView>> {
    return this.#changeServer(name, { status: action === "unreject" ? "needs_approval" : "connected" });
  }

  /** Decisions received, in order, with the digest each one named. */
  decisions: { name: string; decision: "approve" | "reject"; digest: string }[] = [];

  async decideMcpServer(
    name: string,
    decision: "approve" | "reject",
    digest: string,
  ): Promise<ApiResult<McpServerView>> {
    this.decisions.push({ name, decision, digest });
    return this.#changeServer(name, { status: decision === "approve" ? "connected" : "rejected" });
  }

  async setTrustReadOnlyMcpTools(trust: boolean): Promise<ApiResult<McpServerList>> {
    this.mcp.trust_read_only_tools = trust;
    return { ok: true, value: this.mcp };
  }

  #changeServer(name: string, change: Partial<McpServerView>): ApiResult<McpServerView> {
    const server = this.mcp.servers.find((candidate) => candidate.name === name);
    if (server === undefined)
      return { ok: false, status: 404, message: `no MCP server ${name}`, issues: [], signedOut: false };
    Object.assign(server, change);
    delete server.error;
    return { ok: true, value: server };
  }

  async loadLimits(): Promise<ApiResult<ServerLimitsView>> {
    if (this.signedOut) return unauthorized();
    return { ok: true, value: this.limits };
  }

  async load(): Promise<SettingsResult> {
    if (this.signedOut) return unauthorized();
    return { ok: true, value: this.view };
  }

  async save(update: SettingsUpdate): Promise<SettingsResult> {
    this.updates.push(update);
    if (this.signedOut) return unauthorized();
    const rejection = this.rejectNextSave;
    if (rejection !== undefined) {
      this.rejectNextSave = undefined;
      return {
        ok: false,
        status: 400,
        message: rejection.message,
        issues: rejection.issues,
        signedOut: false,
      };
    }
    this.view = applyUpdate(this.view, update);
    return { ok: true, value: this.view };
  }
}

/** The view of a fresh install: the demo model answers, no keys set. */
export function demoSettingsView(): SettingsView {
  return {
    settings: {},
    api_keys: [
      { provider: "anthropic", configured: false, source: "none" },
      { provider: "openai", configured: false, source: "none" },
    ],
    model: {
      ref: "demo",
      label: "Demo model (offline)",
      provider: "demo",
      model: "demo",
      is_demo: true,
      source: "default",
    },
  };
}

function unauthorized<T = SettingsView>(): ApiResult<T> {
  return { ok: false, status: 401, message: "authentication required", issues: [], signedOut: true };
}

/** Enough of the server's merge to make the fake's answers believable: model refs and hosted keys. */
function applyUpdate(view: SettingsView, update: SettingsUpdate): SettingsView {
  const settings: Record<string, unknown> = { ...view.settings };
  let model = view.model;
  if (typeof update.model === "string") {
    settings.model = update.model;
    const colon = update.model.indexOf(":");
    const provider = colon < 0 ? update.model : update.model.slice(0, colon);
    const name = colon < 0 ? update.model : update.model.slice(colon + 1);
    model = {
      ref: update.model,
      label: update.model === "demo" ? "Demo model (offline)" : `${name} (${provider})`,
      provider,
      model: name,
      is_demo: update.model === "demo",
      source: "settings",
    };
  }
  if (update.fallback_model === null) delete settings.fallback_model;
  else if (typeof update.fallback_model === "string") settings.fallback_model = update.fallback_model;
  const providers = (update.providers ?? {}) as Record<string, { api_key?: string | null } | undefined>;
  const apiKeys = view.api_keys.map((status) => {
    const key = providers[status.provider]?.api_key;
    if (key === undefined) return status;
    return key === null
      ? { provider: status.provider, configured: false, source: "none" }
      : { provider: status.provider, configured: true, hint: `…${key.slice(-4)}`, source: "settings" };
  });
  return { settings, api_keys: apiKeys, model };
}
