import type { McpServerList } from "@parley/protocol";
import { MCP_SERVER_EXAMPLE } from "@parley/sdk";
import { useCallback, useEffect, useState } from "react";
import { McpServerForm } from "./mcp-server-form.tsx";
import { McpServerRow } from "./mcp-server-row.tsx";
import type { ApiResult, SettingsApi } from "./settings-api.ts";

/** The address fragment that brings this section into view (the chat's consent notice links to it). */
export const MCP_SERVERS_SECTION = "mcp-servers";

/**
 * The MCP servers of the user's `mcp.json` and the project's `.mcp.json`: each with where it comes from,
 * its status (the error and the server's stderr when it failed), everything it runs as written, its tools,
 * and what the person can do: approve or reject a project entry (nothing from a cloned repository starts
 * before that), enable, disable, reconnect, edit or remove a server of their own, and add one in the JSON
 * shape Claude Code uses. Reloads whenever the server announces a change (`revision`); opened at
 * `#mcp-servers`, it scrolls itself into view once the servers are listed.
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
  const listed = list !== undefined;
  useEffect(() => {
    if (listed && window.location.hash === `#${MCP_SERVERS_SECTION}`) {
      document.getElementById(MCP_SERVERS_SECTION)?.scrollIntoView({ block: "start" });
    }
  }, [listed]);

  const act = async (request: Promise<ApiResult<unknown>>) => {
    const result = await request;
    if (!result.ok) setError(result.message);
    await reload();
    return result.ok;
  };

  return (
    <section
      className="settings-section"
      id={MCP_SERVERS_SECTION}
      data-testid="settings-mcp"
      aria-labelledby="settings-mcp-title"
    >
      <h2 id="settings-mcp-title">MCP servers</h2>
      <p className="muted">
        Servers from your <code>mcp.json</code> in Parley's home and from this project's{" "}
        <code>.mcp.json</code>, in the shape Claude Code and Claude Desktop use. Their tools are offered to
        the agent as <code>mcp__server__tool</code> and ask before they run. A project's server starts only
        once you approved what it runs, never gets Parley's own keys or token, and never takes the name of one
        of yours.
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
            key={`${server.source}:${server.name}`}
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
          onClick={() => setEditing({ name: "", json: MCP_SERVER_EXAMPLE, isNew: true })}
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
