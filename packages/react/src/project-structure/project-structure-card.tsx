import type { ProjectStructureData } from "@parley/protocol";
import { type MessageCard, STRUCTURE_TITLES } from "@parley/sdk";
import { ProjectDependencyView } from "./project-dependency-view.tsx";
import { ProjectFileTable } from "./project-file-table.tsx";
import { ProjectTreeView } from "./project-tree-view.tsx";
import { StructureProblems } from "./structure-problems.tsx";

/**
 * Seed 001's ProjectStructure card: a collapsible tree, a sortable file table or a searchable dependency
 * view, each virtualized; it says where the project is, when it was read, what was left out, whether a
 * limit cut it short and which files could not be used.
 */
export function ProjectStructureCard({
  card,
  structure,
}: {
  /** The chat message it belongs to; none in the Project view. */
  card?: MessageCard;
  structure: ProjectStructureData;
}) {
  const truncated = structure.truncated === true;
  const omittedFiles = typeof structure.omitted_count === "number" ? structure.omitted_count : 0;
  return (
    <section
      className="card project-structure-card"
      data-testid="rich-card"
      data-kind="ProjectStructure"
      data-structure-type={structure.structure_type}
      data-message-id={card?.id}
    >
      <header className="card-title">
        <span className="card-kicker">{STRUCTURE_TITLES[structure.structure_type]}</span>{" "}
        <code className="structure-root">{structure.root_path}</code>
      </header>
      <p className="structure-about" data-testid="structure-about">
        Read {new Date(structure.generated_at).toLocaleString()}
        {structure.excluded_patterns.length > 0 && ` · leaves out ${structure.excluded_patterns.join(", ")}`}
      </p>
      {truncated && (
        <p className="structure-truncated" role="note" data-testid="structure-truncated">
          Cut at the depth or size limits{omittedFiles > 0 ? `: ${omittedFiles} more files not listed` : ""}.
        </p>
      )}
      <StructureProblems problems={structure.problems ?? []} omitted={structure.omitted_problem_count ?? 0} />
      {structure.structure_type === "tree" && <ProjectTreeView root={structure.content} />}
      {structure.structure_type === "file_list" && <ProjectFileTable files={structure.content} />}
      {structure.structure_type === "dependencies" && <ProjectDependencyView graph={structure.content} />}
    </section>
  );
}
