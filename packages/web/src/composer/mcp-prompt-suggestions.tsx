import type { McpServerPromptView } from "@parley/protocol";
import { useLoadWhen } from "@parley/react";
import { ParleyClient } from "@parley/sdk";

const client = new ParleyClient();
const NO_PROMPTS: McpServerPromptView[] = [];
const loadPrompts = async () => (await client.listMcpServers()).servers.flatMap((server) => server.prompts);

/**
 * The connected MCP servers' prompts, loaded each time `wanted` becomes true (the person typed `/`), so a
 * server that connected meanwhile is offered. A server that cannot say offers none.
 */
export function useMcpPrompts(wanted: boolean): McpServerPromptView[] {
  return useLoadWhen(wanted, loadPrompts, NO_PROMPTS);
}

/**
 * Below the composer while a `/` line is typed: the MCP prompts (`/mcp__server__prompt`) whose command starts
 * with what was typed, with their arguments and description; choosing one fills in its command. Sending it
 * has the server fill the prompt in, and its text is what the agent gets.
 */
export function McpPromptSuggestions({
  text,
  prompts,
  onChoose,
}: {
  text: string;
  prompts: readonly McpServerPromptView[];
  onChoose: (command: string) => void;
}) {
  const typed = /^(\/\S*)$/.exec(text.trimStart())?.[1];
  if (typed === undefined) return null;
  const matching = prompts.filter((prompt) => prompt.command.startsWith(typed));
  if (matching.length === 0) return null;
  return (
    <ul className="workflow-suggestions" data-testid="mcp-prompt-suggestions" aria-label="MCP prompts">
      {matching.map((prompt) => (
        <li key={prompt.command}>
          <button
            type="button"
            className="workflow-suggestion"
            data-testid="mcp-prompt-suggestion"
            onClick={() => onChoose(`${prompt.command} `)}
          >
            <strong>{prompt.command}</strong>
            {(prompt.arguments ?? []).length > 0 && (
              <span className="muted">
                {" "}
                {(prompt.arguments ?? [])
                  .map((argument) => `${argument.name}=${argument.required === true ? "…" : "(optional)"}`)
                  .join(" ")}
              </span>
            )}
            {prompt.description !== undefined && <span className="muted"> — {prompt.description}</span>}
          </button>
        </li>
      ))}
    </ul>
  );
}
