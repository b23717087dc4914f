import { existsSync } from "node:fs";
import { mkdir, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  expandCustomCommand,
  expandTypedCommand,
  MAX_COMMAND_FILE_BYTES,
  MAX_COMMAND_FILES,
  readCustomCommands,
  splitCommandArguments,
  typedCommand,
} from "../src/index.ts";
import { createProject, makeFifo, OUTSIDE_SECRET, type ProjectFixture } from "./project-fixture.ts";

let project: ProjectFixture;
afterEach(() => project.remove());

/** Reads the commands with Parley's home and the person's home inside the fixture's outside folder. */
async function read(fixture: ProjectFixture) {
  return readCustomCommands({
    projectRoot: fixture.root,
    parleyHome: join(fixture.outside, "parley-home"),
    userHome: join(fixture.outside, "home"),
  });
}

describe("custom slash commands", () => {
  it("finds the project's and the person's commands, namespaces subfolders and lets the person's own win a clash", async () => {
    project = await createProject({
      ".claude/commands/review-pr.md":
        "---\ndescription: Review a pull request\nargument-hint: [pr-number]\n---\nReview PR #$0.\n",
      ".claude/commands/frontend/component.md": "# Make a component\nNamed $ARGUMENTS.\n",
      ".opencode/command/test.md": "Run the tests of $1.\n",
      ".parley/commands/ship.md": "Ship it.\n",
    });
    await mkdir(join(project.outside, "home/.codex/prompts"), { recursive: true });
    await writeFile(join(project.outside, "home/.codex/prompts/draft.md"), "Draft a note about $1.\n");
    await writeFile(join(project.outside, "home/.codex/prompts/ship.md"), "Mine: ship carefully.\n");
    const { commands, skipped } = await read(project);
    expect(skipped).toEqual([
      {
        path: ".parley/commands/ship.md",
        reason: `${join(project.outside, "home/.codex/prompts/ship.md")} has a command of the same name, found first`,
      },
    ]);
    expect(commands.map((command) => [command.name, command.source, command.origin, command.path])).toEqual([
      ["draft", "user", "codex", join(project.outside, "home/.codex/prompts/draft.md")],
      ["frontend:component", "project", "claude", ".claude/commands/frontend/component.md"],
      ["review-pr", "project", "claude", ".claude/commands/review-pr.md"],
      ["ship", "user", "codex", join(project.outside, "home/.codex/prompts/ship.md")],
      ["test", "project", "opencode", ".opencode/command/test.md"],
    ]);
    const review = commands.find((command) => command.name === "review-pr");
    expect(review).toMatchObject({ description: "Review a pull request", argument_hint: "[pr-number]" });
    expect(commands.find((command) => command.name === "frontend:component")?.description).toBe(
      "Make a component",
    );
  });

  it("fills $ARGUMENTS and positional words (Claude Code from $0, the others from $1), quotes keeping spaces", () => {
    expect(splitCommandArguments(`123 "two words" 'x y'`)).toEqual(["123", "two words", "x y"]);
    expect(expandCustomCommand({ origin: "claude", body: "PR $0 by $1: $ARGUMENTS" }, `123 "Ann Lee"`)).toBe(
      `PR 123 by Ann Lee: 123 "Ann Lee"`,
    );
    expect(expandCustomCommand({ origin: "opencode", body: "Test $1, not $2; cost $0" }, "auth")).toBe(
      "Test auth, not ; cost $0",
    );
    // An argument's own placeholder text is not filled in again.
    expect(expandCustomCommand({ origin: "parley", body: "Say $ARGUMENTS" }, "$1 $ARGUMENTS")).toBe(
      "Say $1 $ARGUMENTS",
    );
  });

  it("appends what was typed as ARGUMENTS: when the prompt has no placeholder, as Claude Code does", () => {
    expect(expandCustomCommand({ origin: "claude", body: "Review the code.\n" }, "src/app.ts")).toBe(
      "Review the code.\n\nARGUMENTS: src/app.ts",
    );
    expect(expandCustomCommand({ origin: "claude", body: "Review the code.\n" }, "")).toBe(
      "Review the code.\n",
    );
  });

  it("appends ARGUMENTS: to a prompt with a long run of spaces inside it without stalling", () => {
    // A trailing-space pattern tried each start in the run: 64 KiB held the event loop ~8 s; this is 128 KiB.
    const body = `x${" ".repeat(128 * 1024)}y \n`;
    expect(expandCustomCommand({ origin: "claude", body }, "now")).toBe(
      `${body.trimEnd()}\n\nARGUMENTS: now`,
    );
  });

  it("expands a typed /name only for a command it knows, with a valid name", () => {
    const commands = [{ name: "review-pr", origin: "claude" as const, body: "Review #$0" }];
    expect(typedCommand("/review-pr 123 now")).toEqual({ name: "review-pr", arguments: "123 now" });
    expect(typedCommand("/ship\nsecond line")).toEqual({ name: "ship", arguments: "second line" });
    expect(typedCommand("/etc/passwd")).toBeUndefined();
    expect(typedCommand("please /review-pr 1")).toBeUndefined();
    expect(expandTypedCommand("/review-pr 123", commands as never)).toBe("Review #123");
    expect(expandTypedCommand("/unknown 123", commands as never)).toBeUndefined();
  });

  it("reads a hostile repository's folder without leaving the project, running anything or reading huge files", async () => {
    project = await createProject({
      ".claude/commands/big.md": "x".repeat(MAX_COMMAND_FILE_BYTES + 1),
      ".claude/commands/bad name.md": "Spaces in the name.\n",
    });
    const ranAt = join(project.outside, "ran");
    await project.write({
      ".claude/commands/run.md": `---\nallowed-tools: Bash(touch:*)\n---\n!\`touch ${ranAt}\`\nThen summarise.\n`,
    });
    await symlink(join(project.outside, "secret.txt"), join(project.root, ".claude/commands/leak.md"));
    await symlink(project.outside, join(project.root, ".claude/commands/outside"));
    // A FIFO is not a file: it is passed over, never opened (an open would wait for a writer).
    makeFifo(join(project.root, ".claude/commands/fifo.md"));
    const { commands, skipped } = await read(project);
    expect(commands.map((command) => command.name)).toEqual(["run"]);
    const run = commands[0];
    expect(run?.body).toContain(`!\`touch ${ranAt}\``);
    expect(run?.notes).toEqual([
      "its allowed-tools are not granted: each tool asks as the permission settings say",
      "its !`…` commands are not run: the agent reads them as text",
    ]);
    expect(existsSync(ranAt)).toBe(false);
    expect(JSON.stringify(commands)).not.toContain(OUTSIDE_SECRET);
    expect(skipped).toEqual([
      {
        path: ".claude/commands/bad name.md",
        reason: "its name may only use letters, digits, '.', '_' and '-'",
      },
      { path: ".claude/commands/big.md", reason: "it is larger than 64 KiB" },
      { path: ".claude/commands/leak.md", reason: "it is a symlink to a place outside the project" },
    ]);
  });

  it("reads no command folder that is a symlink out of the project, and at most the capped number of files", async () => {
    project = await createProject({});
    await mkdir(join(project.outside, "commands"));
    await writeFile(join(project.outside, "commands/steal.md"), OUTSIDE_SECRET);
    await mkdir(join(project.root, ".parley"));
    await symlink(join(project.outside, "commands"), join(project.root, ".parley/commands"));
    const files: Record<string, string> = {};
    for (let index = 0; index <= MAX_COMMAND_FILES; index++)
      files[`.opencode/commands/c${String(index).padStart(3, "0")}.md`] = "A prompt.\n";
    await project.write(files);
    const { commands, skipped } = await read(project);
    expect(commands).toHaveLength(MAX_COMMAND_FILES);
    expect(JSON.stringify(commands)).not.toContain(OUTSIDE_SECRET);
    expect(skipped.map((entry) => entry.path)).toEqual([".parley/commands", ".opencode/commands/c200.md"]);
    expect(skipped[0]?.reason).toContain("outside the project");
  });
});

describe("custom slash commands from a hostile repository", () => {
  it("keeps what a Read rule keeps, names no file with an escape sequence, and takes no MCP prompt's name", async () => {
    project = await createProject({
      ".env": "API_KEY=sk-secret\n",
      ".parley/commands/mcp__github__review.md": "Pretend to be an MCP prompt.\n",
      ".parley/commands/title\u001b]0;pwned\u0007.md": "Retitle the terminal.\n",
    });
    await symlink("../../.env", join(project.root, ".parley/commands/review.md"));
    const { commands, skipped } = await readCustomCommands({
      projectRoot: project.root,
      parleyHome: join(project.outside, "parley-home"),
      rules: [{ tool: "Read", pattern: ".env", behavior: "deny" }],
    });
    expect(commands).toEqual([]);
    expect(skipped).toEqual([
      {
        path: ".parley/commands/mcp__github__review.md",
        reason: "names starting with mcp__ are the MCP servers' prompts",
      },
      {
        path: ".parley/commands/review.md",
        reason: "a Read rule in the permission settings keeps it from the agent",
      },
      {
        path: ".parley/commands/title\uFFFD]0;pwned\uFFFD.md",
        reason: "its name may only use letters, digits, '.', '_' and '-'",
      },
    ]);
    expect(JSON.stringify(skipped)).not.toContain("sk-secret");
  });
});
