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
  /** Named as a peer dependency by a manifest, or installed only as a peer (npm's `peer`). */
  peer?: boolean;
  manifest?: string;
}

/** The id a package has in the graph, e.g. `npm:zod@4.6.7`. */
export function dependencyId(ecosystem: string, name: string, version: string): string {
  return `${ecosystem}:${name}@${version}`;
}

/**
 * Collects packages and edges from every lockfile and manifest of a project into one DependencyGraph:
 * a package seen twice is merged (direct if any manifest names it, dev only if every use is dev, optional and
 * peer if any says so), edges to
 * packages not in the graph are dropped, and at most `maxDependencies` are kept, direct ones first.
 */
export class DependencyGraphBuilder {
  readonly #manifests = new Map<string, DependencyManifest>();
  /** The folders of each ecosystem's manifests, kept as they come: a lockfile may name thousands. */
  readonly #manifestFolders = new Map<string, Set<string>>();
  readonly #packages = new Map<string, FoundPackage & { devKnown: boolean }>();
  readonly #edges = new Map<string, Set<string>>();

  addManifest(manifest: DependencyManifest): void {
    if (this.#manifests.has(manifest.path)) return;
    this.#manifests.set(manifest.path, manifest);
    const folder = manifest.path.slice(0, Math.max(0, manifest.path.lastIndexOf("/")));
    const folders = this.#manifestFolders.get(manifest.ecosystem) ?? new Set<string>();
    this.#manifestFolders.set(manifest.ecosystem, folders.add(folder));
  }

  /** Whether a manifest of `ecosystem` in `folder` (project-relative) has been recorded. */
  hasManifestIn(ecosystem: string, folder: string): boolean {
    return this.#manifestFolders.get(ecosystem)?.has(folder) ?? false;
  }

  /** How many manifests have been recorded (a graph lists at most as many as it keeps packages). */
  get manifestCount(): number {
    return this.#manifests.size;
  }

  /** Adds (or merges) a package and returns its id. */
  add(reported: FoundPackage): string {
    const found = wellFormed(reported);
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
    if (found.peer) known.peer = true;
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
      ...(found.peer && { peer: true }),
      direct: Boolean(found.direct),
      ...(found.manifest !== undefined && { manifest: found.manifest }),
      depends_on: [...(this.#edges.get(id) ?? [])].filter((target) => kept.has(target)).sort(),
    }));
    const omitted = all.length - dependencies.length;
    const manifests = [...this.#manifests.values()].slice(0, maxDependencies);
    return { manifests, dependencies, ...(omitted > 0 && { omitted_count: omitted }) };
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

/**
 * The package with its name and version as non-empty strings: parsers read untrusted lockfiles, where a
 * number or a table can stand where a name belongs, and the graph must still fit its schema.
 */
function wellFormed(found: FoundPackage): FoundPackage {
  const text = (value: unknown) =>
    typeof value === "string" ? value : typeof value === "number" ? String(value) : "";
  const name = text(found.name) || "(unnamed)";
  const version = text(found.version);
  return name === found.name && version === found.version ? found : { ...found, name, version };
}
