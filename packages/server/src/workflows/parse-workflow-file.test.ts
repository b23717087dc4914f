import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readWorkflowFile } from "./parse-workflow-file.ts";

describe("readWorkflowFile", () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), "parley-workflow-file-"));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("does not follow a workflow file replaced by a symlink since it was listed, so nothing of its target is shown", async () => {
    writeFileSync(join(root, "outside.yaml"), "name: ghp-secret-token\nsteps:\n  - id: a\n    run: ls\n");
    const path = join(root, "release.yaml");
    symlinkSync(join(root, "outside.yaml"), path);
    const read = await readWorkflowFile({ path, source: "project" });
    expect(read).toEqual(expect.objectContaining({ name: "release", message: "cannot be read (ELOOP)" }));
    expect(JSON.stringify(read)).not.toContain("ghp-secret-token");
  });

  it("reads a regular workflow file", async () => {
    const path = join(root, "release.yaml");
    writeFileSync(path, "name: release\nsteps:\n  - id: a\n    run: ls\n");
    expect(await readWorkflowFile({ path, source: "project" })).toEqual(
      expect.objectContaining({
        path,
        source: "project",
        definition: expect.objectContaining({ name: "release" }),
      }),
    );
  });
});
