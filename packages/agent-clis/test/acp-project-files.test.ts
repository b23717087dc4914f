import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AcpProjectFiles } from "../src/acp/acp-project-files.ts";

/** An ACP agent's file reads and writes, served by Parley inside the project only, with real files. */

let root = "";
let project = "";
let files: AcpProjectFiles;
beforeEach(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), "acp-files-")));
  project = join(root, "project");
  mkdirSync(project);
  writeFileSync(join(root, "secret.txt"), "outside\n");
  files = new AcpProjectFiles(project);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("an ACP agent's fs requests", () => {
  it("writes and reads a file in the project, lines as asked", async () => {
    await files.write({ sessionId: "s", path: join(project, "src", "a.txt"), content: "one\ntwo\nthree\n" });
    expect(readFileSync(join(project, "src", "a.txt"), "utf8")).toBe("one\ntwo\nthree\n");
    expect(
      await files.read({ sessionId: "s", path: join(project, "src", "a.txt"), line: 2, limit: 1 }),
    ).toEqual({
      content: "two",
    });
  });

  it.each([
    ["a path outside the project", () => join(root, "secret.txt")],
    ["a path that climbs out with ..", () => join(project, "..", "secret.txt")],
    ["a relative path", () => "secret.txt"],
    ["a symlink that leads out", () => join(project, "link.txt")],
  ])("refuses %s with invalid params, and writes nothing", async (_what, pathOf) => {
    symlinkSync(join(root, "secret.txt"), join(project, "link.txt"));
    const path = pathOf();
    await expect(files.write({ sessionId: "s", path, content: "pwned" })).rejects.toMatchObject({
      code: -32602,
    });
    await expect(files.read({ sessionId: "s", path })).rejects.toMatchObject({ code: -32602 });
    expect(readFileSync(join(root, "secret.txt"), "utf8")).toBe("outside\n");
  });

  it("says a missing file is not found", async () => {
    await expect(files.read({ sessionId: "s", path: join(project, "nope.txt") })).rejects.toMatchObject({
      code: -32002,
    });
  });
});
