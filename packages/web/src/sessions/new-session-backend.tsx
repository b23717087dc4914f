import type { AgentCliName, AgentCliStatus } from "@parley/protocol";
import { useEffect, useState } from "react";
import type { AgentBackendsApi } from "./agent-backends-api.ts";

/**
 * The new-session picker: "New chat with…" the installed agent CLIs (Claude Code, OpenCode, Codex, Gemini
 * CLI). Choosing one creates a session that CLI answers and opens it; New chat stays Parley's own agent.
 * Hidden when no agent CLI is installed.
 */
export function NewSessionBackend({
  api,
  onOpen,
}: {
  api: AgentBackendsApi;
  onOpen: (sessionId: string) => void;
}) {
  const [clis, setClis] = useState<AgentCliStatus[]>([]);
  const [failure, setFailure] = useState<string | undefined>(undefined);
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
  const create = async (backend: AgentCliName) => {
    try {
      setFailure(undefined);
      onOpen((await api.createSession(backend)).id);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    }
  };
  return (
    <div className="session-new-backend">
      <label>
        <span className="muted">New chat with</span>{" "}
        <select
          data-testid="session-new-backend"
          value=""
          onChange={(event) => void create(event.target.value as AgentCliName)}
        >
          <option value="" disabled>
            an agent CLI…
          </option>
          {clis.map((cli) => (
            <option key={cli.name} value={cli.name}>
              {cli.label} {cli.version}
            </option>
          ))}
        </select>
      </label>
      {failure !== undefined && (
        <p className="error-text" role="alert">
          {failure}
        </p>
      )}
    </div>
  );
}
