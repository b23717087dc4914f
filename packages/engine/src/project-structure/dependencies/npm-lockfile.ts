import type { DependencyGraphBuilder } from "./dependency-graph-builder.ts";
import type { ManifestFolder } from "./manifest-folder.ts";
import { NPM_GROUPS } from "./npm-manifest.ts";

interface LockEntry {
  name?: string;
  version?: string;
  link?: boolean;
  resolved?: string;
  dev?: boolean;
  optional?: boolean;
  devOptional?: boolean;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

/**
 * Reads a package-lock.json (lockfileVersion 2 or 3, the `packages` map): the root and every workspace are
 * manifests, their named dependencies are direct, and each installed package's requirements are resolved
 * the way Node does (the nearest `node_modules` up the tree). Returns false when the file is not usable.
 */
export async function readNpmLockfile(
  folder: ManifestFolder,
  builder: DependencyGraphBuilder,
): Promise<boolean> {
  const text = await folder.read("package-lock.json");
  if (text === undefined) return false;
  let packages: Record<string, LockEntry>;
  try {
    packages = (JSON.parse(text) as { packages?: Record<string, LockEntry> }).packages ?? {};
  } catch {
    return false;
  }
  if (Object.keys(packages).length === 0) return false;
  const ids = new Map<string, string | undefined>();
  const idOf = (key: string): string | undefined => {
    if (ids.has(key)) return ids.get(key);
    let entry = packages[key];
    let id: string | undefined;
    if (entry?.link && entry.resolved !== undefined) entry = packages[entry.resolved];
    if (entry !== undefined) {
      const name = entry.name ?? key.slice(key.lastIndexOf("node_modules/") + "node_modules/".length);
      id = builder.add({
        ecosystem: "npm",
        name,
        version: entry.version ?? "0.0.0",
        // A workspace another workspace requires is one of the project's own packages, so named directly.
        ...(isWorkspaceKey(key) || packages[key]?.link ? { direct: true } : { dev: Boolean(entry.dev) }),
        ...((entry.optional || entry.devOptional) && !entry.dev && { optional: true }),
      });
    }
    ids.set(key, id);
    return id;
  };
  const resolve = (from: string, name: string): string | undefined => {
    let base = from;
    for (;;) {
      const candidate = base === "" ? `node_modules/${name}` : `${base}/node_modules/${name}`;
      if (packages[candidate] !== undefined) return candidate;
      if (base === "") return undefined;
      const nested = base.lastIndexOf("/node_modules/");
      base = nested === -1 ? "" : base.slice(0, nested);
    }
  };
  for (const [key, entry] of Object.entries(packages)) {
    if (!isWorkspaceKey(key)) continue;
    const manifest = folder.pathOf(key === "" ? "package.json" : `${key}/package.json`);
    builder.addManifest({
      path: manifest,
      ecosystem: "npm",
      ...(entry.name !== undefined && { name: entry.name }),
      ...(entry.version !== undefined && { version: entry.version }),
    });
    for (const group of NPM_GROUPS) {
      for (const name of Object.keys(entry[group.field] ?? {})) {
        const target = resolve(key, name);
        const found = target === undefined ? undefined : packages[target];
        if (target === undefined || found === undefined) continue;
        const linked = found.link && found.resolved !== undefined ? packages[found.resolved] : found;
        idOf(target);
        builder.add({
          ecosystem: "npm",
          name: linked?.name ?? name,
          version: linked?.version ?? "0.0.0",
          direct: true,
          dev: group.dev,
          ...(group.optional && { optional: true }),
          manifest,
        });
      }
    }
  }
  // A workspace is a node only when another workspace requires it (through its link).
  const linked = new Set(Object.values(packages).flatMap((entry) => (entry.link ? [entry.resolved] : [])));
  for (const [key, entry] of Object.entries(packages)) {
    if (entry.link || (isWorkspaceKey(key) && !linked.has(key))) continue;
    const from = idOf(key);
    if (from === undefined) continue;
    const required = { ...entry.peerDependencies, ...entry.dependencies, ...entry.optionalDependencies };
    for (const name of Object.keys(required)) {
      const target = resolve(key, name);
      const to = target === undefined ? undefined : idOf(target);
      if (to !== undefined) builder.addEdge(from, to);
    }
  }
  return true;
}

/** The root ("") and workspace folders, as opposed to installed packages under `node_modules/`. */
function isWorkspaceKey(key: string): boolean {
  return !key.startsWith("node_modules/") && !key.includes("/node_modules/");
}
