import type { DependencyGraphBuilder } from "./dependency-graph-builder.ts";
import type { ManifestFolder } from "./manifest-folder.ts";

/** The dependency groups of a package.json, with the flags each gives. */
export const NPM_GROUPS = [
  { field: "dependencies", dev: false, optional: false, peer: false },
  { field: "devDependencies", dev: true, optional: false, peer: false },
  { field: "optionalDependencies", dev: false, optional: true, peer: false },
  { field: "peerDependencies", dev: false, optional: false, peer: true },
] as const;

/** The fields of a package.json the dependency view reads. */
export interface PackageJson {
  name?: string;
  version?: string;
  workspaces?: string[] | { packages?: string[] };
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  /** `{ name: { optional: true } }`: a peer the host may leave out. */
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

/** A folder's package.json, or undefined when it is missing or not a JSON object. */
export async function readPackageJson(folder: ManifestFolder): Promise<PackageJson | undefined> {
  const text = await folder.read("package.json");
  if (text === undefined) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)
      ? (parsed as PackageJson)
      : undefined;
  } catch {
    return undefined;
  }
}

/** A package.json's workspace globs (`workspaces` as an array or as `{ packages }`). */
export function workspaceGlobs(manifest: PackageJson): string[] {
  const workspaces = manifest.workspaces;
  const globs = Array.isArray(workspaces) ? workspaces : (workspaces?.packages ?? []);
  return globs.filter((glob): glob is string => typeof glob === "string");
}

/** A package.json and the package.json of each of its workspaces. */
export async function npmWorkspaceManifests(
  folder: ManifestFolder,
): Promise<{ folder: ManifestFolder; manifest: PackageJson }[]> {
  const root = await readPackageJson(folder);
  if (root === undefined) return [];
  const found = [{ folder, manifest: root }];
  for (const workspace of await folder.expand(workspaceGlobs(root))) {
    const manifest = await readPackageJson(workspace);
    if (manifest !== undefined) found.push({ folder: workspace, manifest });
  }
  return found;
}

/** Records a package.json's manifest entry in the graph. */
export function addNpmManifest(
  builder: DependencyGraphBuilder,
  folder: ManifestFolder,
  manifest: PackageJson,
): void {
  builder.addManifest({
    path: folder.pathOf("package.json"),
    ecosystem: "npm",
    ...(typeof manifest.name === "string" && { name: manifest.name }),
    ...(typeof manifest.version === "string" && { version: manifest.version }),
  });
}

/** Each dependency a package.json names, with its range and group flags (a peer marked optional is optional). */
export function* npmDirectDependencies(
  manifest: PackageJson,
): Generator<{ name: string; range: string; dev: boolean; optional: boolean; peer: boolean }> {
  for (const group of NPM_GROUPS) {
    const entries = manifest[group.field];
    if (typeof entries !== "object" || entries === null) continue;
    for (const [name, range] of Object.entries(entries)) {
      if (typeof range !== "string") continue;
      const optional = group.optional || (group.peer && optionalPeer(manifest, name));
      yield { name, range, dev: group.dev, optional, peer: group.peer };
    }
  }
}

/** Whether `peerDependenciesMeta` marks a peer optional. */
export function optionalPeer(manifest: PackageJson, name: string): boolean {
  const meta = manifest.peerDependenciesMeta;
  if (typeof meta !== "object" || meta === null || !Object.hasOwn(meta, name)) return false;
  const entry = meta[name];
  return typeof entry === "object" && entry !== null && entry.optional === true;
}

/** A package.json with no lockfile: its direct dependencies at their declared ranges. */
export async function readNpmManifestOnly(
  folder: ManifestFolder,
  builder: DependencyGraphBuilder,
): Promise<void> {
  for (const { folder: workspace, manifest } of await npmWorkspaceManifests(folder)) {
    addNpmManifest(builder, workspace, manifest);
    for (const dependency of npmDirectDependencies(manifest)) {
      builder.add({
        ecosystem: "npm",
        name: dependency.name,
        version: dependency.range,
        direct: true,
        dev: dependency.dev,
        ...(dependency.optional && { optional: true }),
        ...(dependency.peer && { peer: true }),
        manifest: workspace.pathOf("package.json"),
      });
    }
  }
}
