import type { DependencyGraphBuilder } from "./dependency-graph-builder.ts";
import type { ManifestFolder } from "./manifest-folder.ts";
import { normalizePythonName, parsePythonRequirement, pinnedVersion } from "./python-requirement.ts";
import { readToml } from "./read-toml.ts";

interface PyProject {
  project?: {
    name?: string;
    version?: string;
    dependencies?: string[];
    "optional-dependencies"?: Record<string, string[]>;
  };
  "dependency-groups"?: Record<string, unknown[]>;
  tool?: {
    poetry?: {
      name?: string;
      version?: string;
      dependencies?: Record<string, unknown>;
      "dev-dependencies"?: Record<string, unknown>;
      group?: Record<string, { dependencies?: Record<string, unknown> }>;
    };
  };
}

interface LockedPackage {
  name: string;
  version?: string;
  category?: string;
  optional?: boolean;
  source?: { editable?: string; virtual?: string };
  /** uv: `[{ name }]`; poetry: `{ name: spec }`. */
  dependencies?: { name: string }[] | Record<string, unknown>;
  "optional-dependencies"?: Record<string, { name: string }[]>;
  "dev-dependencies"?: Record<string, { name: string }[]>;
}

/** A requirement a Python manifest names, with its flags. */
interface Named {
  name: string;
  spec: string;
  dev: boolean;
  optional: boolean;
  manifest: string;
}

/**
 * Reads a Python project: pyproject.toml (PEP 621 dependencies, optional-dependencies as optional,
 * dependency-groups and Poetry groups as dev) or requirements*.txt name the direct packages; uv.lock or
 * poetry.lock, when present, pin every package and its requirements.
 */
export async function readPythonDependencies(
  folder: ManifestFolder,
  builder: DependencyGraphBuilder,
): Promise<void> {
  const named = await directRequirements(folder, builder);
  const lock =
    (await readToml<{ package?: LockedPackage[] }>(folder, "uv.lock")) ??
    (await readToml<{ package?: LockedPackage[] }>(folder, "poetry.lock"));
  const locked = new Map<string, LockedPackage>();
  for (const found of Array.isArray(lock?.package) ? lock.package : []) {
    if (typeof found?.name !== "string") continue;
    const name = normalizePythonName(found.name);
    if (!locked.has(name)) locked.set(name, found);
  }
  const own = new Set(
    [...locked].filter(([, found]) => found.source?.editable ?? found.source?.virtual).map(([name]) => name),
  );
  for (const name of own) {
    const project = locked.get(name) as LockedPackage;
    // uv lists the project's own requirements on its editable/virtual entry.
    for (const requirement of namesOf(project.dependencies))
      named.push(lockedDirect(requirement, false, false));
    for (const group of Object.values(project["optional-dependencies"] ?? {}))
      for (const requirement of group) named.push(lockedDirect(requirement.name, false, true));
    for (const group of Object.values(project["dev-dependencies"] ?? {}))
      for (const requirement of group) named.push(lockedDirect(requirement.name, true, false));
  }
  const idOf = (name: string): string | undefined => {
    const found = locked.get(name);
    if (found === undefined || own.has(name)) return undefined;
    return builder.add({
      ecosystem: "pypi",
      name,
      version: found.version ?? "*",
      ...(found.category !== undefined && { dev: found.category === "dev" }),
      ...(found.optional && { optional: true }),
    });
  };
  const manifest = folder.pathOf(folder.names.has("pyproject.toml") ? "pyproject.toml" : "requirements.txt");
  for (const requirement of named) {
    const version = locked.get(requirement.name)?.version ?? pinnedVersion(requirement.spec);
    if (own.has(requirement.name)) continue;
    builder.add({
      ecosystem: "pypi",
      name: requirement.name,
      version,
      direct: true,
      dev: requirement.dev,
      ...(requirement.optional && { optional: true }),
      manifest: requirement.manifest === "" ? manifest : requirement.manifest,
    });
  }
  for (const [name, found] of locked) {
    const from = idOf(name);
    if (from === undefined) continue;
    const extras = Object.values(found["optional-dependencies"] ?? {}).flat();
    for (const target of [...namesOf(found.dependencies), ...namesOf(extras)]) {
      const to = idOf(normalizePythonName(target));
      if (to !== undefined) builder.addEdge(from, to);
    }
  }
}

function lockedDirect(name: string, dev: boolean, optional: boolean): Named {
  return { name: normalizePythonName(name), spec: "*", dev, optional, manifest: "" };
}

function namesOf(dependencies: LockedPackage["dependencies"]): string[] {
  if (Array.isArray(dependencies))
    return dependencies.map((dependency) => dependency?.name).filter((name) => typeof name === "string");
  return Object.keys(dependencies ?? {});
}

/** The requirements pyproject.toml and requirements*.txt name, recording them as manifests. */
async function directRequirements(folder: ManifestFolder, builder: DependencyGraphBuilder): Promise<Named[]> {
  const named: Named[] = [];
  const pyproject = await readToml<PyProject>(folder, "pyproject.toml");
  if (pyproject !== undefined) {
    const path = folder.pathOf("pyproject.toml");
    const project = pyproject.project;
    const poetry = pyproject.tool?.poetry;
    const name = project?.name ?? poetry?.name;
    const version = project?.version ?? poetry?.version;
    builder.addManifest({ path, ecosystem: "pypi", ...(name && { name }), ...(version && { version }) });
    const add = (line: string, dev: boolean, optional: boolean) => {
      const requirement = parsePythonRequirement(line);
      if (requirement) named.push({ ...requirement, dev, optional, manifest: path });
    };
    for (const line of project?.dependencies ?? []) add(line, false, false);
    for (const group of Object.values(project?.["optional-dependencies"] ?? {}))
      for (const line of group) add(line, false, true);
    for (const group of Object.values(pyproject["dependency-groups"] ?? {}))
      for (const line of group) if (typeof line === "string") add(line, true, false);
    const poetryTable = (table: Record<string, unknown> | undefined, dev: boolean) => {
      for (const [key, value] of Object.entries(table ?? {})) {
        if (key === "python") continue;
        const spec =
          typeof value === "string" ? value : String((value as { version?: string }).version ?? "*");
        const optional = typeof value === "object" && (value as { optional?: boolean }).optional === true;
        named.push({ name: normalizePythonName(key), spec, dev, optional, manifest: path });
      }
    };
    poetryTable(poetry?.dependencies, false);
    poetryTable(poetry?.["dev-dependencies"], true);
    for (const [group, table] of Object.entries(poetry?.group ?? {}))
      poetryTable(table.dependencies, group !== "main");
  }
  for (const file of [...folder.names].filter((name) => /^requirements.*\.txt$/.test(name)).sort()) {
    const text = await folder.read(file);
    if (text === undefined) continue;
    const path = folder.pathOf(file);
    builder.addManifest({ path, ecosystem: "pypi" });
    const dev = /dev|test|lint/.test(file);
    for (const line of text.split("\n")) {
      const requirement = parsePythonRequirement(line);
      if (requirement) named.push({ ...requirement, dev, optional: false, manifest: path });
    }
  }
  return named;
}
