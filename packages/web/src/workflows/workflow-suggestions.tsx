import type { WorkflowList } from "@parley/protocol";
import "./workflows.css";

/**
 * Below the composer while a `/` line is typed: the workflows whose name starts with what was typed, each
 * with what it does and the inputs it takes (`key=default`), and the invalid files of such a name marked
 * so, with their first mistake; choosing one fills in its command.
 */
export function WorkflowSuggestions({
  text,
  list,
  onChoose,
}: {
  text: string;
  list: WorkflowList;
  onChoose: (command: string) => void;
}) {
  const typed = /^\/(\S*)/.exec(text.trimStart())?.[1];
  if (typed === undefined) return null;
  const matching = list.workflows.filter((workflow) => workflow.name.startsWith(typed));
  const invalid = list.problems.filter((problem) => problem.name?.startsWith(typed) === true);
  if (matching.length === 0 && invalid.length === 0) return null;
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
      {invalid.map((problem) => (
        <li key={problem.path}>
          <button
            type="button"
            className="workflow-suggestion workflow-suggestion-invalid"
            data-testid="workflow-suggestion"
            data-invalid="true"
            onClick={() => onChoose(`/${problem.name} `)}
          >
            <strong>/{problem.name}</strong>
            <span className="workflow-invalid-badge"> invalid</span>
            <span className="muted"> — {problem.issues?.[0]?.message ?? problem.message}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
