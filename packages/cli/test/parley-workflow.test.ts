import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startParleyServer } from "@parley/server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

const bin = fileURLToPath(new URL("../bin/parley.js", import.meta.url));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

describe("parley workflow", () => {
  let root: string;
  let project: string;
  let home: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), "parley-workflow-cli-"));
    project = join(root, "project");
    home = join(root, "home");
    mkdirSync(join(project, ".parley", "workflows"), { recursive: true });
    mkdirSync(home);
    writeFileSync(
      join(project, ".parley", "workflows", "greet.yaml"),
      `name: greet
description: Says hello
inputs:
  who: { type: string }
steps:
  - id: hello
    name: Greet
    run: echo "hello \${{ inputs.who }}" > greeting.txt && cat greeting.txt
`,
    );
    writeFileSync(
      join(project, ".parley", "workflows", "wait.yaml"),
      "name: wait\nsteps:\n  - id: wait\n    run: sh -c 'while [ ! -f go ]; do sleep 0.02; done'\n",
    );
    writeFileSync(join(project, ".parley", "workflows", "broken.yaml"), "name: broken\nsteps: []\n");
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  /** Runs the real `parley` binary in the project with only this environment. */
  async function parley(args: string[]): Promise<Run> {
    const child = spawn(process.execPath, [bin, "workflow", ...args], {
      cwd: project,
      env: { PATH: process.env.PATH ?? "", HOME: root, PARLEY_HOME: home, PARLEY_MODEL: "demo" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString("utf8");
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
    });
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    return { code, stdout, stderr };
  }

  /** Lets the project's shell commands run unasked (a rule a person would add once). */
  async function allowShell(): Promise<void> {
    const server = await startParleyServer({ projectRoot: project, home, port: 0, env: {} });
    server.context.store.transaction(() =>
      server.context.store.permissionRules.add(
        server.context.projectRoot,
        { tool: "Bash", behavior: "allow" },
        { id: "rule_test", source: "api", nowMs: Date.now() },
      ),
    );
    await server.close();
  }

  it("lists the workflows and the invalid files, and with no server running runs one to completion in-process", async () => {
    const list = await parley(["list"]);
    expect(list.code).toBe(0);
    expect(list.stdout).toContain("greet  Says hello");
    expect(list.stdout).toMatch(/\ninvalid .*broken\.yaml:\n {2}line 2, column 8: steps: .*\n/);

    // Running a file with mistakes names the file and each mistake, not "does not exist".
    const broken = await parley(["run", "broken"]);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(
      /^parley: workflow "broken" cannot run: .*broken\.yaml has a mistake:\n {2}line 2, column 8: steps: /,
    );

    await allowShell();
    const run = await parley(["run", "greet", "--input", "who=world"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Started greet \(wfx_\w+\) in session ses_\w+\n/);
    expect(run.stdout).toContain("[✓] Greet completed\nworkflow Completed\n");

    const status = await parley(["status"]);
    expect(status.stdout).toMatch(/^wfx_\w+ {2}greet {2}Completed {2}1\/1\n$/);

    const missing = await parley(["run", "greet"]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('"who" is required');
  }, 60_000);

  it("pauses a step that needs an approval nobody can give in-process, and says how to go on", async () => {
    const run = await parley(["run", "greet", "--input", "who=you"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("A step waits for your approval");
    expect(run.stdout).toMatch(/greet {2}Paused {2}0\/1 at Greet\n/);
    expect(run.stdout).toContain("Resume it with: parley workflow resume wfx_");
  }, 60_000);

  it("talks to the server that serves the project: run detached, pause now, then cancel", async () => {
    const server = await startParleyServer({ projectRoot: project, home, port: 0, env: {} });
    try {
      server.context.store.transaction(() =>
        server.context.store.permissionRules.add(
          server.context.projectRoot,
          { tool: "Bash", behavior: "allow" },
          { id: "rule_test", source: "api", nowMs: Date.now() },
        ),
      );
      const run = await parley(["run", "wait", "--detach"]);
      expect(run.code).toBe(0);
      const id = /\((wfx_\w+)\)/.exec(run.stdout)?.[1] as string;
      expect(server.context.workflows.get(id).execution.status).toBe("Running");

      const paused = await parley(["pause", id, "--now"]);
      expect(paused.code).toBe(0);
      expect(paused.stdout).toContain(`${id}  wait  Paused  0/1 at wait`);
      expect(server.context.workflows.get(id).execution.status).toBe("Paused");

      const cancelled = await parley(["cancel", id]);
      expect(cancelled.stdout).toContain(`${id}  wait  Cancelled`);
      const again = await parley(["resume", id]);
      expect(again.code).toBe(1);
      expect(again.stderr).toContain("it is Cancelled");
    } finally {
      await server.close();
    }
  }, 60_000);
});
