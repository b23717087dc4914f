import type { WorkflowSummary } from "@parley/protocol";

/**
 * Below the composer while a `/` line is typed: the workflows whose name starts with what was typed, each
 * with what it does and the inputs it takes (`key=default`); choosing one fills in its command.
 */
export function WorkflowSuggestions({
  text,
  workflows,
  onChoose,
}: {
  text: string;
  workflows: readonly WorkflowSummary[];
  onChoose: (command: string) => void;
}) {
  const typed = /^\/(\S*)/.exec(text.trimStart())?.[1];
  if (typed === undefined) return null;
  const matching = workflows.filter((workflow) => workflow.name.startsWith(typed));
  if (matching.length === 0) return null;
  return (
    <ul className="workflow-suggestions" data-testid="workflow-suggestions" aria-label="Workflows">
      {matching.map((workflow) => {
        const inputs = Object.entries(workflow.inputs).map(([name, input]) =>
          input.default === undefined ? `${name}=…` : `${name}=${String(input.default)}`,
        );
        return (
          <li key={workflow.name}>
            <button
              type="button"
              className="workflow-suggestion"
              data-testid="workflow-suggestion"
              onClick={() => onChoose(`/${workflow.name} `)}
            >
              <strong>/{workflow.name}</strong>
              {inputs.length > 0 && <span className="muted"> {inputs.join(" ")}</span>}
              {workflow.description !== undefined && <span className="muted"> — {workflow.description}</span>}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
