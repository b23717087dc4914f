import { symlink } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { instructionsPrompt, MAX_INSTRUCTIONS_BYTES, readProjectInstructions } from "../src/index.ts";
import { createProject, makeFifo, OUTSIDE_SECRET, type ProjectFixture } from "./project-fixture.ts";

let project: ProjectFixture;
afterEach(() => project.remove());

describe("the project's instruction files", () => {
  it("gives AGENTS.md, CLAUDE.md and CLAUDE.local.md in that order, each framed with its path", async () => {
    project = await createProject({
      "CLAUDE.local.md": "My own: answer in French.\n",
      "CLAUDE.md": "Run npm test before you say done.\n",
      "AGENTS.md": "Use tabs.\n",
    });
    const instructions = await readProjectInstructions(project.root, ["project", "local"]);
    expect(instructions.files.map((file) => file.path)).toEqual([
      "AGENTS.md",
      "CLAUDE.md",
      "CLAUDE.local.md",
    ]);
    const prompt = instructionsPrompt(instructions) ?? "";
    expect(prompt).toContain('<instructions file="AGENTS.md">\nUse tabs.\n</instructions>');
    expect(prompt.indexOf("Use tabs.")).toBeLessThan(prompt.indexOf("npm test"));
    expect(prompt.indexOf("npm test")).toBeLessThan(prompt.indexOf("French"));
  });

  it("reads only the sources asked for, and gives no section when there is nothing", async () => {
    project = await createProject({ "AGENTS.md": "Use tabs.", "CLAUDE.local.md": "Mine." });
    const local = await readProjectInstructions(project.root, ["local"]);
    expect(local.files.map((file) => file.path)).toEqual(["CLAUDE.local.md"]);
    expect(instructionsPrompt(await readProjectInstructions(project.root, []))).toBeUndefined();
    await project.remove();
    project = await createProject({ "AGENTS.md": "  \n" });
    expect(instructionsPrompt(await readProjectInstructions(project.root, ["project"]))).toBeUndefined();
  });

  it("gives a CLAUDE.md that links to AGENTS.md, or repeats it, once, and says which they were", async () => {
    project = await createProject({ "AGENTS.md": "Use tabs.", ".claude/CLAUDE.md": "Use tabs." });
    await symlink("AGENTS.md", join(project.root, "CLAUDE.md"));
    const instructions = await readProjectInstructions(project.root, ["project"]);
    expect(instructions.files.map(({ path, duplicates }) => ({ path, duplicates }))).toEqual([
      { path: "AGENTS.md", duplicates: ["CLAUDE.md", ".claude/CLAUDE.md"] },
    ]);
  });

  it("leaves a byte order mark out of the text", async () => {
    project = await createProject({ "AGENTS.md": "\uFEFFUse tabs." });
    const [agents] = (await readProjectInstructions(project.root, ["project"])).files;
    expect(agents?.text).toBe("Use tabs.");
  });

  it("never reads through a symlink out of the project, and names the file it skipped", async () => {
    project = await createProject({ "AGENTS.md": "Use tabs." });
    await symlink(join(project.outside, "secret.txt"), join(project.root, "CLAUDE.md"));
    const instructions = await readProjectInstructions(project.root, ["project"]);
    expect(instructionsPrompt(instructions)).not.toContain(OUTSIDE_SECRET);
    expect(instructions.skipped).toEqual([
      { path: "CLAUDE.md", reason: "it is a symlink to a place outside the project" },
    ]);
  });

  it("skips a FIFO named AGENTS.md instead of waiting on it", async () => {
    project = await createProject({ "CLAUDE.md": "Run npm test." });
    makeFifo(join(project.root, "AGENTS.md"));
    const instructions = await readProjectInstructions(project.root, ["project"]);
    expect(instructions.files.map((file) => file.path)).toEqual(["CLAUDE.md"]);
    expect(instructions.skipped.map((file) => file.path)).toEqual(["AGENTS.md"]);
  });

  it("gives no more than the budget in all, cut between characters and saying where", async () => {
    // Three-byte characters, so the budget falls inside one.
    const huge = "€".repeat(MAX_INSTRUCTIONS_BYTES);
    project = await createProject({ "AGENTS.md": huge, "CLAUDE.md": "Run npm test." });
    const instructions = await readProjectInstructions(project.root, ["project"]);
    const [agents, ...rest] = instructions.files;
    expect(agents?.bytes).toBe(3 * MAX_INSTRUCTIONS_BYTES);
    expect(agents?.givenBytes).toBe(MAX_INSTRUCTIONS_BYTES - (MAX_INSTRUCTIONS_BYTES % 3));
    expect(agents?.text).toBe("€".repeat(Math.floor(MAX_INSTRUCTIONS_BYTES / 3)));
    // Nothing is left for CLAUDE.md, and that is said.
    expect(rest).toEqual([]);
    expect(instructions.skipped).toEqual([
      { path: "CLAUDE.md", reason: "the files before it used the 64 KiB given to instructions" },
    ]);
    expect(instructionsPrompt(instructions)).toContain(
      `[Cut here: AGENTS.md is ${3 * MAX_INSTRUCTIONS_BYTES} bytes; the first ${agents?.givenBytes} are given.]`,
    );
  });

  it("gives no section for a file whose part within the budget is blank", async () => {
    project = await createProject({
      "AGENTS.md": "a".repeat(MAX_INSTRUCTIONS_BYTES - 10),
      "CLAUDE.md": `${" ".repeat(100)}Run npm test.`,
    });
    const instructions = await readProjectInstructions(project.root, ["project"]);
    expect(instructions.files.map((file) => file.path)).toEqual(["AGENTS.md"]);
    expect(instructionsPrompt(instructions)).not.toContain("CLAUDE.md");
  });
});
