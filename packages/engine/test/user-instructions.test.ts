import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { instructionsPrompt, MAX_INSTRUCTIONS_BYTES, readProjectInstructions } from "../src/index.ts";
import { createProject, makeFifo, type ProjectFixture } from "./project-fixture.ts";

let project: ProjectFixture;
/** Parley's home, holding the person's own AGENTS.md. */
let home: string;
let userFile: string;
beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), "parley-home-"));
  userFile = join(home, "AGENTS.md");
});
afterEach(async () => {
  await project.remove();
  await rm(home, { recursive: true, force: true });
});

describe("the person's own instructions for every project", () => {
  it("gives AGENTS.md in Parley's home first, named by its path, when the run reads the user source", async () => {
    project = await createProject({ "AGENTS.md": "Use tabs." });
    await writeFile(userFile, "Answer in British English.\n");
    const instructions = await readProjectInstructions(project.root, ["user", "project"], { userFile });
    expect(instructions.files.map((file) => file.path)).toEqual([userFile, "AGENTS.md"]);
    const prompt = instructionsPrompt(instructions) ?? "";
    expect(prompt.indexOf("British English")).toBeLessThan(prompt.indexOf("Use tabs."));

    const projectOnly = await readProjectInstructions(project.root, ["project"], { userFile });
    expect(projectOnly.files.map((file) => file.path)).toEqual(["AGENTS.md"]);
  });

  it("reads it through the person's own symlink, skips a FIFO, and names its imports without following them", async () => {
    project = await createProject({ "notes.md": "Project notes." });
    const dotfiles = await mkdtemp(join(tmpdir(), "parley-dotfiles-"));
    try {
      await writeFile(join(dotfiles, "AGENTS.md"), "Mine, from my dotfiles. See @settings.json\n");
      await symlink(join(dotfiles, "AGENTS.md"), userFile);
      const linked = await readProjectInstructions(project.root, ["user"], { userFile });
      expect(linked.files.map((file) => file.text)).toEqual(["Mine, from my dotfiles. See @settings.json\n"]);
      expect(linked.skipped).toEqual([
        {
          path: "settings.json",
          reason: `imports in ${userFile} are not followed (only the project's files' are)`,
        },
      ]);
    } finally {
      await rm(dotfiles, { recursive: true, force: true });
    }

    await rm(userFile);
    makeFifo(userFile);
    const fifo = await readProjectInstructions(project.root, ["user"], { userFile });
    expect(fifo.files).toEqual([]);
    expect(fifo.skipped).toEqual([{ path: userFile, reason: "it is not a regular file" }]);
  });

  it("counts it in the budget the project's files share", async () => {
    project = await createProject({ "AGENTS.md": "Use tabs." });
    await mkdir(home, { recursive: true });
    await writeFile(userFile, "a".repeat(MAX_INSTRUCTIONS_BYTES));
    const instructions = await readProjectInstructions(project.root, ["user", "project"], { userFile });
    expect(instructions.files.map((file) => file.path)).toEqual([userFile]);
    expect(instructions.skipped).toEqual([
      { path: "AGENTS.md", reason: "the files before it used the 64 KiB given to instructions" },
    ]);
  });
});
