import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, realpath, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type FakeModelServer, reply, startFakeModelServer } from "@parley/testkit";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { fakeAnthropicHome, runParley } from "./support/run-parley.ts";

/**
 * `parley run --add-dir`: the file tools, Glob, Grep and Bash's redirections reach a directory outside the
 * project, and nothing else; rules name it in Claude Code's `//absolute/path` form.
 */

let scratch: string;
beforeAll(async () => {
  scratch = await realpath(await mkdtemp(join(tmpdir(), "parley-run-add-dir-")));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

let server: FakeModelServer;
let project: string;
let added: string;
let outside: string;
let env: Record<string, string>;
beforeEach(async () => {
  server = await startFakeModelServer();
  project = await mkdtemp(join(scratch, "project-"));
  added = await mkdtemp(join(scratch, "added-"));
  outside = await mkdtemp(join(scratch, "outside-"));
  await writeFile(join(added, "notes.txt"), "the added directory's notes\n");
  await writeFile(join(outside, "secret.txt"), "not for the agent\n");
  const home = await mkdtemp(join(scratch, "home-"));
  env = fakeAnthropicHome(server, home);
});
afterEach(async () => {
  await server.close();
});

const parley = (args: string[]) => runParley(scratch, args, { env, cwd: project });
/** What the model was told about its tool call, in the request after it. */
const toolResultOf = (index: number) => {
  const body = server.requests[index]?.body as { messages?: { content: unknown }[] } | undefined;
  return JSON.stringify(body?.messages?.at(-1)?.content);
};

// Each start of parley costs seconds on a loaded machine.
const SEVERAL_STARTS = 240_000;

describe("parley run --add-dir", { timeout: SEVERAL_STARTS }, () => {
  it("lets Read use the added directory and still refuses a path outside both", async () => {
    server.script(
      reply().toolCall("Read", { file_path: join(added, "notes.txt") }),
      reply().toolCall("Read", { file_path: join(outside, "secret.txt") }),
      reply().text("Done."),
    );

    const run = await parley(["-p", "Read the notes", "--add-dir", added, "--output-format", "json"]);

    expect(run.code).toBe(0);
    expect(toolResultOf(1)).toContain("the added directory's notes");
    expect(toolResultOf(2)).toContain("is absolute; file tools only work inside the project");
    expect(toolResultOf(2)).not.toContain("not for the agent");
  });

  it("does not follow a symlink in the added directory that leads out of it", async () => {
    await symlink(join(outside, "secret.txt"), join(added, "link.txt"));
    server.script(reply().toolCall("Read", { file_path: join(added, "link.txt") }), reply().text("Done."));

    const run = await parley(["-p", "Read the link", "--add-dir", added]);

    expect(run.code).toBe(0);
    expect(toolResultOf(1)).toContain("outside the added directory");
    expect(toolResultOf(1)).not.toContain("not for the agent");
  });

  it("asks before a Write in the added directory as it does in the project", async () => {
    const write = (path: string) => reply().toolCall("Write", { file_path: path, content: "new\n" });
    server.script(write(join(added, "new.txt")), write("new.txt"), reply().text("Done."));

    const asked = await parley(["-p", "Write both", "--add-dir", added]);

    // Nobody can approve here, so both writes are refused with the same advice.
    expect(asked.code).toBe(0);
    expect(existsSync(join(added, "new.txt"))).toBe(false);
    expect(existsSync(join(project, "new.txt"))).toBe(false);
    for (const index of [1, 2])
      expect(toolResultOf(index)).toContain("Parley requested permission to use Write (Write would change ");

    // Where edits are accepted, the write lands in the added directory; a protected file there still asks.
    server.script(
      write(join(added, "new.txt")),
      reply().toolCall("Write", { file_path: join(added, ".git/config"), content: "[core]\n" }),
      reply().text("Done."),
    );
    const accepted = await parley(["-p", "Write", "--add-dir", added, "--permission-mode", "acceptEdits"]);
    expect(accepted.code).toBe(0);
    expect(await readFile(join(added, "new.txt"), "utf8")).toBe("new\n");
    expect(existsSync(join(added, ".git/config"))).toBe(false);
  });

  it("lets Glob and Grep search the added directory and refuses other places outside the project", async () => {
    await writeFile(join(project, "readme.txt"), "the project's readme\n");
    await mkdir(join(added, "deep"));
    await writeFile(join(added, "deep", "more.txt"), "more notes\n");
    await symlink(outside, join(added, "out-link"));
    server.script(
      reply().toolCall("Glob", { pattern: "**/*.txt", path: added }),
      reply().toolCall("Grep", { pattern: "notes", path: added, output_mode: "content" }),
      reply().toolCall("Glob", { pattern: "**/*.txt" }),
      reply().toolCall("Grep", { pattern: "agent", path: outside }),
      reply().toolCall("Glob", { pattern: "*", path: join(added, "out-link") }),
      reply().text("Done."),
    );

    const run = await parley(["-p", "Search", "--add-dir", added]);

    expect(run.code).toBe(0);
    // The model is told where else its file tools reach.
    expect(JSON.stringify(server.requests[0]?.body)).toContain(
      `the file tools (Read, Write, Edit, LS, Glob, Grep) may use these directories, by absolute path: ${added}`,
    );
    // Hits in the added directory are named by absolute path, so Read and Edit can take them as they are.
    expect(toolResultOf(1)).toContain(join(added, "notes.txt"));
    expect(toolResultOf(1)).toContain(join(added, "deep", "more.txt"));
    expect(toolResultOf(2)).toContain(`${join(added, "notes.txt")}:1:the added directory's notes`);
    expect(toolResultOf(2)).toContain(`${join(added, "deep", "more.txt")}:1:more notes`);
    // Without a path they search the project, as before.
    expect(toolResultOf(3)).toContain("readme.txt");
    expect(toolResultOf(3)).not.toContain("notes.txt");
    expect(toolResultOf(4)).toContain(
      `is absolute; file tools only work inside the project, so give a path relative to the project root or give an absolute path inside a directory added to the session (${added})`,
    );
    expect(toolResultOf(5)).toContain("resolves through a symlink to a place outside the added directory");
    for (const index of [4, 5]) expect(toolResultOf(index)).not.toContain("secret.txt");
  });

  it("lets rules in Claude Code's //path form allow Edit there without asking, and deny Edit and reads in a folder", async () => {
    await mkdir(join(added, "private"));
    await writeFile(join(added, "private", "key.txt"), "private key\n");
    server.script(
      reply().toolCall("Edit", {
        file_path: join(added, "notes.txt"),
        old_string: "notes",
        new_string: "edited notes",
      }),
      reply().toolCall("Edit", {
        file_path: join(added, "private", "key.txt"),
        old_string: "private",
        new_string: "leaked",
      }),
      reply().toolCall("Read", { file_path: join(added, "private", "key.txt") }),
      reply().toolCall("Grep", { pattern: "key", path: join(added, "private") }),
      reply().toolCall("Read", { file_path: join(added, "notes.txt") }),
      reply().text("Done."),
    );

    const run = await parley([
      "-p",
      "Edit the notes",
      "--add-dir",
      added,
      "--allowedTools",
      `Edit(/${added}/**)`,
      "--disallowedTools",
      `Edit(/${added}/private/**) Read(/${added}/private/**)`,
    ]);

    expect(run.code).toBe(0);
    expect(await readFile(join(added, "notes.txt"), "utf8")).toBe("the added directory's edited notes\n");
    expect(toolResultOf(2)).toContain(`Edit is denied by the project rule Edit(/${added}/private/**)`);
    expect(await readFile(join(added, "private", "key.txt"), "utf8")).toBe("private key\n");
    // A Read rule covers every tool that reads files, as in Claude Code.
    expect(toolResultOf(3)).toContain(`Read is denied by the project rule Read(/${added}/private/**)`);
    expect(toolResultOf(4)).toContain(`Grep is denied by the project rule Read(/${added}/private/**)`);
    for (const index of [3, 4]) expect(toolResultOf(index)).not.toContain("private key");
    expect(toolResultOf(5)).toContain("edited notes");
  });

  it("treats a Bash redirection into the added directory as a write there, asking unless edits or a rule allow it", async () => {
    const into = (text: string) =>
      reply().toolCall("Bash", { command: `echo ${text} >> ${join(added, "out.txt")}` });
    const echo = "Bash(echo:*)";
    server.script(into("asked"), reply().text("Done."));

    const asked = await parley(["-p", "Write", "--add-dir", added, "--allowedTools", echo]);

    expect(asked.code).toBe(0);
    expect(toolResultOf(1)).toContain(
      `writes ${join(added, "out.txt")}, and writing a file needs its own approval (an Edit rule for it, or acceptEdits mode)`,
    );
    expect(existsSync(join(added, "out.txt"))).toBe(false);

    server.script(into("accepted"), reply().text("Done."));
    const accepted = await parley([
      ...["-p", "Write", "--add-dir", added, "--allowedTools", echo],
      ...["--permission-mode", "acceptEdits"],
    ]);
    expect(accepted.code).toBe(0);

    const before = server.requests.length;
    server.script(
      into("ruled"),
      reply().toolCall("Bash", { command: `cd ${added} && ls` }),
      reply().toolCall("Bash", { command: `echo out > ${join(outside, "x.txt")}` }),
      reply().text("Done."),
    );
    const ruled = await parley([
      ...["-p", "Write", "--add-dir", added],
      ...["--allowedTools", `${echo} Bash(ls:*) Edit(/${added}/**)`],
    ]);
    expect(ruled.code).toBe(0);
    expect(await readFile(join(added, "out.txt"), "utf8")).toBe("accepted\nruled\n");
    // A cd into the added directory needs no rule of its own; a directory that was not added stays outside.
    expect(toolResultOf(before + 2)).toContain("notes.txt");
    expect(toolResultOf(before + 3)).toContain("writes outside the project and any directory added to it");
    expect(existsSync(join(outside, "x.txt"))).toBe(false);
  });

  it("refuses a directory that does not exist, with exit 2", async () => {
    const run = await parley(["-p", "hi", "--add-dir", join(scratch, "missing")]);

    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`--add-dir: "${join(scratch, "missing")}" is not a directory`);
    expect(server.requests).toHaveLength(0);
  });
});
