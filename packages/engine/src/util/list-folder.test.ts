import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { listFolder } from "./list-folder.ts";

describe("listFolder", () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), "parley-list-folder-"));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("says why a folder could not be read, so LS does not call a folder it may not read empty", async () => {
    writeFileSync(join(root, "a-file"), "");
    expect(await listFolder(join(root, "a-file"), 10)).toEqual({
      entries: [],
      more: false,
      error: expect.objectContaining({ code: "ENOTDIR" }),
    });
    expect((await listFolder(join(root, "gone"), 10)).error?.code).toBe("ENOENT");
  });

  it("reads a folder's first entries and says there were more, with no error", async () => {
    for (const name of ["a", "b", "c"]) writeFileSync(join(root, name), "");
    const { entries, more, error } = await listFolder(root, 2);
    expect([entries.length, more, error]).toEqual([2, true, undefined]);
  });
});
