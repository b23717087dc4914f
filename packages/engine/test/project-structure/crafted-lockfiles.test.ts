import { open, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import {
  type DependencyGraph,
  type ProjectStructureData,
  ProjectStructureDataSchema,
  type ProjectStructureProblem,
} from "@parley/protocol";
import { deepNpmLockfile } from "@parley/testkit";
import { afterEach, describe, expect, it } from "vitest";
import { generateProjectStructure } from "../../src/project-structure/generate-project-structure.ts";
import { createProject, OUTSIDE_SECRET, type ProjectFixture } from "../project-fixture.ts";

let project: ProjectFixture | undefined;
afterEach(async () => {
  await project?.remove();
  project = undefined;
});

/** The dependency structure of the project, checked against the protocol schema. */
async function dependenciesOf(
  root: string,
  options: { timeoutMs?: number } = {},
): Promise<{ graph: DependencyGraph; problems: ProjectStructureProblem[]; structure: ProjectStructureData }> {
  // A budget well under the test's timeout: an input that still took long would show as a problem.
  const structure = await generateProjectStructure({
    root,
    type: "dependencies",
    budget: { timeoutMs: options.timeoutMs ?? 20_000 },
  });
  expect(ProjectStructureDataSchema.safeParse(structure).success).toBe(true);
  if (structure.structure_type !== "dependencies") throw new Error("expected dependencies");
  return { graph: structure.content, problems: structure.problems ?? [], structure };
}

function versionsOf(graph: DependencyGraph, name: string): string[] {
  return graph.dependencies.filter((dependency) => dependency.name === name).map((found) => found.version);
}

/** What the package called `name` requires, as `name@version`. */
function requiresOf(graph: DependencyGraph, name: string): string[] {
  const labels = new Map(graph.dependencies.map((found) => [found.id, `${found.name}@${found.version}`]));
  const found = graph.dependencies.find((dependency) => dependency.name === name);
  return (found?.depends_on ?? []).map((id) => labels.get(id) ?? id);
}

describe("crafted lockfiles give a correct graph or a named problem, never a stall", {
  timeout: 60_000,
}, () => {
  it("resolves a package nested 2,000 node_modules deep with 1,000 requirements to the nearest installs", async () => {
    // Walking up the folders for each requirement cost depth × requirements: minutes for these 93 KB.
    project = await createProject({
      "package-lock.json": deepNpmLockfile({ depth: 2_000, requirements: 1_000 }),
    });
    const { graph, problems } = await dependenciesOf(project.root);
    expect(problems).toEqual([]);
    const required = requiresOf(graph, "p1999");
    expect(required).toHaveLength(1_001);
    expect(required).toEqual(expect.arrayContaining(["d0@1.0.0", "d999@1.0.0", "shadow@2.0.0"]));
    expect(versionsOf(graph, "shadow").sort()).toEqual(["1.0.0", "2.0.0"]);
  });

  it("names a lockfile over the size limit without reading it, and falls back to package.json", async () => {
    project = await createProject({ "package.json": JSON.stringify({ dependencies: { zod: "^4.0.0" } }) });
    // A sparse file: 65 MiB to stat, nothing on disk; reading it would find NUL bytes, not JSON.
    const handle = await open(join(project.root, "package-lock.json"), "w");
    await handle.truncate(65 * 1024 * 1024);
    await handle.close();
    const { graph, problems } = await dependenciesOf(project.root);
    expect(problems).toEqual([
      {
        path: "package-lock.json",
        reason: "too_large",
        message: "is 65.0 MiB; files over 64.0 MiB are not read.",
      },
    ]);
    expect(versionsOf(graph, "zod")).toEqual(["^4.0.0"]);
  });

  it("names invalid and unsupported files and still reads every other project", async () => {
    project = await createProject({
      "package.json": JSON.stringify({ dependencies: { zod: "^4.0.0" } }),
      "package-lock.json": '{ "packages": ',
      "legacy/package.json": JSON.stringify({ dependencies: { lodash: "^4.17.0" } }),
      "legacy/package-lock.json": JSON.stringify({ lockfileVersion: 1, dependencies: {} }),
      "crate/Cargo.toml": "[package\nname = ",
      "tool/requirements.txt": "flask==3.0.3\n",
      "odd/package-lock.json": JSON.stringify({ lockfileVersion: 3, packages: { "": { name: 7 }, x: null } }),
    });
    const { graph, problems } = await dependenciesOf(project.root);
    expect(problems.map((problem) => [problem.path, problem.reason])).toEqual([
      ["package-lock.json", "invalid"],
      ["crate/Cargo.toml", "invalid"],
      ["legacy/package-lock.json", "unsupported"],
    ]);
    expect(problems[2]?.message).toContain("lockfileVersion 1");
    expect(versionsOf(graph, "zod")).toEqual(["^4.0.0"]);
    expect(versionsOf(graph, "lodash")).toEqual(["^4.17.0"]);
    expect(versionsOf(graph, "flask")).toEqual(["3.0.3"]);
    expect(graph.manifests.map((manifest) => manifest.path)).toContain("odd/package.json");
  });

  it("names a workspace manifest that links out of the project and reads nothing outside", async () => {
    project = await createProject({
      "package.json": JSON.stringify({ workspaces: ["packages/*"], dependencies: { zod: "^4.0.0" } }),
      "packages/app/package.json": JSON.stringify({ name: "app", dependencies: { react: "^18.0.0" } }),
    });
    await writeFile(join(project.outside, "package.json"), JSON.stringify({ name: OUTSIDE_SECRET }));
    await symlink(join(project.outside), join(project.root, "packages", "evil"));
    await project.write({ "packages/linked/.keep": "" });
    await symlink(
      join(project.outside, "package.json"),
      join(project.root, "packages", "linked", "package.json"),
    );
    const { graph, problems, structure } = await dependenciesOf(project.root);
    expect(problems).toEqual([
      {
        path: "packages/linked/package.json",
        reason: "outside_project",
        message: "is a symlink to a place outside the project; not read.",
      },
    ]);
    expect(versionsOf(graph, "react")).toEqual(["^18.0.0"]);
    expect(JSON.stringify(structure)).not.toContain(OUTSIDE_SECRET);
  });

  it("names a yarn.lock Yarn's own parser would never return on, and reads one ending in a comment", async () => {
    // @yarnpkg/lockfile loops until it runs out of memory on both of these files.
    project = await createProject({
      "package.json": JSON.stringify({ dependencies: { chalk: "^4.1.2" } }),
      "yarn.lock": 'chalk@^4.1.2:\n  version "4.1.2\n',
      "tail/package.json": JSON.stringify({ dependencies: { ms: "^2.1.3" } }),
      "tail/yarn.lock": 'ms@^2.1.3:\n  version "2.1.3"\n# the end',
    });
    const { graph, problems } = await dependenciesOf(project.root);
    expect(problems).toEqual([
      {
        path: "yarn.lock",
        reason: "invalid",
        message: "could not be parsed (line 2: a string is not closed).",
      },
    ]);
    expect(versionsOf(graph, "chalk")).toEqual(["^4.1.2"]);
    expect(versionsOf(graph, "ms")).toEqual(["2.1.3"]);
  });

  it("reads requirement and go.mod lines with a stray carriage return in linear time", async () => {
    // `(.*)$` stops at a lone `\r`, so these lines made the old patterns backtrack quadratically.
    project = await createProject({
      "requirements.txt": `flask==3.0.3${" #".repeat(100_000)}\rX\n`,
      "go.mod": `module example.com/demo\n\nrequire example.com/dep v${"1".repeat(100_000)}\rX\n`,
    });
    const { graph, problems } = await dependenciesOf(project.root);
    expect(problems).toEqual([]);
    expect(versionsOf(graph, "flask")).toEqual(["3.0.3"]);
    expect(versionsOf(graph, "example.com/dep")[0] === `v${"1".repeat(100_000)}`).toBe(true);
  });

  it("matches workspace globs with many stars against long folder names in linear time", async () => {
    project = await createProject({
      "package.json": JSON.stringify({ workspaces: [`${"*a".repeat(12)}*b`, "pkg-*"] }),
      [`${"a".repeat(200)}/package.json`]: JSON.stringify({ name: "never-matched" }),
      "pkg-one/package.json": JSON.stringify({ name: "one", dependencies: { ms: "^2.1.3" } }),
    });
    const { graph, problems } = await dependenciesOf(project.root);
    expect(problems).toEqual([]);
    expect(graph.manifests.map((manifest) => manifest.path)).toEqual([
      "package.json",
      "pkg-one/package.json",
      `${"a".repeat(200)}/package.json`,
    ]);
  });

  it("reads a Cargo.lock with 30,000 versions of one crate in linear time", async () => {
    const crates = Array.from(
      { length: 30_000 },
      (_, index) =>
        `[[package]]\nname = "dup"\nversion = "0.0.${index}"\ndependencies = ["dup 0.0.${(index + 1) % 30_000}"]\n`,
    );
    project = await createProject({
      "Cargo.toml": '[package]\nname = "demo"\nversion = "0.1.0"\n\n[dependencies]\ndup = "0.0.0"\n',
      "Cargo.lock": `version = 3\n\n${crates.join("\n")}`,
    });
    const { graph, problems } = await dependenciesOf(project.root);
    expect(problems).toEqual([]);
    expect(graph.dependencies).toHaveLength(5_000);
    expect(requiresOf(graph, "dup")).toEqual(["dup@0.0.1"]);
  });
});
