import type { DependencyGraphBuilder } from "./dependency-graph-builder.ts";
import type { ManifestFolder } from "./manifest-folder.ts";
import { resolveNpmLockfile } from "./npm-lockfile-resolution.ts";
import { NPM_GROUPS, optionalPeer, type PackageJson } from "./npm-manifest.ts";
import { parseError } from "./parse-error.ts";
import { objectOrUndefined, stringOrUndefined } from "./untrusted-values.ts";

interface LockEntry {
  name?: unknown;
  version?: unknown;
  link?: unknown;
  resolved?: unknown;
  dev?: unknown;
  optional?: unknown;
  devOptional?: unknown;
  peer?: unknown;
  dependencies?: unknown;
  devDependencies?: unknown;
  optionalDependencies?: unknown;
  peerDependencies?: unknown;
  peerDependenciesMeta?: unknown;
}

/**
 * Reads a package-lock.json (lockfileVersion 2 or 3, the `packages` map): the root and every workspace are
 * manifests, their named dependencies are direct, and each installed package's requirements are resolved
 * the way Node does (the nearest `node_modules` up the tree). Returns false when the file is not usable,
 * after saying why.
 */
export async function readNpmLockfile(
  folder: ManifestFolder,
  builder: DependencyGraphBuilder,
): Promise<boolean> {
  const text = await folder.read("package-lock.json");
  if (text === undefined) return false;
  const packages = lockfilePackages(folder, text);
  if (packages === undefined) return false;
  const ids = new Map<string, string | undefined>();
  // An entry that is a workspace link stands for the workspace folder it points to.
  const target = (entry: LockEntry): LockEntry | undefined => {
    const resolved = entry.link === true ? stringOrUndefined(entry.resolved) : undefined;
    return resolved === undefined ? entry : packages.get(resolved);
  };
  const idOf = (key: string): string | undefined => {
    if (ids.has(key)) return ids.get(key);
    const own = packages.get(key);
    const entry = own === undefined ? undefined : target(own);
    let id: string | undefined;
    if (entry !== undefined) {
      const name =
        stringOrUndefined(entry.name) ?? key.slice(key.lastIndexOf("node_modules/") + "node_modules/".length);
      id = builder.add({
        ecosystem: "npm",
        name,
        version: stringOrUndefined(entry.version) ?? "0.0.0",
        // A workspace another workspace requires is one of the project's own packages, so named directly.
        // `devOptional` is both: a dev dependency and an optional one; both flags stay.
        ...(isWorkspaceKey(key) || own?.link === true
          ? { direct: true }
          : { dev: entry.dev === true || entry.devOptional === true }),
        ...((entry.optional === true || entry.devOptional === true) && { optional: true }),
        ...(entry.peer === true && { peer: true }),
      });
    }
    ids.set(key, id);
    return id;
  };
  const resolved = resolveNpmLockfile(packages.keys(), (key) => requiredNames(packages.get(key)));
  const resolve = (from: string, name: string) => resolved.get(from)?.get(name);
  for (const [key, entry] of packages) {
    if (!isWorkspaceKey(key)) continue;
    const manifest = folder.pathOf(key === "" ? "package.json" : `${key}/package.json`);
    const name = stringOrUndefined(entry.name);
    const version = stringOrUndefined(entry.version);
    builder.addManifest({
      path: manifest,
      ecosystem: "npm",
      ...(name !== undefined && { name }),
      ...(version !== undefined && { version }),
    });
    for (const group of NPM_GROUPS) {
      for (const required of Object.keys(objectOrUndefined(entry[group.field]) ?? {})) {
        const installed = resolve(key, required);
        const found = installed === undefined ? undefined : packages.get(installed);
        if (installed === undefined || found === undefined) continue;
        const linked = target(found);
        idOf(installed);
        builder.add({
          ecosystem: "npm",
          name: stringOrUndefined(linked?.name) ?? required,
          version: stringOrUndefined(linked?.version) ?? "0.0.0",
          direct: true,
          dev: group.dev,
          ...((group.optional || (group.peer && optionalPeer(entry as PackageJson, required))) && {
            optional: true,
          }),
          ...(group.peer && { peer: true }),
          manifest,
        });
      }
    }
  }
  // A workspace is a node only when another workspace requires it (through its link).
  const linked = new Set<string>();
  for (const entry of packages.values()) {
    const resolved = entry.link === true ? stringOrUndefined(entry.resolved) : undefined;
    if (resolved !== undefined) linked.add(resolved);
  }
  for (const [key, entry] of packages) {
    if (entry.link === true || (isWorkspaceKey(key) && !linked.has(key))) continue;
    const from = idOf(key);
    if (from === undefined) continue;
    for (const field of INSTALLED_REQUIREMENTS) {
      for (const name of Object.keys(objectOrUndefined(entry[field]) ?? {})) {
        const installed = resolve(key, name);
        const to = installed === undefined ? undefined : idOf(installed);
        if (to !== undefined) builder.addEdge(from, to);
      }
    }
  }
  return true;
}

/** What a package needs installed with it (a workspace's dev dependencies are its manifest's concern). */
const INSTALLED_REQUIREMENTS = ["peerDependencies", "dependencies", "optionalDependencies"] as const;

/** The `packages` map of a lockfile as entries by key; undefined (after saying why) when there is none. */
function lockfilePackages(folder: ManifestFolder, text: string): Map<string, LockEntry> | undefined {
  let lock: unknown;
  try {
    lock = JSON.parse(text);
  } catch (error) {
    folder.problem("package-lock.json", "invalid", `is not valid JSON (${parseError(error)}).`);
    return undefined;
  }
  const packages = objectOrUndefined(objectOrUndefined(lock)?.packages);
  if (packages === undefined) {
    const version = objectOrUndefined(lock)?.lockfileVersion;
    folder.problem(
      "package-lock.json",
      "unsupported",
      `has no "packages" map (lockfileVersion ${JSON.stringify(version ?? "missing")}; versions 2 and 3 are read), so package.json is read instead.`,
    );
    return undefined;
  }
  const entries = new Map<string, LockEntry>();
  for (const [key, entry] of Object.entries(packages)) {
    const object = objectOrUndefined(entry);
    if (object !== undefined) entries.set(key, object);
  }
  return entries.size === 0 ? undefined : entries;
}

/** Every name a lockfile entry requires, in any group: what the resolution looks up. */
function* requiredNames(entry: LockEntry | undefined): Generator<string> {
  if (entry === undefined) return;
  for (const group of NPM_GROUPS) yield* Object.keys(objectOrUndefined(entry[group.field]) ?? {});
}

/** The root ("") and workspace folders, as opposed to installed packages under `node_modules/`. */
function isWorkspaceKey(key: string): boolean {
  return !key.startsWith("node_modules/") && !key.includes("/node_modules/");
}
