import { rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  confinePath,
  type EngineTool,
  editTool,
  readCheckpointSnapshot,
  readCurrentFile,
  readTool,
  removeConfinedFile,
  restoreFile,
  watchFileWrites,
  writeConfinedFile,
  writeTool,
} from "../src/index.ts";
import { createProject, type ProjectFixture, toolContext } from "./project-fixture.ts";

let project: ProjectFixture | undefined;
afterEach(async () => {
  await project?.remove();
  project = undefined;
});

describe("a checkpoint's file", () => {
  it("leaves a file the person saved after the rewind read it, and puts back one still as read", async () => {
    project = await createProject({ "a.txt": "the agent's\n", "b.txt": "the agent's\n" });
    const roots = { projectRoot: project.root };
    const [a, b] = [await readCurrentFile(roots, "a.txt"), await readCurrentFile(roots, "b.txt")];
    await project.write({ "a.txt": "the person's\n" });

    await expect(restoreFile(roots, "a.txt", { kind: "text", text: "before\n" }, a)).rejects.toThrow(
      "a.txt changed while the rewind was being prepared; it was left as it is.",
    );
    expect(await project.read("a.txt")).toBe("the person's\n");
    await restoreFile(roots, "b.txt", { kind: "absent" }, b);
    expect((await readCurrentFile(roots, "b.txt")).content).toEqual({ kind: "absent" });
  });

  it("writes or deletes only the very file read again, unchanged since: a save in between is left", async () => {
    project = await createProject({ "a.txt": "the agent's\n", "b.txt": "the agent's\n" });
    const roots = { projectRoot: project.root };
    const [a, b] = [await readCurrentFile(roots, "a.txt"), await readCurrentFile(roots, "b.txt")];
    // An editor's atomic save renames a new file into place; a plain save changes the file in place.
    await project.write({ "a.txt.swp": "the person's\n" });
    await rename(join(project.root, "a.txt.swp"), join(project.root, "a.txt"));
    await project.write({ "b.txt": "the person's, longer\n" });

    await expect(writeConfinedFile(a.confined, "before\n", "a.txt", a.identity)).rejects.toThrow(
      "a.txt changed while it was being written; it was left as it is.",
    );
    await expect(removeConfinedFile(b.confined, "b.txt", b.identity)).rejects.toThrow(
      "b.txt changed while it was being removed; it was left in place.",
    );
    expect([await project.read("a.txt"), await project.read("b.txt")]).toEqual([
      "the person's\n",
      "the person's, longer\n",
    ]);
    const again = await readCurrentFile(roots, "a.txt");
    await writeConfinedFile(again.confined, "before\n", "a.txt", again.identity);
    expect(await project.read("a.txt")).toBe("before\n");
  });

  it("keeps text with many control characters as binary, as the Read and Edit tools tell it", async () => {
    project = await createProject({});
    await writeFile(join(project.root, "controls.dat"), Buffer.from("\x01\x02\x03\x04ab\n"));
    const confined = await confinePath(project.root, "controls.dat", { intent: "write" });
    expect((await readCheckpointSnapshot(confined)).content).toEqual({ kind: "opaque", reason: "not text" });
  });

  it("keeps a log coloured with ANSI escapes as text", async () => {
    const log = "\x1b[31mE\x1b[0m\n\x1b[32mok\x1b[0m\n".repeat(50);
    project = await createProject({ "run.log": log });
    const confined = await confinePath(project.root, "run.log", { intent: "write" });
    expect((await readCheckpointSnapshot(confined)).content).toEqual({ kind: "text", text: log });
  });
});

describe("wrapping the tools that change files", () => {
  it("shows Write and Edit's file before they change it and says when the call failed; other tools are as given", async () => {
    project = await createProject({ "a.txt": "one\n" });
    const seen: string[] = [];
    const tools = watchFileWrites([writeTool, editTool, readTool], async (filePath) => {
      seen.push(
        `before ${filePath}: ${await (project as ProjectFixture).read(filePath).catch(() => "absent")}`,
      );
      return async ({ failed }) => {
        seen.push(`after ${filePath}: ${failed ? "failed" : "done"}`);
      };
    });
    const [write, edit, read] = tools as [EngineTool, EngineTool, EngineTool];
    const context = toolContext(project.root);

    await write.execute({ file_path: "new.txt", content: "made\n" }, context);
    await edit.execute({ file_path: "a.txt", old_string: "one", new_string: "two" }, context);
    await expect(
      edit.execute({ file_path: "a.txt", old_string: "missing", new_string: "x" }, context),
    ).rejects.toThrow();

    expect(seen).toEqual([
      "before new.txt: absent",
      "after new.txt: done",
      "before a.txt: one\n",
      "after a.txt: done",
      "before a.txt: two\n",
      "after a.txt: failed",
    ]);
    expect(read).toBe(readTool);
  });
});
