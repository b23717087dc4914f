import { createRequire } from "node:module";
import { parse as parseYaml } from "yaml";
import type { DependencyGraphBuilder } from "./dependency-graph-builder.ts";
import type { ManifestFolder } from "./manifest-folder.ts";
import { addNpmManifest, npmDirectDependencies, npmWorkspaceManifests } from "./npm-manifest.ts";

// Yarn's classic parser is a CommonJS bundle whose default export differs between Node and Vite; require it.
const yarnLockfile = createRequire(import.meta.url)(
  "@yarnpkg/lockfile",
) as typeof import("@yarnpkg/lockfile");

interface YarnEntry {
  version?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

/**
 * Reads a yarn.lock, classic (v1, with Yarn's own parser) or Berry (YAML): the package.json and its
 * workspaces name the direct dependencies, and each `name@range` entry resolves to one version with its
 * requirements. Yarn does not record dev packages, so the graph infers them. False when not usable.
 */
export async function readYarnLockfile(
  folder: ManifestFolder,
  builder: DependencyGraphBuilder,
): Promise<boolean> {
  const text = await folder.read("yarn.lock");
  if (text === undefined) return false;
  const entries = parseLock(text);
  if (entries === undefined) return false;
  const berry = entries.has("__metadata");
  const lookup = (name: string, range: string): YarnEntry | undefined =>
    entries.get(`${name}@${range}`) ??
    (berry && !range.includes(":") ? entries.get(`${name}@npm:${range}`) : undefined);
  const idOf = (name: string, entry: YarnEntry) =>
    builder.add({ ecosystem: "npm", name, version: entry.version ?? "0.0.0" });
  for (const { folder: workspace, manifest } of await npmWorkspaceManifests(folder)) {
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
        manifest: workspace.pathOf("package.json"),
      });
    }
  }
  const seen = new Set<YarnEntry>();
  for (const [key, entry] of entries) {
    if (key === "__metadata" || seen.has(entry)) continue;
    seen.add(entry);
    if (entry.version?.startsWith("0.0.0-use.local")) continue;
    const from = idOf(nameOf(key), entry);
    for (const [name, range] of Object.entries({ ...entry.dependencies, ...entry.optionalDependencies })) {
      const target = lookup(name, range);
      if (target !== undefined) builder.addEdge(from, idOf(name, target));
    }
  }
  return true;
}

/** Every `name@range` key of the lockfile (Berry joins several with ", ") mapped to its entry. */
function parseLock(text: string): Map<string, YarnEntry> | undefined {
  try {
    const berry = text.includes("__metadata:");
    const object = berry
      ? (parseYaml(text) as Record<string, YarnEntry>)
      : (yarnLockfile.parse(text).object as Record<string, YarnEntry>);
    const entries = new Map<string, YarnEntry>();
    for (const [keys, entry] of Object.entries(object ?? {})) {
      for (const key of keys.split(",")) entries.set(key.trim().replace(/^"|"$/g, ""), entry);
    }
    return entries;
  } catch {
    return undefined;
  }
}

/** `@scope/name@npm:^1.0.0` → `@scope/name`. */
function nameOf(key: string): string {
  return key.slice(0, key.indexOf("@", 1));
}
