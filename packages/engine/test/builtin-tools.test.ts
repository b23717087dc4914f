import { mkdir, symlink, truncate, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { type FakeModelServer, reply, startFakeModelServer } from "@parley/testkit";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { builtinTools, type EngineMessage, type PermissionRule } from "../src/index.ts";
import { allowEveryCall, collectTurn, modelFor, resultOf } from "./helpers.ts";
import { createProject, type ProjectFixture } from "./project-fixture.ts";
import { toolResultOf } from "./turn-driver.ts";

let server: FakeModelServer;
let project: ProjectFixture;
beforeAll(async () => {
  server = await startFakeModelServer();
});
beforeEach(async () => {
  server.reset();
  project = await createProject({
    "README.md": "# Demo\n\nA small project.\n",
    "src/main.ts": 'import { greet } from "./greet.ts";\n\nconsole.log(greet("world"));\n',
    "src/greet.ts": 'export function greet(name: string) {\n  return "Hello, " + name;\n}\n',
    "src/util/strings.ts": "export const HELLO = 'hello';\n",
    "node_modules/dep/index.ts": "export const greet = 1;\n",
    ".git/HEAD": "ref: refs/heads/main\n",
  });
});
afterEach(async () => {
  await project.remove();
});
afterAll(async () => {
  await server.close();
});

/** Has the model call `calls` (ids `call_0`, `call_1`, …) in one response, with every call allowed. */
function callTools(...calls: [string, Record<string, unknown>][]): Promise<EngineMessage[]> {
  return callToolsUnder([], ...calls);
}

/** `callTools` in a turn whose host has these permission rules (the ones about reading matter to the tools). */
async function callToolsUnder(
  readRules: PermissionRule[],
  ...calls: [string, Record<string, unknown>][]
): Promise<EngineMessage[]> {
  server.script(
    calls.reduce(
      (builder, [name, input], index) => builder.toolCall(name, input, { id: `call_${index}` }),
      reply(),
    ),
    reply().text("Done."),
  );
  const messages = await collectTurn({
    model: modelFor(server, "anthropic"),
    prompt: "use the tools",
    cwd: project.root,
    canUseTool: allowEveryCall,
    tools: builtinTools(),
    readRules,
  });
  expect(resultOf(messages)).toMatchObject({ subtype: "success", result: "Done." });
  return messages;
}

describe("the built-in tools", () => {
  it("are offered to the model under Claude Code's names with their input schemas", async () => {
    const messages = await callTools(["LS", {}]);

    expect(messages[0]).toMatchObject({
      type: "system",
      subtype: "init",
      tools: ["Read", "LS", "Glob", "Grep", "Write", "Edit", "Bash", "Task"],
    });
    const body = server.requests[0]?.body as { tools: { name: string; input_schema: unknown }[] } | undefined;
    const tools = body?.tools ?? [];
    expect(tools.map((tool) => tool.name)).toEqual([
      "Read",
      "LS",
      "Glob",
      "Grep",
      "Write",
      "Edit",
      "Bash",
      "Task",
    ]);
    expect(tools[0]?.input_schema).toMatchObject({
      type: "object",
      properties: { file_path: { type: "string" }, offset: { type: "integer" }, limit: { type: "integer" } },
      required: ["file_path"],
    });
  });
});

describe("Read", () => {
  it("returns numbered lines, a page at a time", async () => {
    await project.write({
      "long.txt": Array.from({ length: 30 }, (_, index) => `line ${index + 1}`).join("\n"),
    });

    const messages = await callTools(
      ["Read", { file_path: "src/greet.ts" }],
      ["Read", { file_path: "long.txt", offset: 10, limit: 3 }],
    );

    expect(toolResultOf(messages, "call_0")).toEqual({
      content: '     1\texport function greet(name: string) {\n     2\t  return "Hello, " + name;\n     3\t}',
      isError: false,
      data: { filePath: "src/greet.ts", startLine: 1, numLines: 3, size: 67 },
    });
    expect(toolResultOf(messages, "call_1").content).toBe(
      "    10\tline 10\n    11\tline 11\n    12\tline 12\n[More lines follow; continue with offset 13.]",
    );
  });

  it("explains missing files, folders, binary and empty files, and offsets past the end", async () => {
    await writeFile(join(project.root, "image.png"), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d]));
    await project.write({ "empty.txt": "", "long-line.txt": "x".repeat(2500) });

    const messages = await callTools(
      ["Read", { file_path: "missing.txt" }],
      ["Read", { file_path: "src" }],
      ["Read", { file_path: "image.png" }],
      ["Read", { file_path: "empty.txt" }],
      ["Read", { file_path: "README.md", offset: 99 }],
      ["Read", { file_path: "long-line.txt" }],
    );

    expect(toolResultOf(messages, "call_0")).toMatchObject({
      content: "Error: File does not exist: missing.txt",
      isError: true,
    });
    expect(toolResultOf(messages, "call_1")).toMatchObject({
      content: "Error: src is a directory; use LS to list it.",
      isError: true,
    });
    expect(toolResultOf(messages, "call_2")).toMatchObject({
      content: "image.png is a binary file (8 bytes); it is not shown.",
      isError: true,
    });
    expect(toolResultOf(messages, "call_3")).toMatchObject({
      content: "empty.txt is empty.",
      isError: false,
    });
    expect(toolResultOf(messages, "call_4")).toMatchObject({
      content: "README.md has 3 lines; offset 99 is past the end.",
      isError: true,
    });
    expect(toolResultOf(messages, "call_5").content).toBe(`     1\t${"x".repeat(2000)}… [line cut]`);
  });

  it("shows the start of a line longer than any string the process can hold, and the session goes on", async () => {
    // 600 MiB on one line: text for 8 KiB, then a sparse run of NUL characters (no line break, no disk).
    const file = join(project.root, "huge-line.txt");
    await writeFile(file, "y".repeat(8192));
    await truncate(file, 600 * 1024 * 1024);

    const messages = await callTools(["Read", { file_path: "huge-line.txt", limit: 1 }]);

    expect(toolResultOf(messages, "call_0").content).toBe(`     1\t${"y".repeat(2000)}… [line cut]`);
  });
});

describe("LS", () => {
  it("lists one folder with folders marked and symlinks shown, not followed", async () => {
    await symlink("../proj-evil", join(project.root, "src", "elsewhere"));

    const messages = await callTools(
      ["LS", { path: "src" }],
      ["LS", {}],
      ["LS", { ignore: ["node_modules", ".*"] }],
    );

    expect(toolResultOf(messages, "call_0").content).toBe(
      "elsewhere -> ../proj-evil\ngreet.ts\nmain.ts\nutil/",
    );
    expect(toolResultOf(messages, "call_1").content).toBe(".git/\nREADME.md\nnode_modules/\nsrc/");
    expect(toolResultOf(messages, "call_2").content).toBe("README.md\nsrc/");
  });

  it("lists a folder of more than 10,000 entries from the first 10,000 read, and says how many it shows", async () => {
    const folder = join(project.root, "crowded");
    await mkdir(folder);
    await Promise.all(
      Array.from({ length: 10_050 }, (_, file) => writeFile(join(folder, `${file}.txt`), "")),
    );

    const messages = await callTools(["LS", { path: "crowded" }], ["LS", { path: "crowded", ignore: ["*"] }]);

    const lines = String(toolResultOf(messages, "call_0").content).split("\n");
    expect(lines).toHaveLength(1_001);
    expect(lines.at(-1)).toBe(
      "[The folder holds more than 10000 entries: these are the first 1000 by name of 10000 read; use Glob to narrow down.]",
    );
    expect(toolResultOf(messages, "call_1").content).toBe(
      "[The folder holds more than 10000 entries: these are the first 0 by name of 10000 read; use Glob to narrow down.]",
    );
  });
});

describe("Glob", () => {
  it("finds files by pattern, newest first, skipping .git and node_modules", async () => {
    await utimes(join(project.root, "src/greet.ts"), 1_000, 1_000);
    await utimes(join(project.root, "src/main.ts"), 3_000, 3_000);
    await utimes(join(project.root, "src/util/strings.ts"), 2_000, 2_000);

    const messages = await callTools(
      ["Glob", { pattern: "**/*.ts" }],
      ["Glob", { pattern: "*.ts", path: "src" }],
      ["Glob", { pattern: "**/*.rs" }],
    );

    expect(toolResultOf(messages, "call_0")).toEqual({
      content: "src/main.ts\nsrc/util/strings.ts\nsrc/greet.ts",
      isError: false,
      data: {
        filenames: ["src/main.ts", "src/util/strings.ts", "src/greet.ts"],
        numFiles: 3,
        truncated: false,
      },
    });
    expect(toolResultOf(messages, "call_1").content).toBe("src/main.ts\nsrc/greet.ts");
    expect(toolResultOf(messages, "call_2").content).toBe("No files found.");
  });

  it("answers a pattern a regular expression would backtrack on for hours, over a repository's long names", async () => {
    // A cloned repository names the files; the model (perhaps led by the repository's text) names the pattern.
    await writeFile(join(project.root, `${"a".repeat(120)}.txt`), "");
    await writeFile(join(project.root, `src/${"a".repeat(120)}b`), "");

    const messages = await callTools(
      ["Glob", { pattern: `**/${"*a".repeat(12)}*b` }],
      ["Grep", { pattern: "x", glob: `${"*a".repeat(12)}*b` }],
    );

    expect(toolResultOf(messages, "call_0").content).toBe(`src/${"a".repeat(120)}b`);
    expect(toolResultOf(messages, "call_1").content).toBe("No matches found.");
  });
});

describe("Grep", () => {
  it("lists matching files, matching lines with context, and counts", async () => {
    const messages = await callTools(
      ["Grep", { pattern: "greet" }],
      ["Grep", { pattern: "return", output_mode: "content", "-B": 1 }],
      ["Grep", { pattern: "HELLO", output_mode: "count", "-i": true }],
      ["Grep", { pattern: "greet", glob: "main.*", output_mode: "content", "-n": false }],
    );

    expect(toolResultOf(messages, "call_0").content).toBe("src/greet.ts\nsrc/main.ts");
    expect(toolResultOf(messages, "call_1").content).toBe(
      'src/greet.ts-1-export function greet(name: string) {\nsrc/greet.ts:2:  return "Hello, " + name;',
    );
    expect(toolResultOf(messages, "call_2").content).toBe("src/greet.ts:1\nsrc/util/strings.ts:1");
    expect(toolResultOf(messages, "call_3").content).toBe(
      'src/main.ts:import { greet } from "./greet.ts";\nsrc/main.ts:console.log(greet("world"));',
    );
  });

  it("reports an invalid pattern and skips binary files", async () => {
    await writeFile(join(project.root, "blob.bin"), Buffer.from("greet\0\0\0"));

    const messages = await callTools(
      ["Grep", { pattern: "(unclosed" }],
      ["Grep", { pattern: "greet", glob: "*.bin" }],
    );

    expect(toolResultOf(messages, "call_0")).toMatchObject({
      content: expect.stringMatching(/^Error: The pattern is not a valid regular expression: /),
      isError: true,
    });
    expect(toolResultOf(messages, "call_1").content).toBe(
      "No matches found.\n[1 binary, unreadable or oversized files were skipped.]",
    );
  });
});

describe("Read rules in searches", () => {
  it("leaves out of LS, Glob and Grep what a Read rule denies or asks about, and says so", async () => {
    await writeFile(join(project.root, ".env"), "GREET_TOKEN=abc\n");
    await project.write({ "secrets/key.txt": "greet with sk-secret\n" });
    const messages = await callToolsUnder(
      [
        { tool: "Read", pattern: "secrets/**", behavior: "deny" },
        { tool: "Read", pattern: ".env", behavior: "ask" },
        { tool: "Read", pattern: "src/**", behavior: "allow" },
      ],
      ["Grep", { pattern: "greet", "-i": true }],
      ["Glob", { pattern: "**/*" }],
      ["LS", {}],
    );
    const note = "[2 names were left out: a Read rule denies or asks about reading them.]";
    expect(toolResultOf(messages, "call_0").content).toBe(`src/greet.ts\nsrc/main.ts\n${note}`);
    const globbed = toolResultOf(messages, "call_1").content;
    expect(globbed).not.toContain("secrets");
    expect(globbed).not.toContain(".env");
    expect(globbed).toContain("src/greet.ts");
    expect(globbed.endsWith(note)).toBe(true);
    expect(toolResultOf(messages, "call_2").content).toBe(`.git/\nREADME.md\nnode_modules/\nsrc/\n${note}`);
  });
});

describe("Write", () => {
  it("creates a file with its folders and replaces an existing one", async () => {
    const messages = await callTools(
      ["Write", { file_path: "docs/guide/intro.md", content: "# Intro\n" }],
      ["Write", { file_path: "README.md", content: "# Renamed\n" }],
      ["Write", { file_path: "src", content: "x" }],
    );

    expect(toolResultOf(messages, "call_0")).toEqual({
      content: "Created docs/guide/intro.md (8 bytes).",
      isError: false,
      data: { type: "create", filePath: "docs/guide/intro.md", bytes: 8 },
    });
    expect(toolResultOf(messages, "call_1").content).toBe("Updated README.md (10 bytes).");
    expect(toolResultOf(messages, "call_2")).toMatchObject({
      content: "Error: src is a directory, not a file.",
      isError: true,
    });
    expect(await project.read("docs/guide/intro.md")).toBe("# Intro\n");
    expect(await project.read("README.md")).toBe("# Renamed\n");
  });
});

describe("Edit", () => {
  it("replaces an exact string once, or everywhere with replace_all", async () => {
    await project.write({ "names.txt": "alpha beta alpha\n" });

    const messages = await callTools(
      ["Edit", { file_path: "src/greet.ts", old_string: "Hello", new_string: "Hi" }],
      ["Edit", { file_path: "names.txt", old_string: "alpha", new_string: "$&gamma", replace_all: true }],
    );

    expect(toolResultOf(messages, "call_0")).toEqual({
      content: "Edited src/greet.ts: replaced 1 occurrence.",
      isError: false,
      data: { filePath: "src/greet.ts", replacements: 1 },
    });
    expect(await project.read("src/greet.ts")).toContain('return "Hi, " + name;');
    expect(await project.read("names.txt")).toBe("$&gamma beta $&gamma\n");
  });

  it("fails clearly when the string is missing or ambiguous, and leaves the file alone", async () => {
    await project.write({ "names.txt": "alpha beta alpha\n" });

    const messages = await callTools(
      ["Edit", { file_path: "names.txt", old_string: "delta", new_string: "x" }],
      ["Edit", { file_path: "names.txt", old_string: "alpha", new_string: "x" }],
      ["Edit", { file_path: "nope.txt", old_string: "a", new_string: "b" }],
      ["Edit", { file_path: "names.txt", old_string: "beta", new_string: "beta" }],
    );

    expect(toolResultOf(messages, "call_0")).toMatchObject({
      content: "Error: old_string was not found in names.txt; it must match the file exactly.",
      isError: true,
    });
    expect(toolResultOf(messages, "call_1")).toMatchObject({
      content:
        "Error: old_string occurs 2 times in names.txt; include more surrounding text to pick one, or set replace_all to replace them all.",
      isError: true,
    });
    expect(toolResultOf(messages, "call_2").content).toBe(
      "Error: File does not exist: nope.txt. Use Write to create it.",
    );
    expect(toolResultOf(messages, "call_3").content).toBe(
      "Error: old_string and new_string are the same; there is nothing to change.",
    );
    expect(await project.read("names.txt")).toBe("alpha beta alpha\n");
  });
});
