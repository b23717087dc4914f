import { existsSync } from "node:fs";
import { rename, rm, stat, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  CHECKPOINT_MAX_FILE_BYTES,
  confinePath,
  FileCheckpoints,
  removeConfinedFile,
  savedCheckpointsFor,
} from "../src/index.ts";
import { createProject, OUTSIDE_SECRET, type ProjectFixture } from "./project-fixture.ts";

let project: ProjectFixture | undefined;
afterEach(async () => {
  await project?.remove();
  project = undefined;
});

/** What a tool does: the checkpoint keeps the file first, then the file changes. */
async function change(checkpoints: FileCheckpoints, path: string, content: string) {
  await checkpoints.beforeChange(path);
  await (project as ProjectFixture).write({ [path]: content });
}

describe("file checkpoints", () => {
  it("puts back every file changed since a user message: changed ones as they were, created ones gone", async () => {
    project = await createProject({ "a.txt": "one\ntwo\nthree\n", "keep.txt": "untouched\n" });
    const checkpoints = new FileCheckpoints({ projectRoot: project.root });
    checkpoints.begin("m1");
    await change(checkpoints, "a.txt", "one\nTWO\nthree\nfour\n");
    await change(checkpoints, "src/new.ts", "export {};\n");
    // A second change in the same turn keeps the first snapshot.
    await change(checkpoints, "a.txt", "one\nTWO\nthree\nfour\nfive\n");

    const dry = await checkpoints.rewind("m1", { dryRun: true });
    expect(dry).toEqual({
      filesChanged: ["a.txt", "src/new.ts"],
      insertions: 1,
      deletions: 4,
      skipped: [],
    });
    expect(await project.read("a.txt")).toBe("one\nTWO\nthree\nfour\nfive\n");
    expect(existsSync(join(project.root, "src/new.ts"))).toBe(true);

    expect(await checkpoints.rewind("m1")).toEqual(dry);
    expect(await project.read("a.txt")).toBe("one\ntwo\nthree\n");
    expect(existsSync(join(project.root, "src/new.ts"))).toBe(false);
    expect(await project.read("keep.txt")).toBe("untouched\n");
    // Nothing left to put back.
    expect(await checkpoints.rewind("m1")).toEqual({
      filesChanged: [],
      insertions: 0,
      deletions: 0,
      skipped: [],
    });
  });

  it("rewinds to any earlier message: each file as it was at that message, later messages' changes undone too", async () => {
    project = await createProject({ "a.txt": "v1\n" });
    const checkpoints = new FileCheckpoints({ projectRoot: project.root });
    checkpoints.begin("m1");
    await change(checkpoints, "a.txt", "v2\n");
    checkpoints.begin("m2");
    await change(checkpoints, "a.txt", "v3\n");
    await change(checkpoints, "b.txt", "made in m2\n");

    await checkpoints.rewind("m2");
    expect(await project.read("a.txt")).toBe("v2\n");
    expect(existsSync(join(project.root, "b.txt"))).toBe(false);
    await checkpoints.rewind("m1");
    expect(await project.read("a.txt")).toBe("v1\n");
    expect(await checkpoints.rewind("m0")).toBeUndefined();
    expect(checkpoints.has("m2")).toBe(true);
  });

  it("brings back a deleted file, and survives being kept as JSON with the conversation", async () => {
    project = await createProject({ "notes.md": "# Notes\n" });
    const first = new FileCheckpoints({ projectRoot: project.root });
    first.begin("m1");
    await first.beforeChange("notes.md");
    await rm(join(project.root, "notes.md"));
    const kept = JSON.parse(JSON.stringify(first));

    const resumed = new FileCheckpoints({ projectRoot: project.root }, kept);
    expect(await resumed.rewind("m1")).toMatchObject({
      filesChanged: ["notes.md"],
      insertions: 1,
      deletions: 0,
    });
    expect(await project.read("notes.md")).toBe("# Notes\n");
  });

  it("names what it cannot put back: a file too large or binary to keep, one that became a link, one linked out", async () => {
    project = await createProject({
      "big.log": "x".repeat(CHECKPOINT_MAX_FILE_BYTES + 1),
      "image.bin": "\u0000\u0001\u0002",
      "moved.txt": "before\n",
      "out.txt": "before\n",
      "other.txt": "another file\n",
    });
    const checkpoints = new FileCheckpoints({ projectRoot: project.root });
    checkpoints.begin("m1");
    for (const path of ["big.log", "image.bin", "moved.txt", "out.txt"])
      await change(checkpoints, path, "after\n");
    // A hostile change meanwhile: the kept paths now lead elsewhere, inside the project and out of it.
    await rm(join(project.root, "moved.txt"));
    await symlink(join(project.root, "other.txt"), join(project.root, "moved.txt"));
    await rm(join(project.root, "out.txt"));
    await symlink(join(project.outside, "secret.txt"), join(project.root, "out.txt"));

    const outcome = await checkpoints.rewind("m1");
    expect(outcome?.filesChanged).toEqual([]);
    expect(outcome?.skipped).toEqual([
      {
        path: "big.log",
        reason: `it was larger than ${CHECKPOINT_MAX_FILE_BYTES} bytes when the checkpoint was taken`,
      },
      { path: "image.bin", reason: "it was not text when the checkpoint was taken" },
      { path: "moved.txt", reason: "it is now a link to other.txt" },
      { path: "out.txt", reason: expect.stringContaining("outside the project") },
    ]);
    expect(await project.read("other.txt")).toBe("another file\n");
    expect(await project.read("../proj-evil/secret.txt")).toBe(OUTSIDE_SECRET);
  });

  it("keeps text that is not UTF-8 as not restorable, rather than putting back other bytes", async () => {
    project = await createProject({});
    await writeFile(join(project.root, "latin1.txt"), Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]));
    const checkpoints = new FileCheckpoints({ projectRoot: project.root });
    checkpoints.begin("m1");
    await change(checkpoints, "latin1.txt", "café\n");
    expect((await checkpoints.rewind("m1"))?.skipped).toEqual([
      { path: "latin1.txt", reason: "it was not UTF-8 text when the checkpoint was taken" },
    ]);
  });

  it("keeps one file named two ways (the project inside an added directory) once, as it first was", async () => {
    project = await createProject({ "sub/x.txt": "v0\n" });
    const checkpoints = new FileCheckpoints({ projectRoot: project.root, additionalRoots: [project.root] });
    checkpoints.begin("m1");
    await change(checkpoints, "sub/x.txt", "v1\n");
    await checkpoints.beforeChange(join(project.root, "sub/x.txt"));
    await writeFile(join(project.root, "sub/x.txt"), "v2\n");
    expect(checkpoints.toJSON()[0]?.files).toHaveLength(1);
    expect(await checkpoints.rewind("m1")).toMatchObject({ filesChanged: ["sub/x.txt"] });
    expect(await project.read("sub/x.txt")).toBe("v0\n");
  });

  it("forgets what a failed call kept when the file is as it was: a rewind does not delete a file the agent never made", async () => {
    project = await createProject({});
    const checkpoints = new FileCheckpoints({ projectRoot: project.root });
    checkpoints.begin("m1");
    // An Edit of a file that is not there fails; later a shell command makes it.
    const kept = await checkpoints.beforeChange("made-by-shell.txt");
    await checkpoints.settle(kept as NonNullable<typeof kept>);
    await project.write({ "made-by-shell.txt": "the shell's\n" });
    expect(await checkpoints.rewind("m1")).toEqual({
      filesChanged: [],
      insertions: 0,
      deletions: 0,
      skipped: [],
    });
    expect(await project.read("made-by-shell.txt")).toBe("the shell's\n");
    // A call that failed after changing the file keeps its snapshot.
    checkpoints.begin("m2");
    const changed = await checkpoints.beforeChange("made-by-shell.txt");
    await project.write({ "made-by-shell.txt": "half written" });
    await checkpoints.settle(changed as NonNullable<typeof changed>);
    await checkpoints.rewind("m2");
    expect(await project.read("made-by-shell.txt")).toBe("the shell's\n");
  });

  it("takes saved checkpoints back only for the project they were kept in, and only in their shape", async () => {
    project = await createProject({ "a.txt": "v1\n" });
    const checkpoints = new FileCheckpoints({ projectRoot: project.root });
    checkpoints.begin("m1");
    await change(checkpoints, "a.txt", "v2\n");
    const saved = JSON.parse(JSON.stringify({ project_root: project.root, checkpoints }));
    expect(savedCheckpointsFor(saved, project.root)).toEqual(checkpoints.toJSON());
    expect(savedCheckpointsFor(saved, project.outside)).toEqual([]);
    expect(
      savedCheckpointsFor(
        { project_root: project.root, checkpoints: [{ id: "m1", files: {} }] },
        project.root,
      ),
    ).toEqual([]);
    expect(savedCheckpointsFor("garbage", project.root)).toEqual([]);
  });

  it("keeps nothing before the first message, nor a path the tools refuse", async () => {
    project = await createProject({ "a.txt": "v1\n" });
    const checkpoints = new FileCheckpoints({ projectRoot: project.root });
    await checkpoints.beforeChange("a.txt");
    expect(checkpoints.toJSON()).toEqual([]);
    checkpoints.begin("m1");
    await checkpoints.beforeChange("../proj-evil/secret.txt");
    await writeFile(join(project.root, "a.txt"), "v2\n");
    expect(checkpoints.toJSON()).toEqual([{ id: "m1", files: [] }]);
  });
});

describe("removing a confined file", () => {
  it("does not follow a folder swapped for a symlink out of the project after the path was confined", async () => {
    project = await createProject({ "d/f.txt": "made by the agent\n" });
    const confined = await confinePath(project.root, "d/f.txt", { intent: "write" });
    // Between confining and deleting, the folder becomes a link to a place outside with a file of that name.
    await rename(join(project.root, "d"), join(project.root, "d-moved"));
    await writeFile(join(project.outside, "f.txt"), OUTSIDE_SECRET);
    await symlink(project.outside, join(project.root, "d"));

    await expect(removeConfinedFile(confined, "d/f.txt")).rejects.toThrow(
      "d/f.txt changed while it was being removed; it was left in place.",
    );
    expect(await project.read("../proj-evil/f.txt")).toBe(OUTSIDE_SECRET);
  });

  it("removes only the very file it was given, when told which", async () => {
    project = await createProject({ "a.txt": "first\n" });
    const confined = await confinePath(project.root, "a.txt", { intent: "write" });
    const { dev, ino, size, mtimeMs } = await stat(join(project.root, "a.txt"));
    // Another file put in its place (made while the first still exists, so it cannot reuse its inode).
    await project.write({ "b.txt": "someone else's\n" });
    await rename(join(project.root, "b.txt"), join(project.root, "a.txt"));
    await expect(removeConfinedFile(confined, "a.txt", { dev, ino, size, mtimeMs })).rejects.toThrow(
      "left in place",
    );
    expect(await project.read("a.txt")).toBe("someone else's\n");
    await removeConfinedFile(confined, "a.txt");
    expect(existsSync(join(project.root, "a.txt"))).toBe(false);
  });
});
