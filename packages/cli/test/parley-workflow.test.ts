import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ParleyClient } from "@parley/sdk";
import { type ParleyServer, startParleyServer } from "@parley/server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { GREET_WORKFLOW } from "./support/greet-workflow.ts";

const bin = fileURLToPath(new URL("../bin/parley.js", import.meta.url));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A `parley` process the test watches and may type into. */
interface Launched {
  /** Resolves with the output so far once it matches. */
  waitFor: (pattern: RegExp) => Promise<string>;
  type: (text: string) => void;
  done: Promise<Run>;
}

/** Terminal output as a person reads it: no carriage returns, no cursor movements. */
function readable(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: terminal escape sequences are what is removed
  return text.replace(/\r/g, "").replace(/\x1b\[[0-9;?]*[A-Za-z]/g, "");
}

function shellQuote(word: string): string {
  return `'${word.replaceAll("'", "'\\''")}'`;
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
    writeFileSync(join(project, ".parley", "workflows", "greet.yaml"), GREET_WORKFLOW);
    writeFileSync(
      join(project, ".parley", "workflows", "wait.yaml"),
      "name: wait\nsteps:\n  - id: wait\n    run: sh -c 'while [ ! -f go ]; do sleep 0.02; done'\n",
    );
    writeFileSync(join(project, ".parley", "workflows", "broken.yaml"), "name: broken\nsteps: []\n");
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  /**
   * Starts the real `parley` binary in the project with only this environment: stdin is /dev/null, or with
   * `terminal` a pseudo-terminal (util-linux `script`) the test types into, as a person would.
   */
  function launch(args: string[], options: { terminal?: boolean } = {}): Launched {
    const env = { PATH: process.env.PATH ?? "", HOME: root, PARLEY_HOME: home, PARLEY_MODEL: "demo" };
    const argv = [process.execPath, bin, "workflow", ...args];
    const child = options.terminal
      ? spawn("script", ["-qec", argv.map(shellQuote).join(" "), "/dev/null"], {
          cwd: project,
          env,
          stdio: ["pipe", "pipe", "pipe"],
        })
      : spawn(argv[0] as string, argv.slice(1), { cwd: project, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    const waiters: { pattern: RegExp; resolve: (text: string) => void }[] = [];
    const settle = () => {
      for (const waiter of [...waiters]) {
        if (!waiter.pattern.test(stdout)) continue;
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(stdout);
      }
    };
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += readable(chunk.toString("utf8"));
      settle();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
    });
    const done = new Promise<Run>((resolve) =>
      child.on("close", (code) => resolve({ code, stdout, stderr: readable(stderr) })),
    );
    return {
      waitFor: (pattern) =>
        new Promise((resolve, reject) => {
          waiters.push({ pattern, resolve });
          settle();
          void done.then((run) =>
            reject(new Error(`parley ended without ${pattern}:\n${run.stdout}${run.stderr}`)),
          );
        }),
      type: (text) => child.stdin?.write(text),
      done,
    };
  }

  /** Runs the real `parley` binary to its end. */
  const parley = (args: string[]) => launch(args).done;

  /** Lets the project's shell commands run unasked (a rule a person would add once). */
  function allowEverything(server: ParleyServer): void {
    server.context.store.transaction(() =>
      server.context.store.permissionRules.add(
        server.context.projectRoot,
        { tool: "Bash", behavior: "allow" },
        { id: "rule_test", source: "api", nowMs: Date.now() },
      ),
    );
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

    const setUp = await startParleyServer({ projectRoot: project, home, port: 0, env: {} });
    allowEverything(setUp);
    await setUp.close();
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
  }, 180_000);

  it("with no server and no terminal, says what waits, pauses, and says how to go on: resume unattended completes it", async () => {
    const run = await parley(["run", "greet", "--input", "who=you"]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      `[?] Step "Greet" waits for your approval to run Bash:\n      echo "hello you" > greeting.txt && cat greeting.txt\n    Why it asks: it runs a shell command\n`,
    );
    expect(run.stdout).toMatch(/greet {2}Paused {2}0\/1 at Greet\n/);
    // The stopped step says why it stopped: nobody pressed Pause now.
    expect(run.stdout).toContain("stopped: it waited for an approval nobody could give here");
    const id = /\((wfx_\w+)\)/.exec(run.stdout)?.[1] as string;
    expect(run.stderr).toContain("Nobody can answer it here");
    expect(run.stderr).toContain(`answer it in a terminal: parley workflow resume ${id}\n`);
    expect(run.stderr).toContain(`parley workflow resume ${id} --permission-mode bypassPermissions\n`);

    const resumed = await parley(["resume", id, "--permission-mode", "bypassPermissions"]);
    expect(resumed.stderr).toBe("");
    expect(resumed.code).toBe(0);
    // Resumed, the step is pending again: no stale "stopped" beside it.
    expect(resumed.stdout).toMatch(
      new RegExp(`^${id} {2}greet {2}Running {2}0/1 at Greet\\n {2}\\[ \\] Greet\\n`),
    );
    expect(resumed.stdout).toContain("[✓] Greet completed\nworkflow Completed\n");
    expect(readFileSync(join(project, "greeting.txt"), "utf8")).toBe("hello you\n");
  }, 180_000);

  it("shows a repository's workflow command in full when it asks: a carriage return or escape sequence in it cannot hide what runs", async () => {
    // As YAML writes them: "\r" and "\e[2K" would return to the start of the line and erase it, so a
    // terminal obeying them would show only the harmless-looking tail; "\e]0;…\a" retitles the window.
    writeFileSync(
      join(project, ".parley", "workflows", "sneaky.yaml"),
      'name: sneaky\nsteps:\n  - id: sneak\n    name: "Tidy\\e]0;pwned\\a"\n    run: "touch pwned\\r\\e[2K      echo tidy"\n',
    );
    const run = await parley(["run", "sneaky"]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      `[?] Step "Tidy�]0;pwned�" waits for your approval to run Bash:\n      touch pwned\\r\\e[2K      echo tidy\n`,
    );
    expect(run.stdout).toContain("  sneaky  Paused  0/1 at Tidy�]0;pwned�\n  [‖] Tidy�]0;pwned�\n");
    expect(existsSync(join(project, "pwned"))).toBe(false);
  }, 180_000);

  it("talks to the server that serves the project: run detached, pause (after the step, then now), resume, cancel", async () => {
    const server = await startParleyServer({ projectRoot: project, home, port: 0, env: {} });
    try {
      allowEverything(server);
      const run = await parley(["run", "wait", "--detach"]);
      expect(run.code).toBe(0);
      const id = /\((wfx_\w+)\)/.exec(run.stdout)?.[1] as string;
      expect(server.context.workflows.get(id).execution.status).toBe("Running");

      const pausing = await parley(["pause", id]);
      expect(pausing.stdout).toContain(`${id}  wait  Running, pausing after this step  0/1 at wait\n`);
      const paused = await parley(["pause", id, "--now"]);
      expect(paused.code).toBe(0);
      expect(paused.stdout).toContain(`${id}  wait  Paused  0/1 at wait\n`);
      expect(paused.stdout).toContain("stopped: `parley workflow pause --now` was used");
      expect(server.context.workflows.get(id).execution.status).toBe("Paused");

      const resumed = await parley(["resume", id, "--detach"]);
      expect(resumed.stdout).toBe(`${id}  wait  Running  0/1 at wait\n  [ ] wait\n`);
      const cancelled = await parley(["cancel", id]);
      expect(cancelled.stdout).toContain(`${id}  wait  Cancelled`);
      const again = await parley(["resume", id]);
      expect(again.code).toBe(1);
      expect(again.stderr).toContain("it is Cancelled");
    } finally {
      await server.close();
    }
  }, 180_000);

  it("with a server running, says what waits and on which web UI page, and `status` says so too; an answer there lets it go on", async () => {
    const server = await startParleyServer({ projectRoot: project, home, port: 0, env: {} });
    try {
      const run = launch(["run", "greet", "--input", "who=web"]);
      const shown = await run.waitFor(/Answer it in the web UI: .*\n/);
      const session = /in session (ses_\w+)/.exec(shown)?.[1] as string;
      const id = /\((wfx_\w+)\)/.exec(shown)?.[1] as string;
      expect(shown).toContain(
        `[?] Step "Greet" waits for your approval to run Bash:\n      echo "hello web" > greeting.txt && cat greeting.txt\n    Why it asks: it runs a shell command\n    Answer it in the web UI: ${server.url}/sessions/${session}\n`,
      );
      const status = await parley(["status", id]);
      expect(status.stdout).toContain(`${id}  greet  Running  0/1 at Greet, waiting for your approval\n`);
      expect(status.stdout).toContain(`Answer it in the web UI: ${server.url}/sessions/${session}\n`);

      const [pending] = server.context.store.approvals.byRun(`${id}.hello.1`);
      // The person answers on the session's page (the same API call the web UI makes).
      await new ParleyClient({ baseUrl: server.url, token: server.token }).answerApproval(
        pending?.id as string,
        {
          decision: "approve",
        },
      );
      const done = await run.done;
      expect(done.code).toBe(0);
      expect(done.stdout).toContain("[✓] Greet completed\nworkflow Completed\n");
    } finally {
      await server.close();
    }
  }, 180_000);

  it("in a terminal, asks about the waiting command there: always allows it and saves the rule", async () => {
    writeFileSync(
      join(project, ".parley", "workflows", "lint.yaml"),
      "name: lint\nsteps:\n  - id: lint\n    run: echo linted\n",
    );
    const server = await startParleyServer({ projectRoot: project, home, port: 0, env: {} });
    try {
      const run = launch(["run", "lint"], { terminal: true });
      await run.waitFor(/Allow it\? \[y\] yes, once {2}\[a\] always: Bash\(echo linted\) {2}\[n\] no › /);
      run.type("maybe\n");
      await run.waitFor(/Answer y, a or n\.\n/);
      run.type("a\n");
      const done = await run.done;
      expect(done.stdout).toContain("allowed, and Bash(echo linted) saved for this project\n");
      expect(done.stdout).toContain("[✓] lint completed\nworkflow Completed\n");
      expect(done.code).toBe(0);
      expect(server.context.store.permissionRules.list(server.context.projectRoot)).toEqual([
        expect.objectContaining({ tool: "Bash", pattern: "echo linted", behavior: "allow" }),
      ]);
    } finally {
      await server.close();
    }
  }, 180_000);
});
