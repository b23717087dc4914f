import { ProjectStructureMessageSchema } from "@parley/protocol";
import { afterEach, describe, expect, it } from "vitest";
import { generateProjectStructure } from "../../src/project-structure/generate-project-structure.ts";
import { projectStructureModelText } from "../../src/project-structure/project-structure-model-text.ts";
import { projectStructureTool } from "../../src/project-structure/project-structure-tool.ts";
import { createProject, type ProjectFixture, toolContext } from "../project-fixture.ts";
import { STRUCTURE_TEST_TIMEOUT_MS } from "../structure-test-timeout.ts";

let project: ProjectFixture | undefined;
afterEach(async () => {
  await project?.remove();
  project = undefined;
});

describe("the ProjectStructure tool", { timeout: STRUCTURE_TEST_TIMEOUT_MS }, () => {
  it("needs no approval, gives the model a readable tree and hosts the whole ProjectStructure message", async () => {
    project = await createProject({ "src/index.ts": "export {};\n", "package.json": "{}" });
    expect(projectStructureTool.requiresApproval).toBe(false);
    const output = await projectStructureTool.execute({ type: "tree" }, toolContext(project.root));
    if (typeof output === "string") throw new Error("expected structured output");
    expect(output.content).toContain(`Project structure of ${project.root} (tree;`);
    expect(output.content).toContain("  src/\n    index.ts (11 B, TypeScript)");
    const message = ProjectStructureMessageSchema.parse(output.data);
    expect(message.data.structure_type).toBe("tree");
  });

  it("rejects a type it does not know, naming the field", () => {
    const parsed = projectStructureTool.inputSchema.safeParse({ type: "graph" });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(["type"]);
  });

  it("summarizes a large project within the model's token budget and says how much it left out", async () => {
    const files: Record<string, string> = {};
    for (let index = 0; index < 2_000; index++) files[`src/module-${index}/file-${index}.ts`] = "x";
    project = await createProject(files);
    const structure = await generateProjectStructure({ root: project.root, type: "file_list" });
    const text = projectStructureModelText(structure, 1_000);
    expect(text.length).toBeLessThanOrEqual(4_000);
    expect(text).toMatch(/… \d+ more entries not shown$/);
    expect(text).toContain("2000 files:");
  });
});
