import { type FakeModelServer, reply, startFakeModelServer } from "@parley/testkit";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type BashToolOptions, createBashTool, type EngineTool, type ToolOutput } from "../src/index.ts";
import { allowEveryCall, collectTurn, ManualClock, modelFor, resultOf } from "./helpers.ts";
import { createProject, isRunning, type ProjectFixture } from "./project-fixture.ts";
import { progressLinesOf, startTurn, toolResultOf } from "./turn-driver.ts";

let server: FakeModelServer;
let project: ProjectFixture;
const started: number[] = [];
beforeAll(async () => {
  server = await startFakeModelServer();
});
beforeEach(async () => {
  server.reset();
  project = await createProject({ "a.txt": "alpha\n" });
});
afterEach(async () => {
  // A failing test must not leave its sleepers behind.
  for (const pid of started.splice(0)) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {}
  }
  await project.remove();
});
afterAll(async () => {
  await server.close();
});

/** Resolves true once process `pid` has exited, false if it is still running after a few seconds. */
async function exitsSoon(pid: number): Promise<boolean> {
  for (let attempt = 0; attempt < 500; attempt++) {
    if (!(await isRunning(pid))) return true;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return false;
}

/** `Bash` whose executions the test can await (a cancelled turn stops waiting for its tool). */
function trackedBash(options: BashToolOptions = {}): { tool: EngineTool; executions: Promise<ToolOutput>[] } {
  const bash = createBashTool(options);
  const executions: Promise<ToolOutput>[] = [];
  return {
    executions,
    tool: {
      ...bash,
      execute: (input, context) => {
        const execution = bash.execute(input, context);
        executions.push(execution);
        return execution;
      },
    },
  };
}

function scriptBash(command: string, extra: Record<string, unknown> = {}) {
  server.script(reply().toolCall("Bash", { command, ...extra }, { id: "call_sh" }), reply().text("ok"));
}

const pidLine = (line: string) => /^\d+$/.test(line);

describe("Bash", () => {
  it("runs in the project folder and streams stdout and stderr lines as progress", async () => {
    scriptBash("pwd; echo one; echo two >&2; printf 'three\\nfour'");

    const messages = await collectTurn({
      model: modelFor(server, "anthropic"),
      prompt: "run it",
      cwd: project.root,
      canUseTool: allowEveryCall,
      tools: [createBashTool()],
    });

    const progress = messages.filter((message) => message.type === "tool_progress");
    const lines = (stream: string) =>
      progress
        .filter((message) => "stream" in message && message.stream === stream)
        .map((message) => ("line" in message ? message.line : ""));
    expect(lines("stdout")).toEqual([project.root, "one", "three", "four"]);
    expect(lines("stderr")).toEqual(["two"]);
    expect(progress[0]).toMatchObject({
      tool_use_id: "call_sh",
      tool_name: "Bash",
      parent_tool_use_id: null,
    });
    const result = toolResultOf(messages, "call_sh");
    expect(result.isError).toBe(false);
    expect(result.content.split("\n").sort()).toEqual([project.root, "four", "one", "three", "two"].sort());
    expect(result.data).toEqual({
      exitCode: 0,
      signal: null,
      timedOut: false,
      interrupted: false,
      outputTruncated: false,
    });
  });

  it("reports a failing command's exit code as an error the model sees", async () => {
    scriptBash("echo 'no such thing' >&2; exit 3");

    const messages = await collectTurn({
      model: modelFor(server, "anthropic"),
      prompt: "run it",
      cwd: project.root,
      canUseTool: allowEveryCall,
      tools: [createBashTool()],
    });

    expect(toolResultOf(messages, "call_sh")).toMatchObject({
      content: "no such thing\n[Exit code 3]",
      isError: true,
    });
    expect(JSON.stringify(server.requests[1]?.body)).toContain("[Exit code 3]");
  });

  it("keeps the start and end of long output for the model and caps progress lines", async () => {
    scriptBash("seq 1 1000; head -c 9000 /dev/zero | tr '\\0' x");

    const messages = await collectTurn({
      model: modelFor(server, "anthropic"),
      prompt: "run it",
      cwd: project.root,
      canUseTool: allowEveryCall,
      tools: [createBashTool({ maxOutputChars: 40, maxProgressLines: 3 })],
    });

    expect(progressLinesOf(messages, "call_sh")).toEqual([
      "1",
      "2",
      "3",
      "[further output is not streamed; it is summarized in the result]",
    ]);
    const result = toolResultOf(messages, "call_sh");
    expect(result.content).toBe(
      `1\n2\n3\n4\n5\n6\n7\n8\n9\n[… 993 lines of output left out …]\n…${"x".repeat(18)}`,
    );
    expect(result.data).toMatchObject({ outputTruncated: true });
  });

  it("stops a command at its timeout, with every process it started", async () => {
    const clock = new ManualClock();
    scriptBash("sleep 1000 & echo $!; wait", { timeout: 5000 });
    const turn = startTurn({
      model: modelFor(server, "anthropic"),
      cwd: project.root,
      canUseTool: allowEveryCall,
      tools: [createBashTool({ timers: clock })],
    });

    const progress = await turn.waitForMessage((message) => message.type === "tool_progress");
    const grandchild = Number("line" in progress ? progress.line : Number.NaN);
    started.push(grandchild);
    expect(await isRunning(grandchild)).toBe(true);
    clock.fireTimers();
    await turn.done;

    expect(toolResultOf(turn.messages, "call_sh")).toMatchObject({
      content: `${grandchild}\n[The command timed out after 5000 ms; it and the processes it started were stopped.]`,
      isError: true,
      data: { timedOut: true, interrupted: false },
    });
    expect(await exitsSoon(grandchild)).toBe(true);
    expect(resultOf(turn.messages)).toMatchObject({ subtype: "success", result: "ok" });
  });

  it("kills the whole process tree when the turn is cancelled", async () => {
    const { tool, executions } = trackedBash();
    scriptBash("sh -c 'sleep 1000 & echo $!; wait' & wait");
    const turn = startTurn({
      model: modelFor(server, "anthropic"),
      cwd: project.root,
      canUseTool: allowEveryCall,
      tools: [tool],
    });

    const progress = await turn.waitForMessage(
      (message) => message.type === "tool_progress" && pidLine(String("line" in message && message.line)),
    );
    const grandchild = Number("line" in progress ? progress.line : Number.NaN);
    started.push(grandchild);
    turn.controller.abort();
    await turn.done;
    const output = await executions[0];

    expect(resultOf(turn.messages)).toMatchObject({ terminal_reason: "aborted_tools" });
    expect(output).toMatchObject({ isError: true, data: { interrupted: true } });
    expect(await exitsSoon(grandchild)).toBe(true);
  });

  it("sends SIGKILL after the grace period to processes that ignore SIGTERM", async () => {
    const clock = new ManualClock();
    const { tool, executions } = trackedBash({ timers: clock });
    scriptBash("trap '' TERM; sleep 1000 & echo $!; wait");
    const turn = startTurn({
      model: modelFor(server, "anthropic"),
      cwd: project.root,
      canUseTool: allowEveryCall,
      tools: [tool],
    });

    const progress = await turn.waitForMessage((message) => message.type === "tool_progress");
    const grandchild = Number("line" in progress ? progress.line : Number.NaN);
    started.push(grandchild);
    turn.controller.abort();
    await turn.done;
    expect(await isRunning(grandchild)).toBe(true);
    clock.fireTimers();
    await executions[0];

    expect(await exitsSoon(grandchild)).toBe(true);
  });

  it("stops background processes a finished command left behind", async () => {
    scriptBash("sleep 1000 > /dev/null 2>&1 & echo $!");

    const messages = await collectTurn({
      model: modelFor(server, "anthropic"),
      prompt: "run it",
      cwd: project.root,
      canUseTool: allowEveryCall,
      tools: [createBashTool()],
    });

    const [line] = progressLinesOf(messages, "call_sh");
    const leftover = Number(line);
    started.push(leftover);
    expect(toolResultOf(messages, "call_sh")).toMatchObject({ content: String(leftover), isError: false });
    expect(await exitsSoon(leftover)).toBe(true);
  });
});
