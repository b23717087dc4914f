import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { WorkflowFileReader } from "./read-workflow-files.ts";
import { loadWorkflows, MAX_WORKFLOW_FILES, WorkflowFileCache } from "./workflow-files.ts";

describe("loadWorkflows", () => {
  let root: string;
  let project: string;
  let home: string;
  const folder = () => join(project, ".parley", "workflows");
  const write = (name: string, description: string) =>
    writeFileSync(
      join(folder(), `${name}.yaml`),
      `name: ${name}\ndescription: ${description}\nsteps:\n  - id: one\n    run: echo hi\n`,
    );

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), "parley-workflow-files-"));
    project = join(root, "project");
    home = join(root, "home");
    mkdirSync(folder(), { recursive: true });
    mkdirSync(home);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("reads at most a hundred workflow files of a folder, by name, and says the rest were left", async () => {
    for (let index = 0; index < MAX_WORKFLOW_FILES + 5; index += 1)
      write(`flow-${String(index).padStart(3, "0")}`, "a step");
    const { workflows, problems } = await loadWorkflows(project, home);
    expect(workflows).toHaveLength(MAX_WORKFLOW_FILES);
    expect(workflows.at(-1)?.definition.name).toBe("flow-099");
    expect(problems).toEqual([
      expect.objectContaining({
        name: "workflows",
        message: "more than 100 workflow files: the first 100 by name are read",
      }),
    ]);
  });

  it("reads a file again once it changed, whatever the listings before kept (in a worker, as the server reads)", async () => {
    const cache = new WorkflowFileCache(new WorkflowFileReader(project));
    write("release", "first");
    expect((await loadWorkflows(project, home, cache)).workflows[0]?.definition.description).toBe("first");
    write("release", "second, longer");
    expect((await loadWorkflows(project, home, cache)).workflows[0]?.definition.description).toBe(
      "second, longer",
    );
    rmSync(join(folder(), "release.yaml"));
    expect(await loadWorkflows(project, home, cache)).toEqual({ workflows: [], problems: [] });
  });

  it("reads a file again when the reader stopped before reaching it, rather than listing it as invalid for good", async () => {
    // The reader's worker cannot start while the folder it works in is missing.
    const cache = new WorkflowFileCache(new WorkflowFileReader(join(root, "not-yet")));
    write("release", "ships");
    expect((await loadWorkflows(project, home, cache)).problems).toEqual([
      expect.objectContaining({
        name: "release",
        message: expect.stringMatching(/^not read: the reader could not start/),
      }),
    ]);
    mkdirSync(join(root, "not-yet"));
    const { workflows, problems } = await loadWorkflows(project, home, cache);
    expect(problems).toEqual([]);
    expect(workflows.map((workflow) => workflow.definition.name)).toEqual(["release"]);
  });

  it("refuses a file larger than a workflow is without reading it", async () => {
    writeFileSync(join(folder(), "huge.yaml"), `name: huge\n${"# a note\n".repeat(20_000)}`);
    expect((await loadWorkflows(project, home)).problems).toEqual([
      expect.objectContaining({ name: "huge", message: "larger than 32 KiB" }),
    ]);
  });
});
