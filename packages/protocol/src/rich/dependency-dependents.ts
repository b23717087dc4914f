import type { DependencyGraph } from "./dependency-graph.ts";

/** For each package id of a graph, the names of the packages that require it, in graph order. */
export function dependentNames(graph: DependencyGraph): Map<string, string[]> {
  const dependents = new Map<string, string[]>();
  for (const dependency of graph.dependencies) {
    for (const target of dependency.depends_on) {
      const known = dependents.get(target);
      if (known === undefined) dependents.set(target, [dependency.name]);
      else known.push(dependency.name);
    }
  }
  return dependents;
}
