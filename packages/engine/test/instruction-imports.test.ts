import { link, rm, symlink } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  instructionsPrompt,
  MAX_IMPORTS,
  readProjectInstructions,
} from "../src/project-instructions/index.ts";
import { instructionImports } from "../src/project-instructions/instruction-imports.ts";
import { createProject, OUTSIDE_SECRET, type ProjectFixture } from "./project-fixture.ts";

let project: ProjectFixture | undefined;
afterEach(async () => {
  await project?.remove();
  project = undefined;
});

const given = async (root: string, sources: ("project" | "local")[] = ["project", "local"]) => {
  const instructions = await readProjectInstructions(root, sources);
  return {
    ...instructions,
    paths: instructions.files.map((file) =>
      file.importedBy ? `${file.path} < ${file.importedBy}` : file.path,
    ),
  };
};

describe("@path imports in instruction files", () => {
  it("gives each imported file after the one that imports it, relative to that file, and says who imported it", async () => {
    project = await createProject({
      "CLAUDE.md": "Read @docs/guide.md first, then @./style.md.\n",
      "docs/guide.md": "The guide. See @more.md\n",
      "docs/more.md": "More of the guide.\n",
      "style.md": "Use tabs.\n",
      "AGENTS.md": "Agents first.\n",
    });
    const instructions = await given(project.root);
    expect(instructions.paths).toEqual([
      "AGENTS.md",
      "CLAUDE.md",
      "docs/guide.md < CLAUDE.md",
      "docs/more.md < docs/guide.md",
      "style.md < CLAUDE.md",
    ]);
    const prompt = instructionsPrompt(instructions) ?? "";
    expect(prompt).toContain('<instructions file="docs/more.md">\nMore of the guide.\n</instructions>');
    expect(instructions.skipped).toEqual([]);
  });

  it("never follows an import out of the project, by home path, absolute path, `..` or a symlink, and names each", async () => {
    project = await createProject({ "docs/outside-link.md": "" });
    await symlink(join(project.outside, "secret.txt"), join(project.root, "docs", "link.md"));
    await project.write({
      "CLAUDE.md": [
        "@~/.parley/token",
        `@${project.outside}/secret.txt`,
        "@../proj-evil/secret.txt",
        "@docs/link.md",
        `@${project.root}/inside.md`,
      ].join("\n"),
      "inside.md": "Inside, by its absolute path.",
    });
    const instructions = await given(project.root);
    expect(instructionsPrompt(instructions)).not.toContain(OUTSIDE_SECRET);
    expect(instructions.paths).toEqual(["CLAUDE.md", "inside.md < CLAUDE.md"]);
    expect(instructions.skipped).toEqual([
      { path: "~/.parley/token", reason: "it is outside the project (imported by CLAUDE.md)" },
      { path: `${project.outside}/secret.txt`, reason: "it is outside the project (imported by CLAUDE.md)" },
      { path: "../proj-evil/secret.txt", reason: "it is outside the project (imported by CLAUDE.md)" },
      {
        path: "docs/link.md",
        reason: "it is a symlink to a place outside the project (imported by CLAUDE.md)",
      },
    ]);
  });

  it("gives a file once however often it is imported, in a cycle too, and a CLAUDE.md that imports AGENTS.md adds nothing twice", async () => {
    project = await createProject({
      "AGENTS.md": "Use tabs. @a.md\n",
      "CLAUDE.md": "@AGENTS.md\n",
      "a.md": "A, which needs @b.md\n",
      "b.md": "B, which needs @a.md and @AGENTS.md\n",
    });
    const instructions = await given(project.root);
    expect(instructions.paths).toEqual(["AGENTS.md", "a.md < AGENTS.md", "b.md < a.md", "CLAUDE.md"]);
    expect(instructions.files.every((file) => file.duplicates.length === 0)).toBe(true);
  });

  it("follows imports five deep, and leaves the sixth as text", async () => {
    const chain: Record<string, string> = { "AGENTS.md": "@l1.md" };
    for (let level = 1; level <= 6; level++) chain[`l${level}.md`] = `Level ${level}. @l${level + 1}.md`;
    project = await createProject(chain);
    const instructions = await given(project.root);
    expect(instructions.files.map((file) => file.path)).toEqual([
      "AGENTS.md",
      "l1.md",
      "l2.md",
      "l3.md",
      "l4.md",
      "l5.md",
    ]);
    expect(instructions.skipped).toEqual([]);
  });

  it(`follows ${MAX_IMPORTS} imports at most, and names the first it did not follow`, async () => {
    const files: Record<string, string> = {};
    const names = Array.from({ length: MAX_IMPORTS + 5 }, (_, index) => `notes/${index}.md`);
    for (const name of names) files[name] = `Note ${name}.`;
    files["AGENTS.md"] = names.map((name) => `@${name}`).join(" ");
    project = await createProject(files);
    const instructions = await given(project.root);
    expect(instructions.files).toHaveLength(1 + MAX_IMPORTS);
    expect(instructions.skipped).toEqual([
      {
        path: names[MAX_IMPORTS],
        reason: `only ${MAX_IMPORTS} imports are followed (imported by AGENTS.md)`,
      },
    ]);
  });

  it("does not bring in the local file through an import when the run reads only the project's files, by any name", async () => {
    project = await createProject({
      "CLAUDE.md": "@CLAUDE.local.md @notes.md",
      "CLAUDE.local.md": "My private notes.",
    });
    // A committed symlink to the person's own file.
    await symlink("CLAUDE.local.md", join(project.root, "notes.md"));
    const projectOnly = await given(project.root, ["project"]);
    expect(projectOnly.paths).toEqual(["CLAUDE.md"]);
    expect(instructionsPrompt(projectOnly)).not.toContain("My private notes.");
    expect((await given(project.root)).paths).toEqual(["CLAUDE.md", "CLAUDE.local.md < CLAUDE.md"]);
  });

  it("follows no import a Read rule keeps from the agent, and says so", async () => {
    project = await createProject({
      "AGENTS.md": "Set up with @.env and @docs/setup.md",
      ".env": "API_KEY=hunter2",
      "docs/setup.md": "Run npm install.",
    });
    const instructions = await readProjectInstructions(project.root, ["project"], {
      rules: [{ tool: "Read", pattern: ".env", behavior: "deny" }],
    });
    expect(instructions.files.map((file) => file.path)).toEqual(["AGENTS.md", "docs/setup.md"]);
    expect(instructionsPrompt(instructions)).not.toContain("hunter2");
    expect(instructions.skipped).toEqual([
      {
        path: ".env",
        reason: "a Read rule in the permission settings keeps it from the agent (imported by AGENTS.md)",
      },
    ]);
  });

  it("looks up no import of more than 32 parts, and says so", async () => {
    const paths = Array.from({ length: 3 }, (_, index) => `${"a/".repeat(1_000)}${index}.md`);
    project = await createProject({ "AGENTS.md": paths.map((path) => `@${path}`).join("\n") });
    const instructions = await given(project.root);
    expect(instructions.paths).toEqual(["AGENTS.md"]);
    expect(instructions.skipped).toEqual(
      paths.map((path) => ({ path, reason: "its path has more than 32 parts (imported by AGENTS.md)" })),
    );
  });

  it("tells nothing of what is outside the project through a folder symlink, there or not", async () => {
    project = await createProject({ "AGENTS.md": "@out/secret.txt @out/absent.txt" });
    await symlink(project.outside, join(project.root, "out"));
    const { skipped } = await given(project.root);
    expect(skipped).toEqual(
      ["out/secret.txt", "out/absent.txt"].map((path) => ({
        path,
        reason: "it is a symlink to a place outside the project (imported by AGENTS.md)",
      })),
    );
  });

  it("holds a named file that links elsewhere in the project to the Read rules and the sources asked for", async () => {
    project = await createProject({ "AGENTS.md": "Use tabs.", ".env": "API_KEY=hunter2" });
    await symlink(".env", join(project.root, "CLAUDE.md"));
    const denied = await readProjectInstructions(project.root, ["project"], {
      rules: [{ tool: "Read", pattern: ".env", behavior: "deny" }],
    });
    expect(instructionsPrompt(denied)).not.toContain("hunter2");
    expect(denied.skipped).toEqual([
      { path: "CLAUDE.md", reason: "a Read rule in the permission settings keeps it from the agent" },
    ]);

    await project.remove();
    project = await createProject({ "CLAUDE.local.md": "My private notes." });
    await symlink("CLAUDE.local.md", join(project.root, "CLAUDE.md"));
    const projectOnly = await readProjectInstructions(project.root, ["project"]);
    expect(instructionsPrompt(projectOnly) ?? "").not.toContain("My private notes.");
    expect(projectOnly.skipped).toEqual([
      { path: "CLAUDE.md", reason: "it is CLAUDE.local.md, which this run does not read" },
    ]);
  });

  it("keeps out a CLAUDE.md hard-linked to the left-out CLAUDE.local.md", async () => {
    project = await createProject({ "CLAUDE.local.md": "My private notes." });
    await link(join(project.root, "CLAUDE.local.md"), join(project.root, "CLAUDE.md"));
    const projectOnly = await readProjectInstructions(project.root, ["project"]);
    expect(instructionsPrompt(projectOnly) ?? "").not.toContain("My private notes.");
    expect(projectOnly.skipped).toEqual([
      { path: "CLAUDE.md", reason: "it is CLAUDE.local.md, which this run does not read" },
    ]);
  });

  it("still gives the project's files when the left-out local file links to one of them", async () => {
    project = await createProject({ "AGENTS.md": "Use tabs. @docs/ai.md", "docs/ai.md": "Shared notes." });
    await symlink("AGENTS.md", join(project.root, "CLAUDE.local.md"));
    const direct = await readProjectInstructions(project.root, ["project"]);
    expect(direct.files.map((file) => file.path)).toEqual(["AGENTS.md", "docs/ai.md"]);
    expect(direct.skipped).toEqual([]);

    await rm(join(project.root, "CLAUDE.local.md"));
    await symlink("docs/ai.md", join(project.root, "CLAUDE.local.md"));
    await symlink("docs/ai.md", join(project.root, "CLAUDE.md"));
    const shared = await readProjectInstructions(project.root, ["project"]);
    expect(shared.files.map(({ path, duplicates }) => ({ path, duplicates }))).toEqual([
      { path: "AGENTS.md", duplicates: [] },
      { path: "docs/ai.md", duplicates: ["CLAUDE.md"] },
    ]);
    expect(shared.skipped).toEqual([]);
  });

  it("names no import with a terminal's control characters or a direction mark in it", async () => {
    project = await createProject({
      "CLAUDE.md": "@~/\u001b]0;pwned\u0007x and @~/ok\u009b31m and @~/a\u200fb",
    });
    const { skipped } = await given(project.root);
    expect(skipped.map((entry) => entry.path)).toEqual(["~/", "~/ok", "~/a\uFFFDb"]);
  });
});

describe("what counts as an import", () => {
  it("is an @ at a line's start or after a space, outside code, without the sentence's punctuation", () => {
    const text = [
      "@first.md and (see @second.md). Mail me@example.com.",
      "Escaped: @my\\ notes.md; in code: `@span.md` and ``@also `not` this.md``",
      "```sh",
      "npm i @scope/package",
      "```",
      "~~~",
      "@tilde-fenced.md",
      "~~~",
      "@last.md, @first.md",
    ].join("\n");
    expect(instructionImports(text)).toEqual(["first.md", "second.md", "my notes.md", "last.md"]);
  });

  it("leaves code blocks out: a fence closes only on a line of its own, an indented block after a blank line", () => {
    expect(instructionImports("```md\n```js\n@inner.md\n```\n@after.md")).toEqual(["after.md"]);
    expect(instructionImports("Example:\n\n    npm i @scope/pkg\n\tnpx @scope/cli\n\n@real.md")).toEqual([
      "real.md",
    ]);
    // Indented text that continues a paragraph is prose.
    expect(instructionImports("See\n    @continued.md")).toEqual(["continued.md"]);
  });

  it("reads a path ending in thousands of full stops, and thousands of imports, at once", () => {
    expect(instructionImports(`@${".".repeat(65_000)}x`)).toHaveLength(1);
    expect(instructionImports(`@${".".repeat(65_000)}`)).toEqual([]);
    const many = Array.from({ length: 10_000 }, (_, index) => `@${index}.md`).join(" ");
    expect(instructionImports(many, 3)).toEqual(["0.md", "1.md", "2.md"]);
  });

  it("pairs backtick runs of equal length only, and reads a line of thousands of unmatched runs", () => {
    expect(instructionImports("``a` @b.md")).toEqual(["b.md"]);
    expect(instructionImports("`` `@inside.md` `` @outside.md")).toEqual(["outside.md"]);
    // Runs of 1, 2, 3, ... backticks, none closing another, then an import after them.
    let line = "";
    for (let run = 1; line.length < 60_000; run++) line += `${"`".repeat(run)} x `;
    expect(instructionImports(`${line}@after.md`)).toEqual(["after.md"]);
    expect(instructionImports("`".repeat(60_000))).toEqual([]);
  });
});
