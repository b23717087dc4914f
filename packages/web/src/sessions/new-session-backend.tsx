import type { AgentCliName, AgentCliStatus, SessionSummary } from "@parley/protocol";
import { useEffect, useState } from "react";
import type { AgentBackendsApi } from "./agent-backends-api.ts";
import { AgentCliStart } from "./agent-cli-start.tsx";

/**
 * The new-session picker: "New chat with…" the installed agent CLIs (Claude Code, OpenCode, Codex, Gemini
 * CLI). Choosing one asks for its named agent and model, or offers its earlier sessions to import; New chat
 * stays Parley's own agent. Hidden when no agent CLI is installed.
 */
export function NewSessionBackend({
  api,
  sessions = [],
  onOpen,
}: {
  api: AgentBackendsApi;
  /** Parley's sessions: the models they chose for a CLI are suggested for the next one. */
  sessions?: readonly SessionSummary[];
  onOpen: (sessionId: string) => void;
}) {
  const [clis, setClis] = useState<AgentCliStatus[]>([]);
  const [chosen, setChosen] = useState<AgentCliName | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void api.listAgentClis().then((listed) => {
      if (live) setClis(listed.filter((cli) => cli.availability === "installed"));
    });
    return () => {
      live = false;
    };
  }, [api]);
  if (clis.length === 0) return null;
  const cli = clis.find((candidate) => candidate.name === chosen);
  return (
    <div className="session-new-backend">
      <label>
        <span className="muted">New chat with</span>{" "}
        <select
          data-testid="session-new-backend"
          value={chosen ?? ""}
          onChange={(event) => setChosen(event.target.value as AgentCliName)}
        >
          <option value="" disabled>
            an agent CLI…
          </option>
          {clis.map((listed) => (
            <option key={listed.name} value={listed.name}>
              {listed.label} {listed.version}
            </option>
          ))}
        </select>
      </label>
      {cli !== undefined && (
        <AgentCliStart
          key={cli.name}
          api={api}
          cli={cli}
          modelSuggestions={modelsChosenFor(cli.name, sessions)}
          onOpen={(sessionId) => {
            setChosen(undefined);
            onOpen(sessionId);
          }}
          onCancel={() => setChosen(undefined)}
        />
      )}
    </div>
  );
}

/** The models earlier sessions chose for this CLI, most recent first, each once. */
function modelsChosenFor(backend: AgentCliName, sessions: readonly SessionSummary[]): string[] {
  const models = sessions
    .filter((session) => session.backend === backend && session.backend_model)
    .map((session) => session.backend_model as string);
  return [...new Set(models)];
}
