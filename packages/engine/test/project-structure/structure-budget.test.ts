import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { type DirectoryNode, ProjectStructureDataSchema } from "@parley/protocol";
import { ordinaryNpmLockfile } from "@parley/testkit";
import { afterEach, describe, expect, it } from "vitest";
import { generateProjectStructure } from "../../src/project-structure/generate-project-structure.ts";
import { createProject, type ProjectFixture } from "../project-fixture.ts";

let project: ProjectFixture | undefined;
afterEach(async () => {
  await project?.remove();
  project = undefined;
});

function treePaths(node: DirectoryNode): string[] {
  return [...node.files.map((file) => file.path), ...node.directories.flatMap(treePaths)];
}

describe("the structure's time and memory budget", { timeout: 120_000 }, () => {
  it("names the lockfile that needed more memory than the budget and still reads the rest of the project", async () => {
    project = await createProject({
      "package-lock.json": ordinaryNpmLockfile(50_000),
      "crate/Cargo.toml": '[package]\nname = "demo"\nversion = "0.1.0"\n\n[dependencies]\nserde = "1"\n',
    });
    const structure = await generateProjectStructure({
      root: project.root,
      type: "dependencies",
      budget: { maxMemoryMb: 48 },
    });
    if (structure.structure_type !== "dependencies") throw new Error("expected dependencies");
    expect(structure.problems).toEqual([
      {
        path: "package-lock.json",
        reason: "out_of_memory",
        message: "needed more than the 48 MiB memory budget to read, so it is left out.",
      },
    ]);
    expect(structure.content.dependencies.map((dependency) => dependency.name)).toEqual(["serde"]);
  });

  it("answers, saying it ran out of time, when the budget ends before the structure is built", async () => {
    project = await createProject({ "package-lock.json": ordinaryNpmLockfile(20_000) });
    const structure = await generateProjectStructure({
      root: project.root,
      type: "dependencies",
      budget: { timeoutMs: 1 },
    });
    expect(ProjectStructureDataSchema.safeParse(structure).success).toBe(true);
    expect(structure.problems?.some((problem) => problem.reason === "timed_out")).toBe(true);
    expect(structure.problems?.[0]?.message).toContain("the 1 ms time budget");
  });

  it("stops when the caller gives up, and the next structure is built all the same", async () => {
    project = await createProject({
      "package-lock.json": ordinaryNpmLockfile(20_000),
      "README.md": "# Demo\n",
    });
    const controller = new AbortController();
    const aborted = generateProjectStructure({
      root: project.root,
      type: "dependencies",
      signal: controller.signal,
    });
    controller.abort();
    await expect(aborted).rejects.toMatchObject({ name: "AbortError" });
    const structure = await generateProjectStructure({ root: project.root, type: "file_list" });
    if (structure.structure_type !== "file_list") throw new Error("expected a file list");
    // Alphabetical as people read it: case-insensitive.
    expect(structure.content.map((file) => file.path)).toEqual(["package-lock.json", "README.md"]);
  });
});

describe(".gitignore files a walk cannot afford", { timeout: 120_000 }, () => {
  it("leaves out patterns whose `**` would make matching take exponential time, and says so", async () => {
    const deep = Array.from({ length: 40 }, () => "a").join("/");
    project = await createProject({
      ".gitignore": `${"a/**/".repeat(10)}x\n*.log\n`,
      [`${deep}/b.txt`]: "x",
      "debug.log": "x",
    });
    const structure = await generateProjectStructure({ root: project.root, type: "tree", maxDepth: 64 });
    if (structure.structure_type !== "tree") throw new Error("expected a tree");
    expect(structure.problems).toEqual([
      {
        path: ".gitignore",
        reason: "too_complex",
        message:
          '1 pattern has more than 3 "**" and is not applied (matching them could take exponential time).',
      },
    ]);
    expect(treePaths(structure.content).sort()).toEqual([".gitignore", `${deep}/b.txt`]);
  });

  it("does not read a .gitignore over the size limit, and lists what it would have left out", async () => {
    project = await createProject({
      "keep.txt": "x",
      "src/.gitignore": `${"# padding\n".repeat(30_000)}*.txt\n`,
    });
    await mkdir(join(project.root, "src", "lib"));
    await project.write({ "src/lib/notes.txt": "x" });
    const structure = await generateProjectStructure({ root: project.root, type: "file_list" });
    if (structure.structure_type !== "file_list") throw new Error("expected a file list");
    expect(structure.problems).toEqual([
      {
        path: "src/.gitignore",
        reason: "too_large",
        message: "is 293 KiB; files over 256 KiB are not read.",
      },
    ]);
    expect(structure.content.map((file) => file.path)).toEqual([
      "keep.txt",
      "src/.gitignore",
      "src/lib/notes.txt",
    ]);
  });
});
