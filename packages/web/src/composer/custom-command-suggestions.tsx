import type { CustomCommandView } from "@parley/protocol";
import { useLoadWhen } from "@parley/react";
import { ParleyClient } from "@parley/sdk";

const client = new ParleyClient();
const NO_COMMANDS: CustomCommandView[] = [];
const loadCommands = async () => (await client.listCustomCommands()).commands;

/**
 * The custom slash commands (Markdown prompts of the project and the person), loaded each time `wanted`
 * becomes true (the person typed `/`), so a file added meanwhile is offered. A server that cannot say offers none.
 */
export function useCustomCommands(wanted: boolean): CustomCommandView[] {
  return useLoadWhen(wanted, loadCommands, NO_COMMANDS);
}

/**
 * Below the composer while a `/` line is typed: the custom commands (and skills, marked so) whose name starts
 * with what was typed, with their argument hint and description; choosing one fills in `/name `. Sending it has the server fill
 * the command's prompt in for the agent, while the chat shows what was typed.
 */
export function CustomCommandSuggestions({
  text,
  commands,
  taken = [],
  onChoose,
}: {
  text: string;
  commands: readonly CustomCommandView[];
  /** Names Enter gives to something else (a workflow, `/structure`): not offered, as the terminal UI does. */
  taken?: readonly string[];
  onChoose: (command: string) => void;
}) {
  const typed = /^\/(\S*)$/.exec(text.trimStart())?.[1];
  if (typed === undefined) return null;
  const matching = commands.filter(
    (command) => command.name.startsWith(typed) && !taken.includes(command.name),
  );
  if (matching.length === 0) return null;
  return (
    <ul
      className="workflow-suggestions"
      data-testid="custom-command-suggestions"
      aria-label="Custom commands"
    >
      {matching.map((command) => (
        <li key={command.name}>
          <button
            type="button"
            className="workflow-suggestion"
            data-testid="custom-command-suggestion"
            title={command.path}
            onClick={() => onChoose(`/${command.name} `)}
          >
            <strong>/{command.name}</strong>
            {command.argument_hint !== undefined && <span className="muted"> {command.argument_hint}</span>}
            {command.description !== "" && <span className="muted"> — {command.description}</span>}
            {command.kind === "skill" && <span className="muted"> (skill)</span>}
            {command.source === "user" && <span className="muted"> (yours)</span>}
          </button>
        </li>
      ))}
    </ul>
  );
}
