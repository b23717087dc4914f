import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { type WorkspaceEntry, WorkspaceTreeSchema } from "@parley/protocol";
import { beforeAll, describe, expect, it } from "vitest";
import { MAX_TREE_ENTRIES } from "../src/workspace/workspace-tree.ts";
import { decodeResponse, expectApiError } from "./support/api-checks.ts";
import { useTestServer } from "./support/use-test-server.ts";

/** Entries as `type path` lines, depth first, so a whole tree compares in one assertion. */
function flatten(entries: readonly WorkspaceEntry[]): string[] {
  return entries.flatMap((entry) => [`${entry.type} ${entry.path}`, ...flatten(entry.children ?? [])]);
}

describe("the workspace tree", () => {
  let project: string;
  let sibling: string;
  const server = useTestServer();
  beforeAll(async () => {
    project = server.server.context.projectRoot;
    // A folder next to the project whose name starts with the project's name.
    sibling = `${project}-evil`;
    const files: Record<string, string> = {
      "README.md": "# Demo\n",
      "src/index.ts": "export {};\n",
      "src/lib/util.ts": "export const x = 1;\n",
      "src/lib/deep/deeper/deepest/file.ts": "",
      "node_modules/dep/index.js": "",
      ".git/HEAD": "ref: refs/heads/main\n",
      "dist/bundle.js": "",
      "docs/.gitkeep": "",
    };
    for (const [path, content] of Object.entries(files)) {
      mkdirSync(dirname(join(project, path)), { recursive: true });
      writeFileSync(join(project, path), content);
    }
    mkdirSync(sibling);
    writeFileSync(join(sibling, "secret.txt"), "not yours");
    symlinkSync(join(project, "src"), join(project, "link-to-src"));
    symlinkSync(sibling, join(project, "link-to-sibling"));
    symlinkSync("/etc", join(project, "link-to-etc"));
    symlinkSync(join(project, "loop"), join(project, "loop"));
  });

  const tree = async (query: string) =>
    decodeResponse(await server.request("GET", `/api/workspace/tree${query}`), WorkspaceTreeSchema);

  it("lists the project's top level: folders first, then the rest by name, without ignored folders", async () => {
    const listing = await tree("");

    expect(listing.root).toBe(project);
    expect(listing.path).toBe("");
    expect(listing.truncated).toBe(false);
    expect(flatten(listing.entries)).toEqual([
      "directory docs",
      "directory src",
      "symlink link-to-etc",
      "symlink link-to-sibling",
      "symlink link-to-src",
      "symlink loop",
      "file README.md",
    ]);
    expect(listing.entries.find((entry) => entry.name === "README.md")?.size).toBe(7);
    expect(listing.excluded_patterns).toEqual(expect.arrayContaining([".git", "node_modules", "dist"]));
  });

  it("descends as deep as asked, and never into symlinks", async () => {
    expect(flatten((await tree("?path=src&depth=2")).entries)).toEqual([
      "directory src/lib",
      "directory src/lib/deep",
      "file src/lib/util.ts",
      "file src/index.ts",
    ]);
    const deepest = await tree("?depth=5");
    expect(flatten(deepest.entries)).toContain("directory src/lib/deep/deeper/deepest");
    expect(flatten(deepest.entries)).not.toContain("file src/lib/deep/deeper/deepest/file.ts");
    const links = deepest.entries.filter((entry) => entry.type === "symlink");
    expect(links.map((entry) => entry.children)).toEqual([undefined, undefined, undefined, undefined]);
    expect(JSON.stringify(deepest)).not.toContain("secret.txt");
  });

  it("lists a subfolder by its project-relative path", async () => {
    const listing = await tree(`?path=${encodeURIComponent("src/lib/deep/deeper")}`);

    expect(listing.path).toBe("src/lib/deep/deeper");
    expect(flatten(listing.entries)).toEqual(["directory src/lib/deep/deeper/deepest"]);
  });

  it.each([
    ["a parent directory", "?path=..", "must not contain '..'"],
    ["a path that climbs out midway", "?path=src/../../", "must not contain '..'"],
    ["an encoded parent directory", "?path=%2e%2e%2f", "must not contain '..'"],
    ["an absolute path", `?path=${encodeURIComponent("/etc")}`, "absolute paths are not allowed"],
    ["an absolute path to the project itself", "?path=ABSOLUTE_PROJECT", "absolute paths are not allowed"],
    ["a NUL byte", "?path=src%00", "NUL byte"],
    [
      "a sibling folder sharing the project's name prefix",
      "?path=SIBLING_BY_PARENT",
      "must not contain '..'",
    ],
    ["a symlink to a sibling folder", "?path=link-to-sibling", "resolves outside the project"],
    ["a symlink to a system folder", "?path=link-to-etc", "resolves outside the project"],
    ["a symlink loop", "?path=loop", "symlink loop"],
    ["a name longer than the file system allows", `?path=${"a".repeat(300)}`, "too long"],
    ["a file instead of a folder", "?path=README.md", "not a directory"],
    ["a depth of 0", "?depth=0", "expected 1 to 5"],
    ["a depth of 6", "?depth=6", "expected 1 to 5"],
    ["a depth that is not a number", "?depth=deep", "expected 1 to 5"],
  ])("refuses %s with 400 naming query.path or query.depth", async (_case, rawQuery, reason) => {
    const query = rawQuery
      .replace("ABSOLUTE_PROJECT", encodeURIComponent(project))
      .replace("SIBLING_BY_PARENT", encodeURIComponent(`../${sibling.split("/").at(-1)}`));
    const response = await server.request("GET", `/api/workspace/tree${query}`);

    const field = query.includes("depth") ? "query.depth" : "query.path";
    const body = await expectApiError(response, 400, "invalid_request", field);
    expect(body.error.message).toContain(reason);
  });

  it.each([
    ["a folder that does not exist", "?path=missing"],
    ["a path below a file", "?path=README.md/inner"],
    // Decoded once (as every query is), this is the literal name "%2e%2e%2f", not a parent directory.
    ["a double-encoded parent directory", "?path=%252e%252e%252f"],
  ])("answers 404 for %s", async (_case, query) => {
    await expectApiError(
      await server.request("GET", `/api/workspace/tree${query}`),
      404,
      "not_found",
      "query.path",
    );
  });
});

describe("the workspace tree of a huge repository", () => {
  const server = useTestServer();

  it("lists 5,000 entries in all, however deep, and marks the folders it did not reach as cut", async () => {
    // Seven folders of 1,000 files: 7,007 entries at depth 2.
    const project = server.server.context.projectRoot;
    for (let folder = 0; folder < 7; folder++) {
      mkdirSync(join(project, `folder-${folder}`));
      for (let file = 0; file < 1_000; file++)
        writeFileSync(join(project, `folder-${folder}`, `${file}.txt`), "");
    }

    const listing = await decodeResponse(
      await server.request("GET", "/api/workspace/tree?depth=2"),
      WorkspaceTreeSchema,
    );

    expect(flatten(listing.entries)).toHaveLength(MAX_TREE_ENTRIES);
    expect(listing.entries.map((entry) => [entry.name, entry.children?.length, entry.truncated])).toEqual([
      ["folder-0", 1_000, undefined],
      ["folder-1", 1_000, undefined],
      ["folder-2", 1_000, undefined],
      ["folder-3", 1_000, undefined],
      ["folder-4", 993, true],
      ["folder-5", undefined, true],
      ["folder-6", undefined, true],
    ]);
  });
});
