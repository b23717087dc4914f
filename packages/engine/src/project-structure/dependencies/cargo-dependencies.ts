import type { DependencyGraphBuilder } from "./dependency-graph-builder.ts";
import type { ManifestFolder } from "./manifest-folder.ts";
import { readToml } from "./read-toml.ts";

interface CargoManifest {
  package?: { name?: string; version?: string | { workspace?: boolean } };
  workspace?: { members?: string[]; dependencies?: Record<string, unknown> };
  dependencies?: Record<string, unknown>;
  "dev-dependencies"?: Record<string, unknown>;
  "build-dependencies"?: Record<string, unknown>;
}

interface CargoLockPackage {
  name: string;
  version: string;
  source?: string;
  dependencies?: string[];
}

/** One crate a Cargo.toml names, under the crate's real name (`package = "…"` renames). */
interface CargoRequirement {
  name: string;
  spec: string;
  dev: boolean;
  optional: boolean;
}

/**
 * Reads a Cargo project: Cargo.toml (and its `[workspace] members`) name the direct crates, with
 * dev-dependencies as dev and `optional = true` as optional; Cargo.lock, when present, pins every crate and
 * its requirements. Without a lockfile the declared version requirements are listed.
 */
export async function readCargoDependencies(
  folder: ManifestFolder,
  builder: DependencyGraphBuilder,
): Promise<void> {
  const root = await readToml<CargoManifest>(folder, "Cargo.toml");
  if (root === undefined) return;
  const members = [{ folder, manifest: root }];
  for (const member of await folder.expand(root.workspace?.members ?? [])) {
    const manifest = await readToml<CargoManifest>(member, "Cargo.toml");
    if (manifest !== undefined && member.dir !== folder.dir) members.push({ folder: member, manifest });
  }
  const lock = await readToml<{ package?: CargoLockPackage[] }>(folder, "Cargo.lock");
  const locked = Array.isArray(lock?.package) ? lock.package : [];
  // Indexed once, so a lockfile with thousands of versions of one crate costs no more than its length.
  const firstByName = new Map<string, CargoLockPackage>();
  const byReference = new Map<string, CargoLockPackage>();
  for (const crate of locked) {
    if (!firstByName.has(crate.name)) firstByName.set(crate.name, crate);
    const reference = `${crate.name} ${crate.version}`;
    if (!byReference.has(reference)) byReference.set(reference, crate);
  }
  // A reference is `name`, `name version` or `name version (source)`.
  const find = (reference: string): CargoLockPackage | undefined => {
    const [name = "", version] = String(reference).split(" ", 2);
    return version === undefined ? firstByName.get(name) : byReference.get(`${name} ${version}`);
  };
  const workspaceNames = new Set<string>();
  for (const { folder: member, manifest } of members) {
    const name = manifest.package?.name;
    const version = typeof manifest.package?.version === "string" ? manifest.package.version : undefined;
    if (name !== undefined) workspaceNames.add(name);
    builder.addManifest({
      path: member.pathOf("Cargo.toml"),
      ecosystem: "cargo",
      ...(name !== undefined && { name }),
      ...(version !== undefined && { version }),
    });
    for (const requirement of cargoRequirements(manifest)) {
      const pinned = firstByName.get(requirement.name);
      builder.add({
        ecosystem: "cargo",
        name: requirement.name,
        version: pinned?.version ?? requirement.spec,
        direct: true,
        dev: requirement.dev,
        ...(requirement.optional && { optional: true }),
        manifest: member.pathOf("Cargo.toml"),
      });
    }
  }
  for (const crate of locked) {
    // The workspace's own crates are the manifests; they are nodes only when another member needs them.
    if (crate.source === undefined && workspaceNames.has(crate.name)) continue;
    const from = builder.add({ ecosystem: "cargo", name: crate.name, version: crate.version });
    for (const reference of Array.isArray(crate.dependencies) ? crate.dependencies : []) {
      const target = find(reference);
      if (target === undefined) continue;
      builder.addEdge(from, builder.add({ ecosystem: "cargo", name: target.name, version: target.version }));
    }
  }
}

/** The crates a Cargo.toml requires, across normal, dev and build dependencies. */
function cargoRequirements(manifest: CargoManifest): CargoRequirement[] {
  const requirements: CargoRequirement[] = [];
  const groups = [
    { table: manifest.dependencies, dev: false },
    { table: manifest["build-dependencies"], dev: false },
    { table: manifest["dev-dependencies"], dev: true },
  ];
  for (const group of groups) {
    for (const [key, value] of Object.entries(group.table ?? {})) {
      const table = typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
      const name = typeof table.package === "string" ? table.package : key;
      const spec =
        typeof value === "string" ? value : typeof table.version === "string" ? table.version : "*";
      requirements.push({ name, spec, dev: group.dev, optional: table.optional === true });
    }
  }
  return requirements;
}
