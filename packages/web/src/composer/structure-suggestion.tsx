import { STRUCTURE_COMMAND_USAGE } from "@parley/sdk";

/** While a `/` line that could become `/structure` is typed: the command, with what it takes. */
export function StructureSuggestion({
  text,
  onChoose,
}: {
  text: string;
  onChoose: (command: string) => void;
}) {
  const typed = /^(\/\S*)$/.exec(text.trimStart())?.[1];
  if (typed === undefined || !"/structure".startsWith(typed)) return null;
  return (
    <ul className="workflow-suggestions" data-testid="structure-suggestion" aria-label="Parley commands">
      <li>
        <button type="button" className="workflow-suggestion" onClick={() => onChoose("/structure ")}>
          <strong>/structure</strong>
          <span className="muted">
            {" "}
            {STRUCTURE_COMMAND_USAGE.slice("/structure ".length)} — attach the project's tree, files or
            dependencies to your message
          </span>
        </button>
      </li>
    </ul>
  );
}
