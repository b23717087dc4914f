import {
  type McpConnectionStatus,
  McpServerEntrySchema,
  type McpServerList,
  McpServerNameSchema,
  type McpServerView,
} from "@parley/protocol";
import { useCallback, useEffect, useId, useState } from "react";
import type { ApiResult, SettingsApi } from "./settings-api.ts";

const STATUS_TEXT: Record<McpConnectionStatus, string> = {
  connecting: "Connecting…",
  connected: "Connected",
  failed: "Failed",
  needs_approval: "Needs your approval",
  disabled: "Disabled",
};

const EXAMPLE = `{
  "command": "npx",
  "args": ["-y", "@modelcontextprotocol/server-everything"]
}`;

/**
 * The MCP servers of the user's `mcp.json` and the project's `.mcp.json`: each with where it comes from,
 * its status (the error and the server's stderr when it failed), its tools, and what the person can do:
 * approve a project server (nothing from a cloned repository starts before that), enable, disable,
 * reconnect, edit or remove a server of their own, and add one in the JSON shape Claude Code uses.
 * Reloads whenever the server announces a change (`revision`).
 */
export function McpServersSection({ api, revision }: { api: SettingsApi; revision: number }) {
  const [list, setList] = useState<McpServerList | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [editing, setEditing] = useState<{ name: string; json: string; isNew: boolean } | undefined>();

  const reload = useCallback(async () => {
    const result = await api.listMcpServers();
    if (result.ok) {
      setList(result.value);
      setError(undefined);
    } else setError(result.message);
  }, [api]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `revision` is the reason to reload
  useEffect(() => {
    void reload();
  }, [reload, revision]);

  const act = async (request: Promise<ApiResult<unknown>>) => {
    const result = await request;
    if (!result.ok) setError(result.message);
    await reload();
    return result.ok;
  };

  return (
    <section className="settings-section" data-testid="settings-mcp" aria-labelledby="settings-mcp-title">
      <h2 id="settings-mcp-title">MCP servers</h2>
      <p className="muted">
        Servers from your <code>mcp.json</code> in Parley's home and from this project's{" "}
        <code>.mcp.json</code>, in the shape Claude Code and Claude Desktop use. Their tools are offered to
        the agent as <code>mcp__server__tool</code> and ask before they run.
      </p>
      {error !== undefined && (
        <p className="notice notice-error" role="alert" data-testid="mcp-error">
          {error}
        </p>
      )}
      {list?.problems.map((problem) => (
        <p key={problem.file} className="notice notice-error" data-testid="mcp-problem">
          <code>{problem.file}</code>: {problem.error}
        </p>
      ))}
      {list !== undefined && list.servers.length === 0 && (
        <p className="muted" data-testid="mcp-empty">
          No MCP server is configured.
        </p>
      )}
      <ul className="mcp-server-list">
        {list?.servers.map((server) => (
          <McpServerRow
            key={server.name}
            server={server}
            onAction={(request) => void act(request)}
            api={api}
            onEdit={() =>
              setEditing({ name: server.name, json: JSON.stringify(server.config, null, 2), isNew: false })
            }
          />
        ))}
      </ul>
      {list !== undefined && (
        <label className="checkbox mcp-trust">
          <input
            type="checkbox"
            data-testid="mcp-trust-read-only"
            checked={list.trust_read_only_tools}
            onChange={(event) => void act(api.setTrustReadOnlyMcpTools(event.target.checked))}
          />
          Run tools that say they only read (<code>readOnlyHint</code>) without asking
        </label>
      )}
      {editing === undefined ? (
        <button
          type="button"
          className="button"
          data-testid="mcp-add"
          onClick={() => setEditing({ name: "", json: EXAMPLE, isNew: true })}
        >
          Add a server…
        </button>
      ) : (
        <McpServerForm
          initial={editing}
          onCancel={() => setEditing(undefined)}
          onSave={async (name, config) => {
            const result = await api.putMcpServer(name, config);
            if (!result.ok) return result.message;
            setEditing(undefined);
            await reload();
            return undefined;
          }}
        />
      )}
    </section>
  );
}

function McpServerRow({
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
  const disabled = server.status === "disabled";
  return (
    <li
      className="mcp-server"
      data-testid="mcp-server-row"
      data-name={server.name}
      data-status={server.status}
    >
      <div className="mcp-server-head">
        <strong>{server.name}</strong>
        <span className="badge">
          {server.source === "project" ? "project" : server.source === "user" ? "user" : "command line"}
        </span>
        <span className={`badge mcp-status-${server.status}`} data-testid="mcp-server-status">
          {STATUS_TEXT[server.status]}
          {server.status === "connected" &&
            ` · ${server.tools.length} tool${server.tools.length === 1 ? "" : "s"}`}
        </span>
      </div>
      {server.error !== undefined && server.status === "failed" && (
        <p className="field-error" data-testid="mcp-server-error">
          {server.error}
        </p>
      )}
      <div className="card-actions">
        {server.status === "needs_approval" && (
          <button
            type="button"
            className="button button-primary"
            data-testid="mcp-approve"
            title={`Starts: ${describeConfig(server.config)}`}
            onClick={() => onAction(api.mcpServerAction(server.name, "approve"))}
          >
            Approve and start
          </button>
        )}
        {server.status !== "needs_approval" && (
          <button
            type="button"
            className="button"
            data-testid={disabled ? "mcp-enable" : "mcp-disable"}
            onClick={() => onAction(api.setMcpServerEnabled(server.name, disabled))}
          >
            {disabled ? "Enable" : "Disable"}
          </button>
        )}
        {(server.status === "failed" || server.status === "connected") && (
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
      {server.status === "needs_approval" && (
        <p className="muted">
          This project's <code>.mcp.json</code> wants to run <code>{describeConfig(server.config)}</code>. It
          does not start until you approve it.
        </p>
      )}
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

function McpServerForm({
  initial,
  onSave,
  onCancel,
}: {
  initial: { name: string; json: string; isNew: boolean };
  onSave: (
    name: string,
    config: ReturnType<typeof McpServerEntrySchema.parse>,
  ) => Promise<string | undefined>;
  onCancel: () => void;
}) {
  const [name, setName] = useState(initial.name);
  const [json, setJson] = useState(initial.json);
  const [problem, setProblem] = useState<string | undefined>();
  const nameId = useId();
  const jsonId = useId();
  const submit = async () => {
    const validName = McpServerNameSchema.safeParse(name);
    if (!validName.success) return setProblem(`Name: ${validName.error.issues[0]?.message ?? "not valid"}`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(json);
    } catch (error) {
      return setProblem(`Config: not valid JSON (${(error as Error).message})`);
    }
    const config = McpServerEntrySchema.safeParse(parsed);
    if (!config.success) {
      return setProblem(
        `Config: give "command" (and "args", "env") for a local server, or "type": "http" or "sse" with a "url"`,
      );
    }
    setProblem(await onSave(validName.data, config.data));
  };
  return (
    <form
      className="mcp-server-form"
      data-testid="mcp-form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <label htmlFor={nameId}>Name</label>
      <input
        id={nameId}
        data-testid="mcp-form-name"
        value={name}
        disabled={!initial.isNew}
        onChange={(event) => setName(event.target.value)}
      />
      <label htmlFor={jsonId}>Config (JSON)</label>
      <textarea
        id={jsonId}
        data-testid="mcp-form-config"
        rows={8}
        spellCheck={false}
        value={json}
        onChange={(event) => setJson(event.target.value)}
      />
      {problem !== undefined && (
        <p className="field-error" role="alert" data-testid="mcp-form-error">
          {problem}
        </p>
      )}
      <div className="card-actions">
        <button type="submit" className="button button-primary" data-testid="mcp-form-save">
          Save
        </button>
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** A server's config in one line: the command it runs, or the URL it reaches. */
function describeConfig(config: unknown): string {
  const entry = config as { command?: unknown; args?: unknown; url?: unknown } | null;
  if (typeof entry?.url === "string") return entry.url;
  const args = Array.isArray(entry?.args) ? entry.args.map(String) : [];
  return [String(entry?.command ?? "?"), ...args].join(" ");
}
