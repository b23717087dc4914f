import type { SessionAgentCli } from "@parley/react";

/**
 * Who answers a chat an agent CLI answers, for the header in place of Parley's model: the CLI, and the model
 * and named agent the session chose for it, when it chose them.
 */
export function AgentCliLabel({ cli }: { cli: SessionAgentCli }) {
  // The model the CLI says it answers with, else the one chosen for it (before its first answer).
  const model = cli.reportedModel ?? cli.model;
  const choices = [model, cli.agent === undefined ? undefined : `agent ${cli.agent}`].filter(
    (choice): choice is string => choice !== undefined,
  );
  return (
    <span
      className="agent-cli-label"
      data-testid="agent-cli-label"
      data-backend={cli.name}
      title={`${cli.label} answers this chat with its own model and tools. A call it asks about comes to you as an approval card; the others its own permission settings decide.`}
    >
      <span className="badge agent-cli-badge" data-testid="agent-cli-name">
        {cli.label}
      </span>
      <span className="muted agent-cli-choices" data-testid="agent-cli-choices">
        {choices.length > 0 ? choices.join(" · ") : "its own model"}
      </span>
    </span>
  );
}
