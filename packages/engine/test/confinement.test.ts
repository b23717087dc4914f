import { readFile, rename, rm, symlink } from "node:fs/promises";
import { join } from "node:path";
import { type FakeModelServer, reply, startFakeModelServer } from "@parley/testkit";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  builtinTools,
  type ConfinementRule,
  confinePath,
  isInside,
  PathConfinementError,
  readTool,
} from "../src/index.ts";
import { openConfinedForRead, writeConfinedFile } from "../src/tools/fs/confined-file.ts";
import { allowEveryCall, collectTurn, modelFor } from "./helpers.ts";
import {
  createProject,
  makeFifo,
  OUTSIDE_SECRET,
  type ProjectFixture,
  toolContext,
} from "./project-fixture.ts";
import { toolResultOf } from "./turn-driver.ts";

let project: ProjectFixture;
beforeEach(async () => {
  project = await createProject({ "src/index.ts": "export {};\n", "README.md": "# Project\n" });
});
afterEach(async () => {
  await project.remove();
});

async function refusal(requested: string, intent: "read" | "write" = "read"): Promise<ConfinementRule> {
  try {
    await confinePath(project.root, requested, { intent });
  } catch (error) {
    if (error instanceof PathConfinementError) return error.rule;
    throw error;
  }
  throw new Error(`${requested} was not refused`);
}

describe("confinePath refuses every way out of the project", () => {
  it.each<[string, ConfinementRule]>([
    ["../proj-evil/secret.txt", "parent-segment"],
    ["src/../../proj-evil/secret.txt", "parent-segment"],
    ["..", "parent-segment"],
    ["..\\proj-evil\\secret.txt", "parent-segment"],
    ["src\\..\\..\\x", "parent-segment"],
    ["/etc/passwd", "absolute-path"],
    ["C:\\Windows\\win.ini", "absolute-path"],
    ["c:/windows/win.ini", "absolute-path"],
    ["C:secret.txt", "absolute-path"],
    ["\\\\server\\share\\x", "absolute-path"],
    ["~/.ssh/id_rsa", "home-path"],
    ["~root/.ssh/id_rsa", "home-path"],
    ["%2e%2e%2fproj-evil%2fsecret.txt", "encoded-traversal"],
    ["%2E%2E/secret.txt", "encoded-traversal"],
    ["..%2fsecret.txt", "encoded-traversal"],
    ["%252e%252e%252fsecret.txt", "encoded-traversal"],
    ["%c0%ae%c0%ae/secret.txt", "encoded-traversal"],
    ["src/index.ts\0.png", "nul-byte"],
    ["src/.", "dot-segment"],
    ["src/./index.ts", "dot-segment"],
  ])("%j (%s)", async (requested, rule) => {
    expect(await refusal(requested)).toBe(rule);
    expect(await refusal(requested, "write")).toBe(rule);
  });

  it("names the rule and the fix in its message", async () => {
    await expect(confinePath(project.root, "../x", { intent: "read" })).rejects.toThrow(
      `Path refused (parent-segment): "../x" contains '..'; file tools only work inside the project, so give a path relative to the project root.`,
    );
  });

  it("does not take a sibling folder sharing the root's name prefix for the project", async () => {
    expect(isInside(project.root, project.outside)).toBe(false);
    expect(isInside(project.root, join(project.root, "src"))).toBe(true);
    expect(await refusal(project.outside)).toBe("absolute-path");
    await symlink("../proj-evil", join(project.root, "evil"));

    expect(await refusal("evil/secret.txt")).toBe("symlink-outside");
    expect(await refusal("evil/new.txt", "write")).toBe("symlink-outside");
  });

  it("refuses symlinks anywhere in the path that lead outside: to /, to a secret, to a device", async () => {
    await symlink("/", join(project.root, "root-link"));
    await symlink(join(project.outside, "secret.txt"), join(project.root, "src", "secret-link.txt"));
    await symlink("/dev/zero", join(project.root, "zero"));

    expect(await refusal("root-link/etc/passwd")).toBe("symlink-outside");
    expect(await refusal("src/secret-link.txt")).toBe("symlink-outside");
    expect(await refusal("src/secret-link.txt", "write")).toBe("symlink-outside");
    expect(await refusal("zero")).toBe("symlink-outside");
  });

  it("refuses a dangling symlink on write, symlink loops, and FIFOs", async () => {
    await symlink(join(project.outside, "planted.txt"), join(project.root, "dangling.txt"));
    await symlink("loop-b", join(project.root, "loop-a"));
    await symlink("loop-a", join(project.root, "loop-b"));
    makeFifo(join(project.root, "pipe"));

    expect(await refusal("dangling.txt", "write")).toBe("dangling-symlink");
    expect(await refusal("loop-a/x", "write")).toBe("symlink-loop");
    expect(await refusal("pipe")).toBe("special-file");
    expect(await refusal("pipe", "write")).toBe("special-file");
  });

  it("accepts paths inside, resolving symlinks that stay inside to their canonical place", async () => {
    await symlink("src", join(project.root, "source"));

    expect(await confinePath(project.root, "./source/index.ts", { intent: "read" })).toEqual({
      root: project.root,
      absolute: join(project.root, "src", "index.ts"),
      relative: "src/index.ts",
      kind: "file",
    });
    expect(await confinePath(project.root, "", { intent: "read" })).toMatchObject({
      relative: "",
      kind: "directory",
    });
    expect(await confinePath(project.root, "new/deep/file.txt", { intent: "write" })).toEqual({
      root: project.root,
      absolute: join(project.root, "new", "deep", "file.txt"),
      relative: "new/deep/file.txt",
      kind: undefined,
    });
  });
});

describe("confinePath with added directories (--add-dir)", () => {
  const inAdded = (requested: string, intent: "read" | "write" = "read") =>
    confinePath(project.root, requested, { intent, additionalRoots: [project.outside] });

  it("accepts absolute paths inside an added directory, shown by their absolute path", async () => {
    expect(await inAdded(join(project.outside, "secret.txt"))).toEqual({
      root: project.outside,
      absolute: join(project.outside, "secret.txt"),
      relative: join(project.outside, "secret.txt"),
      kind: "file",
    });
    expect(await inAdded(join(project.outside, "new", "file.txt"), "write")).toMatchObject({
      kind: undefined,
    });
  });

  it("refuses '..' after the added directory, a sibling sharing its name prefix, and symlinks out of it", async () => {
    await symlink("/etc", join(project.outside, "etc-link"));
    const rule = (promise: Promise<unknown>) =>
      promise.then(
        () => "accepted",
        (error: PathConfinementError) => error.rule,
      );

    expect(await rule(inAdded(`${project.outside}/../proj/README.md`))).toBe("parent-segment");
    expect(await rule(inAdded(`${project.outside}-evil/x`))).toBe("absolute-path");
    expect(await rule(inAdded(join(project.outside, "etc-link", "passwd")))).toBe("symlink-outside");
    expect(await rule(inAdded("/etc/passwd"))).toBe("absolute-path");
  });
});

describe("opening a confined path re-checks what was opened", () => {
  it("refuses a read when a folder in the path was swapped for a symlink after the check", async () => {
    await project.write({ "data/file.txt": "inside" });
    const confined = await confinePath(project.root, "data/file.txt", { intent: "read" });
    await rename(join(project.root, "data"), join(project.root, "data-old"));
    await rename(join(project.outside, "secret.txt"), join(project.outside, "file.txt"));
    await symlink(project.outside, join(project.root, "data"));

    await expect(openConfinedForRead(confined, "data/file.txt")).rejects.toThrow(
      "data/file.txt moved outside the project while it was being opened; refused.",
    );
  });

  it("refuses a write when the file was swapped for a symlink after the check, leaving the target alone", async () => {
    const confined = await confinePath(project.root, "README.md", { intent: "write" });
    await rm(join(project.root, "README.md"));
    await symlink(join(project.outside, "secret.txt"), join(project.root, "README.md"));

    await expect(writeConfinedFile(confined, "pwned", "README.md")).rejects.toThrow(
      "README.md became a symlink while it was being opened; refused.",
    );
    expect(await readFile(join(project.outside, "secret.txt"), "utf8")).toBe(OUTSIDE_SECRET);
  });

  it("refuses a new file whose folder was swapped for a symlink after the check, and removes what it created", async () => {
    await project.write({ "out/keep.txt": "" });
    const confined = await confinePath(project.root, "out/new.txt", { intent: "write" });
    await rm(join(project.root, "out"), { recursive: true });
    await symlink(project.outside, join(project.root, "out"));

    await expect(writeConfinedFile(confined, "planted", "out/new.txt")).rejects.toThrow(
      "moved outside the project",
    );
    await expect(readFile(join(project.outside, "new.txt"), "utf8")).rejects.toThrow("ENOENT");
  });

  it("refuses to write a file with another hard link, which may live outside the project", async () => {
    const { link } = await import("node:fs/promises");
    await link(join(project.outside, "secret.txt"), join(project.root, "linked.txt"));

    const result = await readTool.execute({ file_path: "linked.txt" }, toolContext(project.root));
    expect(result).toMatchObject({ content: expect.stringContaining(OUTSIDE_SECRET) });
    const confined = await confinePath(project.root, "linked.txt", { intent: "write" });
    await expect(writeConfinedFile(confined, "pwned", "linked.txt")).rejects.toThrow("has 2 hard links");
    expect(await readFile(join(project.outside, "secret.txt"), "utf8")).toBe(OUTSIDE_SECRET);
  });
});

describe("the file tools turn every refusal into an error the model sees", () => {
  let server: FakeModelServer;
  beforeAll(async () => {
    server = await startFakeModelServer();
  });
  beforeEach(() => server.reset());
  afterAll(async () => {
    await server.close();
  });

  it("refuses reads, listings, searches and writes that leave the project, and nothing outside changes", async () => {
    await symlink("../proj-evil", join(project.root, "evil"));
    await symlink(join(project.outside, "planted.txt"), join(project.root, "dangling.txt"));
    makeFifo(join(project.root, "pipe"));
    const calls: [string, Record<string, unknown>, string][] = [
      ["Read", { file_path: "../proj-evil/secret.txt" }, "parent-segment"],
      ["Read", { file_path: `${project.outside}/secret.txt` }, "absolute-path"],
      ["Read", { file_path: "evil/secret.txt" }, "symlink-outside"],
      ["Read", { file_path: "%2e%2e%2fproj-evil%2fsecret.txt" }, "encoded-traversal"],
      ["Read", { file_path: "pipe" }, "special-file"],
      ["LS", { path: "evil" }, "symlink-outside"],
      ["Glob", { pattern: "**", path: "evil" }, "symlink-outside"],
      ["Grep", { pattern: "secret", path: "evil" }, "symlink-outside"],
      ["Write", { file_path: "evil/planted.txt", content: "x" }, "symlink-outside"],
      ["Write", { file_path: "dangling.txt", content: "x" }, "dangling-symlink"],
      ["Write", { file_path: "a\0b", content: "x" }, "nul-byte"],
      ["Edit", { file_path: "evil/secret.txt", old_string: "outside", new_string: "x" }, "symlink-outside"],
    ];
    server.script(
      calls.reduce(
        (builder, [name, input], index) => builder.toolCall(name, input, { id: `call_${index}` }),
        reply(),
      ),
      reply().text("All refused."),
    );

    const messages = await collectTurn({
      model: modelFor(server, "anthropic"),
      prompt: "escape",
      cwd: project.root,
      canUseTool: allowEveryCall,
      tools: builtinTools({ task: false }),
    });

    for (const [index, [, , rule]] of calls.entries()) {
      const result = toolResultOf(messages, `call_${index}`);
      expect(result.isError).toBe(true);
      expect(result.content).toContain(`Path refused (${rule})`);
    }
    expect(await readFile(join(project.outside, "secret.txt"), "utf8")).toBe(OUTSIDE_SECRET);
    await expect(readFile(join(project.outside, "planted.txt"), "utf8")).rejects.toThrow("ENOENT");
    expect(JSON.stringify(server.requests[1]?.body)).not.toContain(OUTSIDE_SECRET);
  });
});
