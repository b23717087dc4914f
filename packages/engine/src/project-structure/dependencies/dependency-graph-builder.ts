import type { DependencyGraph, DependencyManifest, ProjectDependency } from "@parley/protocol";

/** A package as a parser reports it; `dev` left undefined is worked out from the graph. */
export interface FoundPackage {
  ecosystem: string;
  name: string;
  version: string;
  /** Named by a manifest (not only required by another package). */
  direct?: boolean;
  dev?: boolean;
  optional?: boolean;
  manifest?: string;
}

/** The id a package has in the graph, e.g. `npm:zod@4.6.7`. */
export function dependencyId(ecosystem: string, name: string, version: string): string {
  return `${ecosystem}:${name}@${version}`;
}

/**
 * Collects packages and edges from every lockfile and manifest of a project into one DependencyGraph:
 * a package seen twice is merged (direct if any manifest names it, dev only if every use is dev, optional if
 * any says so), edges to
 * packages not in the graph are dropped, and at most `maxDependencies` are kept, direct ones first.
 */
export class DependencyGraphBuilder {
  readonly #manifests: DependencyManifest[] = [];
  readonly #packages = new Map<string, FoundPackage & { devKnown: boolean }>();
  readonly #edges = new Map<string, Set<string>>();

  addManifest(manifest: DependencyManifest): void {
    if (!this.#manifests.some((known) => known.path === manifest.path)) this.#manifests.push(manifest);
  }

  /** The folders (project-relative) of the manifests recorded so far for an ecosystem. */
  manifestFolders(ecosystem: string): Set<string> {
    const folders = this.#manifests
      .filter((manifest) => manifest.ecosystem === ecosystem)
      .map((manifest) => manifest.path.slice(0, Math.max(0, manifest.path.lastIndexOf("/"))));
    return new Set(folders);
  }

  /** Adds (or merges) a package and returns its id. */
  add(found: FoundPackage): string {
    const id = dependencyId(found.ecosystem, found.name, found.version);
    const known = this.#packages.get(id);
    if (known === undefined) {
      this.#packages.set(id, { ...found, devKnown: found.dev !== undefined });
      return id;
    }
    if (found.direct && !known.direct) {
      known.direct = true;
      if (found.manifest !== undefined) known.manifest = found.manifest;
    }
    if (found.dev !== undefined) {
      known.dev = known.devKnown ? Boolean(known.dev) && found.dev : found.dev;
      known.devKnown = true;
    }
    // Optional when any manifest or lockfile says so; the walk of requirements never clears it.
    if (found.optional) known.optional = true;
    return id;
  }

  /** Records that package `from` requires package `to` (both ids). */
  addEdge(from: string, to: string): void {
    if (from === to) return;
    const targets = this.#edges.get(from) ?? new Set<string>();
    targets.add(to);
    this.#edges.set(from, targets);
  }

  /**
   * The graph, with dev flags settled by reachability: a package a production package requires is not dev,
   * and one whose flag no source gave is dev when no production package reaches it.
   */
  build(maxDependencies: number): DependencyGraph {
    this.#inferDev();
    const all = [...this.#packages.entries()];
    const ordered = [...all.filter(([, found]) => found.direct), ...all.filter(([, found]) => !found.direct)];
    const kept = new Set(ordered.slice(0, maxDependencies).map(([id]) => id));
    const dependencies: ProjectDependency[] = ordered.slice(0, maxDependencies).map(([id, found]) => ({
      id,
      name: found.name,
      version: found.version,
      ecosystem: found.ecosystem,
      dev: Boolean(found.dev),
      ...(found.optional && { optional: true }),
      direct: Boolean(found.direct),
      ...(found.manifest !== undefined && { manifest: found.manifest }),
      depends_on: [...(this.#edges.get(id) ?? [])].filter((target) => kept.has(target)).sort(),
    }));
    const omitted = all.length - dependencies.length;
    return { manifests: this.#manifests, dependencies, ...(omitted > 0 && { omitted_count: omitted }) };
  }

  #inferDev(): void {
    const production = new Set<string>();
    const stack = [...this.#packages.entries()]
      .filter(([, found]) => found.direct && found.devKnown && !found.dev)
      .map(([id]) => id);
    while (stack.length > 0) {
      const id = stack.pop() as string;
      if (production.has(id)) continue;
      production.add(id);
      for (const target of this.#edges.get(id) ?? []) stack.push(target);
    }
    // A package production code needs ships, even when a manifest also names it as a dev dependency.
    for (const [id, found] of this.#packages) {
      if (production.has(id)) found.dev = false;
      else if (!found.devKnown) found.dev = true;
    }
  }
}
