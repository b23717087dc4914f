import { loadYaml } from "../../util/load-yaml.ts";
import type { DependencyGraphBuilder } from "./dependency-graph-builder.ts";
import type { ManifestFolder } from "./manifest-folder.ts";
import { NPM_GROUPS } from "./npm-manifest.ts";
import { parseError } from "./parse-error.ts";

type Versions = Record<string, string | { version?: string; specifier?: string }>;

interface Importer {
  dependencies?: Versions;
  devDependencies?: Versions;
  optionalDependencies?: Versions;
  peerDependencies?: Versions;
}

interface Snapshot {
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  dev?: boolean;
  optional?: boolean;
}

interface PnpmLock extends Importer {
  importers?: Record<string, Importer>;
  packages?: Record<string, Snapshot>;
  snapshots?: Record<string, Snapshot>;
}

/**
 * Reads a pnpm-lock.yaml (lockfile v6 and v9): each importer (the root and every workspace) is a manifest
 * whose dependencies are direct; `snapshots` (v9) or `packages` (v6) give each package's requirements.
 * Peer suffixes like `(react@18.3.1)` are dropped from versions. Returns false when the file is not usable.
 */
export async function readPnpmLockfile(
  folder: ManifestFolder,
  builder: DependencyGraphBuilder,
): Promise<boolean> {
  const text = await folder.read("pnpm-lock.yaml");
  if (text === undefined) return false;
  let lock: PnpmLock;
  try {
    // Loaded only when a project has a pnpm lockfile: the worker starts faster without it.
    const { parse } = await loadYaml();
    lock = (parse(text) ?? {}) as PnpmLock;
  } catch (error) {
    folder.problem("pnpm-lock.yaml", "invalid", `is not valid YAML (${parseError(error)}).`);
    return false;
  }
  const snapshots = lock.snapshots ?? lock.packages ?? {};
  const metadata = lock.packages ?? {};
  const byKey = new Map<string, { name: string; version: string; snapshot: Snapshot }>();
  for (const [rawKey, snapshot] of Object.entries(snapshots)) {
    const key = packageKey(rawKey);
    const at = key.lastIndexOf("@");
    if (at <= 0 || byKey.has(key)) continue;
    const flags = { ...metadata[rawKey], ...metadata[key], ...snapshot };
    byKey.set(key, { name: key.slice(0, at), version: key.slice(at + 1), snapshot: flags });
  }
  const idOf = (key: string) => {
    const found = byKey.get(key);
    if (found === undefined) return undefined;
    return builder.add({
      ecosystem: "npm",
      name: found.name,
      version: found.version,
      ...(found.snapshot.dev !== undefined && { dev: found.snapshot.dev }),
      ...(found.snapshot.optional && { optional: true }),
    });
  };
  const importers = lock.importers ?? { ".": lock };
  for (const [path, importer] of Object.entries(importers)) {
    const manifest = folder.pathOf(path === "." ? "package.json" : `${path}/package.json`);
    builder.addManifest({ path: manifest, ecosystem: "npm" });
    for (const group of NPM_GROUPS) {
      for (const [name, value] of Object.entries(importer[group.field] ?? {})) {
        const version = typeof value === "string" ? value : (value.version ?? "");
        const key = referenceKey(name, version);
        if (!version.startsWith("link:")) idOf(key);
        builder.add({
          ecosystem: "npm",
          name: key.slice(0, key.lastIndexOf("@")),
          version: key.slice(key.lastIndexOf("@") + 1),
          direct: true,
          dev: group.dev,
          ...(group.optional && { optional: true }),
          ...(group.peer && { peer: true }),
          manifest,
        });
      }
    }
  }
  for (const key of byKey.keys()) {
    const from = idOf(key) as string;
    const snapshot = (byKey.get(key) as { snapshot: Snapshot }).snapshot;
    for (const [name, version] of Object.entries({
      ...snapshot.dependencies,
      ...snapshot.optionalDependencies,
    })) {
      const to = idOf(referenceKey(name, version));
      if (to !== undefined) builder.addEdge(from, to);
    }
  }
  return true;
}

/** `/name@1.0.0(peer@2)` (v6) or `name@1.0.0(peer@2)` (v9) as `name@1.0.0`. */
function packageKey(raw: string): string {
  const key = raw.startsWith("/") ? raw.slice(1) : raw;
  const peers = key.indexOf("(");
  return peers === -1 ? key : key.slice(0, peers);
}

/** A dependency's version as pnpm writes it: `1.0.0(peer)`, an alias `other@1.0.0`, or `link:../pkg`. */
function referenceKey(name: string, version: string): string {
  const plain = packageKey(version);
  if (plain.lastIndexOf("@") > 0) return plain;
  return `${name}@${plain}`;
}
