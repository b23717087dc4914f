import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { startCliProcess } from "../src/cli-process.ts";
import { OpenCodeRunParser } from "../src/index.ts";
import { runCli } from "../src/run-cli.ts";

/** The subprocess plumbing every adapter shares, with real processes (node scripts) standing in for a CLI. */

const node = process.execPath;
const base = { cwd: tmpdir(), env: process.env, timeoutMs: 30_000 };

/** Whether a process still runs; a zombie (killed, not yet reaped by a parent that may never wait) does not. */
function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return !/^\d+ \(.*\) [ZX]/.test(stat);
  } catch {
    return false;
  }
}

describe("running an agent CLI", () => {
  it("says the CLI is not installed when its command does not exist", async () => {
    const run = runCli(
      "OpenCode",
      { ...base, command: "/nonexistent/opencode", args: [] },
      new OpenCodeRunParser(),
    );
    expect(await run.result).toEqual({
      success: false,
      session_id: null,
      error_message: 'OpenCode is not installed: the command "/nonexistent/opencode" was not found',
      response_parts: [],
    });
  });

  it("stops a CLI that hangs at the timeout, with the tools it started, and says so with its stderr", async () => {
    const folder = mkdtempSync(join(tmpdir(), "agent-clis-hang-"));
    const pidFile = join(folder, "child.pid");
    const script = `
      const { spawn } = require("node:child_process");
      const child = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
      require("node:fs").writeFileSync(${JSON.stringify(pidFile)}, String(child.pid));
      process.stderr.write("waiting for the model\\n");
      setInterval(() => {}, 1000);`;
    const run = runCli(
      "Codex",
      { ...base, command: node, args: ["-e", script], timeoutMs: 1500 },
      new OpenCodeRunParser(),
    );
    const result = await run.result;
    expect(result.success).toBe(false);
    expect(result.error_message).toBe(
      "Codex did not finish within 2 s and was stopped\n\nCodex stderr:\nwaiting for the model",
    );
    // The signal reached the whole group at once; the grandchild may take a moment to act on it.
    await expect.poll(() => isAlive(Number(readFileSync(pidFile, "utf8")))).toBe(false);
  });

  it("cancels a run when its signal aborts and streams the parts that came before", async () => {
    const controller = new AbortController();
    const line = JSON.stringify({
      type: "text",
      timestamp: 5,
      sessionID: "ses_1",
      part: { id: "prt_1", type: "text", text: "partial" },
    });
    const script = `console.log(${JSON.stringify(line)}); setInterval(() => {}, 1000);`;
    const run = runCli(
      "OpenCode",
      { ...base, command: node, args: ["-e", script], signal: controller.signal },
      new OpenCodeRunParser(),
    );
    for await (const part of run) {
      expect(part.text).toBe("partial");
      controller.abort();
    }
    expect(await run.result).toMatchObject({
      success: false,
      session_id: "ses_1",
      error_message: "OpenCode was cancelled",
      response_parts: [{ text: "partial", part_type: "final", part_id: "prt_1" }],
    });
  });

  it("adds the caller's hint to the error of a CLI that ran and failed, not to one that never started", async () => {
    const hint = "Parley did not pass ANTHROPIC_API_KEY on.";
    const failed = runCli(
      "Claude Code",
      { ...base, command: node, args: ["-e", "process.stderr.write('invalid key'); process.exit(1)"] },
      new OpenCodeRunParser(),
      hint,
    );
    expect((await failed.result).error_message).toBe(
      `Claude Code exited with code 1\n\n${hint}\n\nClaude Code stderr:\ninvalid key`,
    );
    const missing = runCli(
      "Claude Code",
      { ...base, command: "/nonexistent/claude", args: [] },
      new OpenCodeRunParser(),
      hint,
    );
    expect((await missing.result).error_message).not.toContain(hint);
  });

  it("keeps only the end of a long stderr", async () => {
    const script = `process.stderr.write("x".repeat(50000) + "END"); process.exit(3);`;
    const process_ = startCliProcess({ ...base, command: node, args: ["-e", script], stderrLimit: 100 });
    for await (const _ of process_.lines) {
      // No stdout.
    }
    const exit = await process_.exit;
    expect(exit).toMatchObject({ end: "exited", code: 3 });
    expect(exit.stderr).toHaveLength(100);
    expect(exit.stderr.endsWith("END")).toBe(true);
  });

  it("passes the message on stdin and the given environment through", async () => {
    const script = `
      let input = "";
      process.stdin.on("data", (chunk) => (input += chunk));
      process.stdin.on("end", () => console.log(JSON.stringify({
        type: "text", sessionID: "s", part: { id: "p", text: input + "|" + process.env.PARLEY_TEST_MARKER },
      })));`;
    const run = runCli(
      "OpenCode",
      {
        ...base,
        command: node,
        args: ["-e", script],
        stdin: "-starts with a dash",
        env: { ...process.env, PARLEY_TEST_MARKER: "kept" },
      },
      new OpenCodeRunParser(() => 7),
    );
    expect((await run.result).response_parts).toEqual([
      { text: "-starts with a dash|kept", timestamp: 7, part_type: "final", part_id: "p" },
    ]);
  });
});

describe("discovering agent CLIs", () => {
  const folder = mkdtempSync(join(tmpdir(), "agent-clis-bin-"));
  const fakeCli = (name: string, version: string): void => {
    writeFileSync(join(folder, name), `#!/bin/sh\necho "${version}"\n`, { mode: 0o755 });
  };

  it("finds an installed CLI on PATH with its version, and flags one that is too old", async () => {
    const { CodexCli, GeminiCli } = await import("../src/index.ts");
    fakeCli("codex", "codex-cli 0.170.2");
    fakeCli("gemini", "0.12.0");
    const env = { PATH: folder };
    expect(await new CodexCli({ env }).discover()).toMatchObject({
      availability: "installed",
      path: join(folder, "codex"),
      version: "0.170.2",
    });
    expect(await new GeminiCli({ env }).discover()).toMatchObject({
      availability: "too_old",
      version: "0.12.0",
      message: "Gemini CLI 0.12.0 is older than 0.61.0, the oldest version Parley supports; update it.",
    });
  });

  it("reports a missing CLI with how to install it", async () => {
    const { discoverAgentClis } = await import("../src/index.ts");
    const statuses = await discoverAgentClis({ PATH: folder });
    expect(statuses[0]).toMatchObject({
      name: "claude-code",
      availability: "missing",
      message:
        "Claude Code was not found (claude); install it with npm install -g @anthropic-ai/claude-code or set its path.",
    });
  });
});
