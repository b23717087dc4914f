import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { projectFiles } from "./project-files.ts";

let root: string;
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** A project of `folders` folders (`a`, `b`, …) each holding `files` files. */
function makeProject(folders: number, files: number): void {
  root = mkdtempSync(join(tmpdir(), "parley-project-files-"));
  for (let folder = 0; folder < folders; folder++) {
    const path = join(root, String.fromCharCode(97 + folder));
    mkdirSync(path);
    for (let file = 0; file < files; file++) writeFileSync(join(path, `${file}.txt`), "x");
  }
}

describe("the files an external agent's change report looks at", () => {
  it("come from no more folders than the limit, however many empty or full folders a repository has", async () => {
    makeProject(5, 1);
    const files = await projectFiles(root, { files: 100, folders: 3, entriesPerFolder: 100 });
    expect(files).toEqual(["a/0.txt", "b/0.txt"]);
  });

  it("come from the first entries of a huge folder only", async () => {
    makeProject(1, 10);
    const files = await projectFiles(root, { files: 100, folders: 100, entriesPerFolder: 4 });
    expect(files).toHaveLength(4);
  });
});
