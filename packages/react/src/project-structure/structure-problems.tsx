import type { ProjectStructureProblem } from "@parley/protocol";

/**
 * The files a project structure could not use (too large, invalid, past the time or memory budget…), each
 * with its path and what happened, so a graph or tree missing them never looks complete.
 */
export function StructureProblems({
  problems,
  omitted,
}: {
  problems: readonly ProjectStructureProblem[];
  omitted: number;
}) {
  const total = problems.length + omitted;
  if (total === 0) return null;
  return (
    <div className="structure-problems" role="note" data-testid="structure-problems">
      <p className="structure-problems-title">
        {total === 1 ? "1 file could not be used" : `${total} files could not be used`}
      </p>
      <ul>
        {problems.map((problem) => (
          <li
            key={`${problem.path}\u0000${problem.reason}\u0000${problem.message}`}
            data-testid="structure-problem"
            data-reason={problem.reason}
          >
            <code>{problem.path === "" ? "(project)" : problem.path}</code> {problem.message}
          </li>
        ))}
      </ul>
      {omitted > 0 && <p className="structure-problems-more">… and {omitted} more.</p>}
    </div>
  );
}
