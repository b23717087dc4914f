import { loadYaml } from "../../util/load-yaml.ts";
import type { DependencyGraphBuilder } from "./dependency-graph-builder.ts";
import type { ManifestFolder } from "./manifest-folder.ts";
import { addNpmManifest, npmDirectDependencies, npmWorkspaceManifests } from "./npm-manifest.ts";
import { parseError } from "./parse-error.ts";
import { parseYarnClassicLockfile, type YarnEntry } from "./yarn-classic-lockfile.ts";

/**
 * Reads a yarn.lock, classic (v1) or Berry (YAML): the package.json and its workspaces name the direct
 * dependencies, and each `name@range` entry resolves to one version with its requirements. Yarn does not
 * record dev packages, so the graph infers them. False when not usable, after saying why.
 */
export async function readYarnLockfile(
  folder: ManifestFolder,
  builder: DependencyGraphBuilder,
): Promise<boolean> {
  // The manifests first and the lockfile last, so a lockfile too costly to read is the file named.
  const workspaces = await npmWorkspaceManifests(folder);
  const text = await folder.read("yarn.lock");
  if (text === undefined) return false;
  const entries = await parseLock(text, folder);
  if (entries === undefined) return false;
  const berry = entries.has("__metadata");
  const lookup = (name: string, range: string): YarnEntry | undefined =>
    entries.get(`${name}@${range}`) ??
    (berry && !range.includes(":") ? entries.get(`${name}@npm:${range}`) : undefined);
  const idOf = (name: string, entry: YarnEntry) =>
    builder.add({ ecosystem: "npm", name, version: entry.version ?? "0.0.0" });
  for (const { folder: workspace, manifest } of workspaces) {
    addNpmManifest(builder, workspace, manifest);
    for (const dependency of npmDirectDependencies(manifest)) {
      const entry = lookup(dependency.name, dependency.range);
      builder.add({
        ecosystem: "npm",
        name: dependency.name,
        version: entry?.version ?? dependency.range,
        direct: true,
        dev: dependency.dev,
        ...(dependency.optional && { optional: true }),
        ...(dependency.peer && { peer: true }),
        manifest: workspace.pathOf("package.json"),
      });
    }
  }
  const seen = new Set<YarnEntry>();
  for (const [key, entry] of entries) {
    if (key === "__metadata" || seen.has(entry)) continue;
    seen.add(entry);
    if (String(entry.version).startsWith("0.0.0-use.local")) continue;
    const from = idOf(nameOf(key), entry);
    for (const [name, range] of Object.entries({ ...entry.dependencies, ...entry.optionalDependencies })) {
      const target = lookup(name, String(range));
      if (target !== undefined) builder.addEdge(from, idOf(name, target));
    }
  }
  return true;
}

/** Every `name@range` key of the lockfile (Berry joins several with ", ") mapped to its entry. */
async function parseLock(text: string, folder: ManifestFolder): Promise<Map<string, YarnEntry> | undefined> {
  try {
    if (!text.includes("__metadata:")) return parseYarnClassicLockfile(text);
    // Loaded only for a Berry lockfile: the worker starts faster without it.
    const { parse } = await loadYaml();
    const entries = new Map<string, YarnEntry>();
    for (const [keys, entry] of Object.entries((parse(text) ?? {}) as Record<string, YarnEntry>)) {
      if (typeof entry !== "object" || entry === null) continue;
      for (const key of keys.split(",")) entries.set(key.trim().replace(/^"|"$/g, ""), entry);
    }
    return entries;
  } catch (error) {
    folder.problem("yarn.lock", "invalid", `could not be parsed (${parseError(error)}).`);
    return undefined;
  }
}

/** `@scope/name@npm:^1.0.0` → `@scope/name`. */
function nameOf(key: string): string {
  return key.slice(0, key.indexOf("@", 1));
}
