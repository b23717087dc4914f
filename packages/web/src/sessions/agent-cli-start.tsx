import type { AgentCliStatus, AgentSummary, ChatSession } from "@parley/protocol";
import { useCallback, useState } from "react";
import type { AgentBackendsApi } from "./agent-backends-api.ts";
import { AgentCliModelField } from "./agent-cli-model-field.tsx";
import { LoadFailure } from "./load-failure.tsx";
import { type Loaded, useLoaded } from "./use-loaded.ts";

/**
 * Starting a chat an agent CLI answers: the CLI's named agent (from its own list) and model (free text in
 * the CLI's naming, suggesting the CLI's own and the ones earlier sessions used), or its defaults; and the CLI's own earlier
 * sessions for this project, each imported with its history to continue here.
 */
export function AgentCliStart({
  api,
  cli,
  modelSuggestions,
  onOpen,
  onCancel,
}: {
  api: AgentBackendsApi;
  cli: AgentCliStatus;
  /** Models earlier Parley sessions chose for this CLI. */
  modelSuggestions: readonly string[];
  onOpen: (sessionId: string) => void;
  onCancel: () => void;
}) {
  const [agents, reloadAgents] = useLoaded(useCallback(() => api.listAgents(cli.name), [api, cli.name]));
  // One CLI start at a time: on a busy machine three at once each take three times as long.
  const [sessions, reloadSessions] = useLoaded(
    useCallback(() => api.listSessions(cli.name), [api, cli.name]),
    agents.state !== "loading",
  );
  const [agent, setAgent] = useState("");
  const [model, setModel] = useState("");
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | undefined>(undefined);

  const open = async (opening: () => Promise<{ id: string }>) => {
    setBusy(true);
    setFailure(undefined);
    try {
      onOpen((await opening()).id);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };
  const start = () =>
    open(() =>
      api.createSession({
        backend: cli.name,
        ...(model.trim() !== "" && { backend_model: model.trim() }),
        ...(agent !== "" && { backend_agent: agent }),
      }),
    );

  return (
    <form
      className="agent-cli-start"
      data-testid="agent-cli-start"
      data-backend={cli.name}
      aria-label={`New chat with ${cli.label}`}
      onSubmit={(event) => {
        event.preventDefault();
        void start();
      }}
    >
      <label>
        <span className="muted">Agent</span>
        <select
          data-testid="agent-cli-agent"
          value={agent}
          disabled={agents.state !== "ready"}
          onChange={(event) => setAgent(event.target.value)}
        >
          <option value="">
            {agents.state === "loading" ? "Loading agents…" : `${cli.label}'s default`}
          </option>
          {agents.state === "ready" &&
            namedAgents(agents.value).map((named) => (
              <option key={named.name} value={named.name} title={named.details.join("\n")}>
                {named.name} ({named.type})
              </option>
            ))}
        </select>
      </label>
      {agents.state === "failed" && (
        <LoadFailure error={agents.error} testId="agent-cli-agents-error" onRetry={reloadAgents} />
      )}
      <AgentCliModelField
        api={api}
        cli={cli}
        earlier={modelSuggestions}
        value={model}
        onChange={setModel}
        ask={agents.state !== "loading"}
      />
      <div className="agent-cli-start-actions">
        <button
          type="submit"
          className="button button-primary"
          data-testid="agent-cli-start-button"
          disabled={busy}
        >
          Start chat
        </button>
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
      <EarlierSessions
        label={cli.label}
        sessions={sessions}
        onRetry={reloadSessions}
        busy={busy}
        onImport={(id) => open(() => api.importSession(cli.name, id))}
      />
      {failure !== undefined && (
        <p className="error-text" role="alert">
          {failure}
        </p>
      )}
    </form>
  );
}

/** The agents a person can pick; a CLI without named agents lists only its "default", which is the default option. */
function namedAgents(agents: AgentSummary[]): AgentSummary[] {
  return agents.filter((agent) => agent.name !== "default");
}

/** The CLI's own sessions for this project, newest first, each with Import. */
function EarlierSessions({
  label,
  sessions,
  onRetry,
  busy,
  onImport,
}: {
  label: string;
  sessions: Loaded<ChatSession[]>;
  onRetry: () => void;
  busy: boolean;
  onImport: (sessionId: string) => void;
}) {
  return (
    <section
      className="agent-cli-earlier"
      data-testid="agent-cli-earlier-sessions"
      aria-label={`Earlier ${label} sessions`}
    >
      <h3 className="muted">Continue an earlier {label} session</h3>
      {sessions.state === "loading" && <p className="muted">Looking for {label}'s sessions…</p>}
      {sessions.state === "failed" && (
        <LoadFailure error={sessions.error} testId="agent-cli-sessions-error" onRetry={onRetry} />
      )}
      {sessions.state === "ready" && sessions.value.length === 0 && (
        <p className="muted">{label} has no sessions in this project yet.</p>
      )}
      {sessions.state === "ready" && sessions.value.length > 0 && (
        <ul>
          {sessions.value.map((session) => (
            <li key={session.id} data-testid="agent-cli-earlier-session">
              <span className="agent-cli-earlier-title" title={session.id}>
                {session.title}
              </span>{" "}
              <span className="muted">{session.updated}</span>{" "}
              <button
                type="button"
                className="button"
                data-testid="agent-cli-import"
                disabled={busy}
                onClick={() => onImport(session.id)}
              >
                Import
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
