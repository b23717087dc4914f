import type { DependencyGraph } from "@parley/protocol";
import type { FileReport } from "../file-report.ts";
import type { ProjectWalkEntry, ProjectWalkSummary } from "../walk-project-files.ts";
import { readCargoDependencies } from "./cargo-dependencies.ts";
import { DependencyGraphBuilder } from "./dependency-graph-builder.ts";
import { readGoDependencies } from "./go-dependencies.ts";
import { ManifestFolder } from "./manifest-folder.ts";
import { readNpmLockfile } from "./npm-lockfile.ts";
import { readNpmManifestOnly } from "./npm-manifest.ts";
import { parseError } from "./parse-error.ts";
import { readPnpmLockfile } from "./pnpm-lockfile.ts";
import { readPythonDependencies } from "./python-dependencies.ts";
import { readYarnLockfile } from "./yarn-lockfile.ts";

/** The names that make a folder a project of some ecosystem. */
const MANIFEST_NAMES =
  /^(package\.json|package-lock\.json|pnpm-lock\.yaml|yarn\.lock|Cargo\.toml|Cargo\.lock|pyproject\.toml|requirements.*\.txt|uv\.lock|poetry\.lock|go\.mod|go\.sum)$/;

/**
 * Builds the project's DependencyGraph from the manifests a walk finds: npm (package-lock.json,
 * pnpm-lock.yaml or yarn.lock, else package.json), Cargo, Python (pyproject.toml or requirements with
 * uv.lock or poetry.lock) and Go modules. Outer folders are read first, and a folder an outer lockfile
 * already covered as a workspace is not read again; independent projects below (fixtures, examples) are.
 */
export async function readProjectDependencies(options: {
  root: string;
  walk: AsyncGenerator<ProjectWalkEntry, ProjectWalkSummary, undefined>;
  maxDependencies: number;
  report: FileReport;
}): Promise<{ graph: DependencyGraph; truncated: boolean }> {
  const folders = new Map<string, Set<string>>();
  let result = await options.walk.next();
  while (!result.done) {
    const entry = result.value;
    if (entry.kind === "file") {
      const slash = entry.path.lastIndexOf("/");
      const name = entry.path.slice(slash + 1);
      if (MANIFEST_NAMES.test(name)) {
        const dir = slash === -1 ? "" : entry.path.slice(0, slash);
        folders.set(dir, (folders.get(dir) ?? new Set()).add(name));
      }
    }
    result = await options.walk.next();
  }
  const builder = new DependencyGraphBuilder();
  const byDepth = [...folders.entries()]
    .map(([dir, names]) => new ManifestFolder(options.root, dir, names, options.report))
    .sort((left, right) => depth(left.dir) - depth(right.dir) || left.dir.localeCompare(right.dir));
  // A folder already read as a workspace of an outer project is not read again on its own.
  const claim = (ecosystem: string, dir: string): boolean => !builder.hasManifestIn(ecosystem, dir);
  for (const folder of byDepth) {
    try {
      await readFolder(folder, builder, claim);
    } catch (error) {
      // A lockfile of an unexpected shape: the file being read is named and the rest of the graph stands.
      options.report.problem(
        options.report.current ?? folder.dir,
        "invalid",
        `could not be read as a manifest or lockfile (${parseError(error)}).`,
      );
    }
    options.report.working(undefined);
  }
  const truncated = result.value.truncated || builder.manifestCount > options.maxDependencies;
  return { graph: builder.build(options.maxDependencies), truncated };
}

/** Reads the manifests of one folder, each ecosystem unless an outer project already covered it. */
async function readFolder(
  folder: ManifestFolder,
  builder: DependencyGraphBuilder,
  claim: (ecosystem: string, dir: string) => boolean,
): Promise<void> {
  const has = (name: string) => folder.names.has(name);
  if (
    (has("package.json") || has("package-lock.json") || has("pnpm-lock.yaml") || has("yarn.lock")) &&
    claim("npm", folder.dir)
  ) {
    const read =
      (has("package-lock.json") && (await readNpmLockfile(folder, builder))) ||
      (has("pnpm-lock.yaml") && (await readPnpmLockfile(folder, builder))) ||
      (has("yarn.lock") && (await readYarnLockfile(folder, builder)));
    if (!read) await readNpmManifestOnly(folder, builder);
  }
  if (has("Cargo.toml") && claim("cargo", folder.dir)) await readCargoDependencies(folder, builder);
  const python = [...folder.names].some((name) => /^(pyproject\.toml|requirements.*\.txt)$/.test(name));
  if (python && claim("pypi", folder.dir)) await readPythonDependencies(folder, builder);
  if (has("go.mod")) await readGoDependencies(folder, builder);
}

function depth(dir: string): number {
  return dir === "" ? 0 : dir.split("/").length;
}
