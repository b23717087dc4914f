import { type DependencyGraph, dependentNames, type ProjectDependency } from "@parley/protocol";
import { dependencyTags, summarizeNames } from "@parley/sdk";
import { useId, useMemo, useState } from "react";
import { VirtualRows } from "./virtual-rows.tsx";

type Scope = "all" | "direct" | "transitive";

/**
 * A project's dependency graph: its manifests, then every package with its version and flags, searchable by
 * name and filtered to direct or transitive ones; each shows what it requires and what requires it.
 */
export function ProjectDependencyView({ graph }: { graph: DependencyGraph }) {
  const [query, setQuery] = useState("");
  const [scope, setScope] = useState<Scope>("all");
  const searchId = useId();
  const scopeId = useId();
  const dependents = useMemo(() => dependentNames(graph), [graph]);
  const names = useMemo(
    () => new Map(graph.dependencies.map((dependency) => [dependency.id, dependency.name])),
    [graph],
  );
  const shown = useMemo(() => {
    const needle = query.trim().toLowerCase();
    return graph.dependencies.filter(
      (dependency) =>
        (scope === "all" || (scope === "direct") === dependency.direct) &&
        (needle === "" || dependency.name.toLowerCase().includes(needle)),
    );
  }, [graph, query, scope]);
  const direct = graph.dependencies.filter((dependency) => dependency.direct).length;
  return (
    <div className="project-dependencies">
      <p className="dependency-manifests" data-testid="dependency-manifests">
        {graph.manifests.length === 0
          ? "No manifests found."
          : `Manifests: ${graph.manifests.map((manifest) => `${manifest.path} (${manifest.ecosystem})`).join(", ")}`}
      </p>
      <div className="dependency-filters">
        <label htmlFor={searchId}>Search</label>
        <input
          id={searchId}
          type="search"
          data-testid="dependency-search"
          value={query}
          placeholder="Package name"
          onChange={(event) => setQuery(event.target.value)}
        />
        <label htmlFor={scopeId}>Show</label>
        <select
          id={scopeId}
          data-testid="dependency-scope"
          value={scope}
          onChange={(event) => setScope(event.target.value as Scope)}
        >
          <option value="all">All ({graph.dependencies.length})</option>
          <option value="direct">Direct ({direct})</option>
          <option value="transitive">Transitive ({graph.dependencies.length - direct})</option>
        </select>
        <span className="dependency-count" data-testid="dependency-count" role="status">
          {shown.length} of {graph.dependencies.length} packages
        </span>
      </div>
      <VirtualRows
        rows={shown}
        rowHeight={44}
        maxHeight={396}
        testId="project-dependencies"
        label="Dependencies"
        rowKey={(dependency) => dependency.id}
        renderRow={(dependency) => (
          <DependencyRow
            dependency={dependency}
            names={names}
            dependents={dependents.get(dependency.id) ?? []}
          />
        )}
      />
      {graph.omitted_count ? (
        <p className="structure-truncated" role="note">
          {graph.omitted_count} more packages left out by the limits.
        </p>
      ) : null}
    </div>
  );
}

function DependencyRow({
  dependency,
  names,
  dependents,
}: {
  dependency: ProjectDependency;
  names: ReadonlyMap<string, string>;
  dependents: readonly string[];
}) {
  const tags = dependencyTags(dependency);
  const requires = dependency.depends_on.map((id) => names.get(id) ?? id);
  return (
    <div className="dependency-row" data-testid="dependency-row" data-name={dependency.name}>
      <div className="dependency-title">
        <strong>{dependency.name}</strong> <span className="dependency-version">{dependency.version}</span>{" "}
        <span className="dependency-ecosystem">{dependency.ecosystem}</span>
        {tags.map((tag) => (
          <span key={tag} className={`dependency-tag dependency-tag-${tag}`} data-testid="dependency-tag">
            {tag}
          </span>
        ))}
      </div>
      <div className="dependency-links">
        {dependency.manifest ? `in ${dependency.manifest}` : ""}
        {requires.length > 0 ? ` · requires ${summarizeNames(requires)}` : ""}
        {dependents.length > 0 ? ` · required by ${summarizeNames(dependents)}` : ""}
      </div>
    </div>
  );
}
