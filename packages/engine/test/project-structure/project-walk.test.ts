import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, rm, symlink, utimes } from "node:fs/promises";
import { dirname, join } from "node:path";
import { type DirectoryNode, ProjectStructureDataSchema } from "@parley/protocol";
import { afterEach, describe, expect, it } from "vitest";
import { generateProjectStructure } from "../../src/project-structure/generate-project-structure.ts";
import { createProject, OUTSIDE_SECRET, type ProjectFixture } from "../project-fixture.ts";
import { STRUCTURE_TEST_TIMEOUT_MS } from "../structure-test-timeout.ts";

let project: ProjectFixture | undefined;
afterEach(async () => {
  await project?.remove();
  project = undefined;
});

const fixedClock = () => new Date("2026-11-25T12:00:00.000Z");

/** Runs git in `cwd` with a committer set, for building a repository in a test. */
const gitIn =
  (cwd: string) =>
  (...args: string[]) =>
    execFileSync("git", ["-c", "user.name=Test", "-c", "user.email=test@example.com", ...args], {
      cwd,
      stdio: "pipe",
    });

/** Every file path in a tree, depth first. */
function treePaths(node: DirectoryNode): string[] {
  return [...node.files.map((file) => file.path), ...node.directories.flatMap(treePaths)];
}

function findFolder(node: DirectoryNode, path: string): DirectoryNode | undefined {
  if (node.path === path) return node;
  for (const child of node.directories) {
    const found = findFolder(child, path);
    if (found) return found;
  }
  return undefined;
}

describe("the project tree", { timeout: STRUCTURE_TEST_TIMEOUT_MS }, () => {
  it("lists folders and files with size, MIME type and language, leaving out .git, node_modules and what .gitignore ignores", async () => {
    project = await createProject({
      ".gitignore": "dist/\n*.log\n",
      "src/main.ts": "export const x = 1;\n",
      "src/.gitignore": "generated.ts\n",
      "src/generated.ts": "// generated\n",
      "dist/out.js": "x",
      "debug.log": "x",
      "README.md": "# Demo\n",
      "node_modules/left-pad/index.js": "x",
      ".git/HEAD": "ref: refs/heads/main\n",
      "notes/todo.txt": "x",
    });
    const structure = await generateProjectStructure({
      root: project.root,
      type: "tree",
      excludedPatterns: ["notes/"],
      now: fixedClock,
    });
    expect(ProjectStructureDataSchema.safeParse(structure).success).toBe(true);
    if (structure.structure_type !== "tree") throw new Error("expected a tree");
    expect(treePaths(structure.content).sort()).toEqual([
      ".gitignore",
      "README.md",
      "src/.gitignore",
      "src/main.ts",
    ]);
    expect(structure.content.directories.map((folder) => folder.name)).toEqual(["src"]);
    expect(structure.content.directories[0]?.files.find((file) => file.path === "src/main.ts")).toEqual({
      path: "src/main.ts",
      size: 20,
      mime_type: "text/typescript",
      language: "TypeScript",
    });
    expect(structure.excluded_patterns).toEqual(expect.arrayContaining([".git", "node_modules", "notes/"]));
    expect(structure.generated_at).toBe("2026-11-25T12:00:00.000Z");
    expect(structure.truncated).toBeUndefined();
  });

  it("lets a deeper .gitignore bring back a file an outer one leaves out, as git does", async () => {
    project = await createProject({
      ".gitignore": "*.log\n",
      "logs/.gitignore": "!keep.log\n",
      "logs/keep.log": "x",
      "logs/drop.log": "x",
      "top.log": "x",
    });
    const structure = await generateProjectStructure({ root: project.root, type: "file_list" });
    expect((structure.content as { path: string }[]).map((file) => file.path)).toEqual([
      ".gitignore",
      "logs/.gitignore",
      "logs/keep.log",
    ]);
  });

  it("shows a symlink that points outside the project as a symlink and never lists what is behind it", async () => {
    project = await createProject({ "src/a.ts": "a" });
    await symlink(project.outside, join(project.root, "escape"));
    await symlink(join(project.outside, "secret.txt"), join(project.root, "secret-link.txt"));
    for (const type of ["tree", "file_list", "dependencies"] as const) {
      const structure = await generateProjectStructure({ root: project.root, type });
      const text = JSON.stringify(structure);
      expect(text).not.toContain("proj-evil");
      expect(text).not.toContain(OUTSIDE_SECRET);
    }
    const tree = await generateProjectStructure({ root: project.root, type: "tree" });
    if (tree.structure_type !== "tree") throw new Error("expected a tree");
    expect(tree.content.files).toEqual([
      { path: "escape", size: 0, mime_type: "inode/symlink" },
      { path: "secret-link.txt", size: 0, mime_type: "inode/symlink" },
    ]);
    expect(treePaths(tree.content)).not.toContain("escape/secret.txt");
  });

  it("stops at the entry limit and says how many entries it left out", async () => {
    const files: Record<string, string> = {};
    for (let index = 0; index < 30; index++) files[`many/file-${String(index).padStart(2, "0")}.txt`] = "x";
    project = await createProject(files);
    const structure = await generateProjectStructure({ root: project.root, type: "tree", maxEntries: 11 });
    if (structure.structure_type !== "tree") throw new Error("expected a tree");
    expect(structure.truncated).toBe(true);
    const many = findFolder(structure.content, "many");
    expect(many?.files).toHaveLength(10);
    expect(many?.omitted_entries).toBe(20);
  });

  it("lists folders below the depth limit without entering them and counts what they hold", async () => {
    project = await createProject({ "a/b/c/deep.txt": "x", "a/b/c/deeper.txt": "x", "a/top.txt": "x" });
    const structure = await generateProjectStructure({ root: project.root, type: "tree", maxDepth: 2 });
    if (structure.structure_type !== "tree") throw new Error("expected a tree");
    expect(structure.truncated).toBe(true);
    const b = findFolder(structure.content, "a/b");
    expect(b?.directories).toEqual([]);
    expect(b?.omitted_entries).toBe(1);
    expect(treePaths(structure.content)).toEqual(["a/top.txt"]);
  });
});

describe("the file list", { timeout: STRUCTURE_TEST_TIMEOUT_MS }, () => {
  it("lists every file alphabetically with its language", async () => {
    project = await createProject({ "b.py": "print(1)", "a/z.rs": "fn main() {}", "c.png": "x" });
    const structure = await generateProjectStructure({ root: project.root, type: "file_list" });
    if (structure.structure_type !== "file_list") throw new Error("expected a file list");
    expect(structure.content).toEqual([
      { path: "a/z.rs", size: 12, mime_type: "text/x-rust", language: "Rust" },
      { path: "b.py", size: 8, mime_type: "text/x-python", language: "Python" },
      { path: "c.png", size: 1, mime_type: "image/png" },
    ]);
  });

  it("puts recently changed files first in a git repository: uncommitted changes, then newer commits", async () => {
    project = await createProject({
      "old.txt": "1",
      "middle.txt": "1",
      "fresh.txt": "1",
      "untouched.txt": "1",
    });
    const git = gitIn((project as ProjectFixture).root);
    git("init", "-q");
    git("add", "old.txt", "untouched.txt");
    git("commit", "-q", "-m", "first");
    git("add", "middle.txt");
    git("commit", "-q", "-m", "second");
    await project.write({ "old.txt": "changed" });
    const structure = await generateProjectStructure({
      root: project.root,
      type: "file_list",
      order: "relevance",
    });
    if (structure.structure_type !== "file_list") throw new Error("expected a file list");
    expect(structure.content.map((file) => file.path)).toEqual([
      "fresh.txt",
      "old.txt",
      "middle.txt",
      "untouched.txt",
    ]);
  });

  it("never runs a program the repository's git config names (core.fsmonitor) while ranking files", async () => {
    project = await createProject({ "a.txt": "1" });
    const root = project.root;
    execFileSync("git", ["init", "-q"], { cwd: root });
    const marker = join(project.outside, "fsmonitor-ran");
    await project.write({ "hook.sh": `#!/bin/sh\ntouch ${marker}\n` });
    execFileSync("chmod", ["+x", join(root, "hook.sh")]);
    execFileSync("git", ["config", "core.fsmonitor", join(root, "hook.sh")], { cwd: root });
    const structure = await generateProjectStructure({ root, type: "file_list", order: "relevance" });
    if (structure.structure_type !== "file_list") throw new Error("expected a file list");
    expect(structure.content.map((file) => file.path)).toEqual(["a.txt", "hook.sh"]);
    expect(existsSync(marker)).toBe(false);
  });

  it("never runs a filter driver or hook the repository's .git names while ranking files", async () => {
    // A `.git` that came with the project (an archive, another tool): git status runs a filter's clean or
    // process command on a file it must compare by content, and post-index-change when it refreshes the index.
    project = await createProject({
      "a.txt": "1\n",
      "b.txt": "1\n",
      ".gitattributes": "a.txt filter=evil\nb.txt filter=x=y\n",
    });
    const root = project.root;
    const git = gitIn(root);
    git("init", "-q");
    git("add", ".");
    git("commit", "-q", "-m", "first");
    const marker = (name: string) => join((project as ProjectFixture).outside, name);
    const program = (name: string) => `sh -c 'touch ${marker(name)}; cat'`;
    git("config", "filter.evil.clean", program("clean-ran"));
    git("config", "filter.evil.process", program("process-ran"));
    git("config", "filter.evil.required", "true");
    git("config", "filter.x=y.clean", program("named-clean-ran"));
    await project.write({ ".git/hooks/post-index-change": `#!/bin/sh\ntouch ${marker("hook-ran")}\n` });
    execFileSync("chmod", ["+x", join(root, ".git/hooks/post-index-change")]);
    // The same content written again: git must read both files to tell they did not change.
    await project.write({ "a.txt": "1\n", "b.txt": "1\n" });

    const structure = await generateProjectStructure({ root, type: "file_list", order: "relevance" });

    if (structure.structure_type !== "file_list") throw new Error("expected a file list");
    expect(structure.content.map((file) => file.path).sort()).toEqual([".gitattributes", "a.txt", "b.txt"]);
    for (const name of ["clean-ran", "process-ran", "named-clean-ran", "hook-ran"])
      expect(existsSync(marker(name)), name).toBe(false);
    // The same git command without the guard does run them: the repository above is a working attack.
    spawnSync("git", ["status", "--porcelain"], { cwd: root, stdio: "pipe" });
    expect(existsSync(marker("process-ran")) || existsSync(marker("clean-ran"))).toBe(true);
  });

  it("never fetches a partial clone's missing objects, so a repository's ssh or upload-pack program never runs", async () => {
    project = await createProject({ "a.txt": "1\n" });
    const root = project.root;
    const git = gitIn(root);
    git("init", "-q");
    git("add", ".");
    git("commit", "-q", "-m", "first");
    await project.write({ "b.txt": "1\n" });
    git("add", ".");
    git("commit", "-q", "-m", "second");
    // The first commit's tree is gone, and the repository says a promisor remote can fetch it.
    const tree = git("rev-parse", "HEAD~1^{tree}").toString().trim();
    await rm(join(root, ".git", "objects", tree.slice(0, 2), tree.slice(2)));
    const marker = join(project.outside, "fetch-ran");
    await project.write({ "evil.sh": `#!/bin/sh\ntouch ${marker}\nexit 1\n` });
    execFileSync("chmod", ["+x", join(root, "evil.sh")]);
    git("config", "core.repositoryformatversion", "1");
    git("config", "extensions.partialClone", "origin");
    git("config", "remote.origin.promisor", "true");
    git("config", "remote.origin.url", "ssh://nohost.invalid/x");
    git("config", "core.sshCommand", join(root, "evil.sh"));
    git("config", "protocol.ssh.allow", "always"); // beats a `protocol.allow=never` given on the command line

    const structure = await generateProjectStructure({ root, type: "file_list", order: "relevance" });

    if (structure.structure_type !== "file_list") throw new Error("expected a file list");
    expect(structure.content.map((file) => file.path).sort()).toEqual(["a.txt", "b.txt", "evil.sh"]);
    expect(existsSync(marker)).toBe(false);
    // Without the guard the same log runs it: the repository above is a working attack.
    spawnSync("git", ["log", "--name-only", "--format=%x00"], { cwd: root, stdio: "pipe" });
    expect(existsSync(marker)).toBe(true);
  });

  it("ranks by recent change when the project is a folder inside a larger git repository", async () => {
    project = await createProject({ "a.txt": "1", "b.txt": "1" });
    const repository = dirname(project.root);
    const git = gitIn(repository);
    git("init", "-q");
    git("add", "proj/b.txt");
    git("commit", "-q", "-m", "first");
    git("add", "proj/a.txt");
    git("commit", "-q", "-m", "second");
    await project.write({ "b.txt": "changed" });
    const structure = await generateProjectStructure({
      root: project.root,
      type: "file_list",
      order: "relevance",
    });
    expect((structure.content as { path: string }[]).map((file) => file.path)).toEqual(["b.txt", "a.txt"]);
  });

  it("puts recently modified files first outside git", async () => {
    project = await createProject({ "a.txt": "1", "b.txt": "1", "c.txt": "1" });
    await utimes(join(project.root, "a.txt"), 1_000, 1_000);
    await utimes(join(project.root, "b.txt"), 3_000, 3_000);
    await utimes(join(project.root, "c.txt"), 2_000, 2_000);
    const structure = await generateProjectStructure({
      root: project.root,
      type: "file_list",
      order: "relevance",
    });
    expect((structure.content as { path: string }[]).map((file) => file.path)).toEqual([
      "b.txt",
      "c.txt",
      "a.txt",
    ]);
  });

  it("counts the files a limit left out", async () => {
    project = await createProject({ "a.txt": "1", "b.txt": "1", "c.txt": "1" });
    await mkdir(join(project.root, "empty"));
    const structure = await generateProjectStructure({
      root: project.root,
      type: "file_list",
      maxEntries: 2,
    });
    expect(structure.truncated).toBe(true);
    expect(structure.omitted_count).toBe(2);
    expect(structure.content).toHaveLength(2);
  });
});
