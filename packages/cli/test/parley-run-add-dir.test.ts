import { existsSync } from "node:fs";
import { mkdtemp, readFile, realpath, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type FakeModelServer, reply, startFakeModelServer } from "@parley/testkit";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { fakeAnthropicHome, runParley } from "./support/run-parley.ts";

/** `parley run --add-dir`: the file tools reach a directory outside the project, and nothing else. */

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

  it("refuses a directory that does not exist, with exit 2", async () => {
    const run = await parley(["-p", "hi", "--add-dir", join(scratch, "missing")]);

    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`--add-dir: "${join(scratch, "missing")}" is not a directory`);
    expect(server.requests).toHaveLength(0);
  });
});
