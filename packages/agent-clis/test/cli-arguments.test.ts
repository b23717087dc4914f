import { mkdirSync, mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AgentCliName } from "@parley/protocol";
import { readChildProcessRecord, writeRecordingProgram } from "@parley/testkit";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type AgentCli, createAgentCli, OpenCodeCli } from "../src/index.ts";

/**
 * What each adapter puts on its CLI's command line and environment, seen by a fake CLI that records how it
 * was started: the project as cwd and PWD, values as `--flag=value`, the message never as an argument.
 */

let root = "";
let project = "";
let record = "";
let command = "";
beforeEach(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), "agent-clis-arguments-")));
  project = join(root, "project");
  mkdirSync(project);
  record = join(root, "record.json");
  command = writeRecordingProgram(join(root, "recording-cli"), record);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

// The parent's PWD is where Parley was started, not the project. These are the headless command lines; over
// ACP (acp-real.test.ts) values travel as JSON-RPC params.
const cliNamed = (name: AgentCliName): AgentCli =>
  createAgentCli(name, { command, env: { PATH: process.env.PATH, PWD: root }, protocol: "stream-json" });

const message = "--yolo: read this as text";

describe("the command line of each agent CLI", () => {
  it.each([
    [
      "claude-code",
      [
        "-p",
        "--output-format",
        "stream-json",
        "--verbose",
        "--resume=ses_1",
        "--model=fast",
        "--agent=reviewer",
      ],
    ],
    [
      "opencode",
      ["run", "--format", "json", "--thinking", "--session=ses_1", "--model=fast", "--agent=reviewer"],
    ],
    [
      "codex",
      [
        "exec",
        "resume",
        "ses_1",
        "--json",
        "--skip-git-repo-check",
        "--model=fast",
        "--profile=reviewer",
        "-",
      ],
    ],
    ["gemini", ["--output-format", "stream-json", "--skip-trust", "--resume=ses_1", "--model=fast"]],
  ] as const)(
    "%s runs in the project (cwd and PWD), values as --flag=value, the message on stdin",
    async (name, argv) => {
      const run = cliNamed(name).runAgent({
        message,
        sessionId: "ses_1",
        model: "fast",
        agent: "reviewer",
        cwd: project,
      });
      await run.result;
      const started = readChildProcessRecord(record);
      expect(started?.cwd).toBe(project);
      expect(started?.env.PWD).toBe(project);
      expect(started?.argv).toEqual(argv);
      expect(started?.stdin).toBe(message);
    },
  );

  it.each([
    ["model", { model: "--yolo" }, "the model \"--yolo\" must not start with '-'"],
    ["agent", { agent: "-x" }, "the agent \"-x\" must not start with '-'"],
    ["session id", { sessionId: "--help" }, "the session id \"--help\" must not start with '-'"],
    ["model", { model: "fast\nrm" }, 'the model "fast\\nrm" must not contain control characters'],
  ])("refuses a %s the CLI would read as an option, without starting it", async (_what, values, reason) => {
    const result = await cliNamed("claude-code").runAgent({ message: "hi", cwd: project, ...values }).result;
    expect(result.success).toBe(false);
    expect(result.error_message).toContain(`Claude Code was not started: ${reason}`);
    expect(readChildProcessRecord(record)).toBeUndefined();
  });

  it("refuses to export an OpenCode session whose id reads as an option", async () => {
    const cli = new OpenCodeCli({ command, env: { PATH: process.env.PATH } });
    const exported = await cli.exportSession("--help", project);
    expect(exported).toMatchObject({
      success: false,
      error_message: expect.stringContaining("must not start with '-'"),
    });
    expect(readChildProcessRecord(record)).toBeUndefined();
  });
});
