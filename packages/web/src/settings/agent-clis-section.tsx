import type { AgentCliStatus } from "@parley/protocol";
import { AGENT_CLI_AVAILABILITY, AGENT_CLI_SETUP } from "@parley/sdk";
import { useEffect, useState } from "react";
import { type AgentBackendsApi, createAgentBackendsApi } from "../sessions/agent-backends-api.ts";

/**
 * The external agent CLIs a session can be answered by, read-only: which are installed, their versions, what
 * is wrong with the others, and where each one's model, key and proxy are set (its own config and logins,
 * never Parley's). PARLEY_<CLI>_COMMAND points Parley at one that is not on PATH.
 */
export function AgentClisSection({
  api = createAgentBackendsApi(),
}: {
  api?: Pick<AgentBackendsApi, "listAgentClis">;
}) {
  const [clis, setClis] = useState<AgentCliStatus[] | undefined>();
  useEffect(() => {
    let live = true;
    void api.listAgentClis().then((listed) => {
      if (live) setClis(listed);
    });
    return () => {
      live = false;
    };
  }, [api]);
  return (
    <section
      className="settings-section"
      data-testid="settings-agent-clis"
      aria-labelledby="agent-clis-title"
    >
      <h2 id="agent-clis-title">Agent CLIs</h2>
      <p className="muted">
        A session can be answered by one of these instead of Parley's own agent: choose it under New chat
        with. Each CLI answers with the model, key and endpoint of its own configuration, and its own
        permission settings govern its tools; Parley passes on only a model or agent chosen for the session.
        One installed off your PATH is named with PARLEY_CLAUDE_CODE_COMMAND, PARLEY_OPENCODE_COMMAND,
        PARLEY_CODEX_COMMAND or PARLEY_GEMINI_COMMAND where Parley starts.
      </p>
      {clis === undefined ? (
        <p className="muted">Looking for agent CLIs…</p>
      ) : (
        <ul className="agent-cli-list">
          {clis.map((cli) => (
            <li key={cli.name} data-testid="agent-cli" data-availability={cli.availability}>
              <span data-testid="agent-cli-status">
                <strong>{cli.label}</strong> — {AGENT_CLI_AVAILABILITY[cli.availability]}
                {cli.version !== null && ` (${cli.version})`}
                {cli.availability !== "installed" && <span className="muted"> {cli.message}</span>}
              </span>
              <details className="agent-cli-setup" data-testid="agent-cli-setup">
                <summary>Model, API key or proxy</summary>
                <p>{AGENT_CLI_SETUP[cli.name].model}</p>
                <a href={AGENT_CLI_SETUP[cli.name].docs} target="_blank" rel="noreferrer noopener">
                  {cli.label}'s configuration docs
                </a>
              </details>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
