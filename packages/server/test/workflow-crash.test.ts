import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { WorkflowExecutionView } from "@parley/protocol";
import { type FakeModelServer, startFakeModelServer } from "@parley/testkit";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { EventStream } from "./support/event-stream.ts";
import { postToProcess, type ServerProcess, spawnServerProcess } from "./support/spawn-server-process.ts";
import { makeDirectories, startTestServer, type TestServer } from "./support/test-server.ts";
import { isRunning, step, waitForWorkflow, writeWorkflow } from "./support/workflows.ts";

describe("a server killed with kill -9 in the middle of a workflow step", () => {
  let fake: FakeModelServer;
  let directories: { project: string; home: string };
  let child: ServerProcess | undefined;
  let restarted: TestServer | undefined;
  const file = (name: string) => join(directories.project, name);
  /** Stops the step's command the killed server left running (it is not the new server's). */
  const killOrphan = () => {
    if (!existsSync(file("step.pid"))) return;
    try {
      process.kill(Number(readFileSync(file("step.pid"), "utf8")), "SIGKILL");
    } catch {}
    rmSync(file("step.pid"));
  };
  beforeEach(async () => {
    fake = await startFakeModelServer();
    directories = makeDirectories();
  });
  afterEach(async () => {
    killOrphan();
    child?.child.kill("SIGKILL");
    await child?.exited;
    await restarted?.close();
    child = undefined;
    restarted = undefined;
    await fake.close();
    rmSync(join(directories.project, ".."), { recursive: true, force: true });
  });

  it("comes back with the workflow Paused at the interrupted step, runs nothing again by itself, and resumes", async () => {
    // Step two records that it started, waits for the test's gate, then records that it finished.
    writeFileSync(
      file("two.sh"),
      '#!/bin/sh\necho $$ > step.pid\necho "two started" >> log.txt\necho "two waiting"\n' +
        "while [ ! -f two.go ]; do sleep 0.02; done\necho two >> log.txt\n",
    );
    writeWorkflow(
      directories.project,
      "nightly",
      `name: nightly
steps:
  - id: one
    run: echo one >> log.txt
  - id: two
    run: sh two.sh
  - id: three
    run: echo three >> log.txt
`,
    );
    child = await spawnServerProcess({
      ...directories,
      env: {
        PARLEY_MODEL: "anthropic:claude-test-1",
        ANTHROPIC_API_KEY: "test-key",
        ANTHROPIC_BASE_URL: fake.url,
      },
    });
    const post = <T>(path: string, body: unknown) => postToProcess<T>(child as ServerProcess, path, body);
    await post("/api/permission-rules", { tool: "Bash", behavior: "allow" });
    const stream = await EventStream.open(child.url, child.token, { after: 0 });
    const started = await post<WorkflowExecutionView>("/api/workflows/nightly/executions", {});
    await waitForWorkflow(stream, started.execution_id, (data) => step(data, "two").output === "two waiting");

    process.kill(child.pid, "SIGKILL");
    expect((await child.exited).signal).toBe("SIGKILL");
    await stream.waitForEnd();
    const cursor = stream.lastSeq;

    restarted = await startTestServer({ fake, directories });
    const view = await restarted.json<WorkflowExecutionView>(
      "GET",
      `/api/workflow-executions/${started.execution_id}`,
    );
    expect(view.execution).toMatchObject({ status: "Paused", current_step: "two", completed_steps: 1 });
    expect(step(view, "one").status).toBe("completed");
    expect(step(view, "two")).toMatchObject({
      status: "interrupted",
      attempts: 1,
      error: { code: "interrupted" },
    });
    expect(step(view, "three").status).toBe("pending");
    // Every client hears of it: the card in the session says Paused, and a ContextUpdate told them.
    const events = await restarted.events({ after: cursor });
    await waitForWorkflow(events, started.execution_id, (data) => data.status === "Paused");
    const state = await restarted.json<{ messages: { id: string; rich: { data: { status?: string } } }[] }>(
      "GET",
      `/api/sessions/${started.session_id}/state`,
    );
    expect(state.messages.find((message) => message.id === started.message_id)?.rich.data.status).toBe(
      "Paused",
    );
    // Step two started once and was not run again on its own.
    expect(readFileSync(file("log.txt"), "utf8")).toBe("one\ntwo started\n");

    killOrphan();
    await restarted.json("POST", `/api/workflow-executions/${started.execution_id}/resume`, {});
    await waitForWorkflow(events, started.execution_id, (data) => step(data, "two").output === "two waiting");
    writeFileSync(file("two.go"), "");
    const done = await waitForWorkflow(events, started.execution_id, (data) => data.status === "Completed");
    expect(step(done, "two").attempts).toBe(2);
    expect(readFileSync(file("log.txt"), "utf8")).toBe("one\ntwo started\ntwo started\ntwo\nthree\n");
    await events.close();
  }, 30_000);

  it("stopped cleanly mid-step, comes back with the workflow Paused at that step too", async () => {
    writeFileSync(
      file("slow.sh"),
      '#!/bin/sh\necho $$ > step.pid\necho "slow waiting"\nwhile [ ! -f slow.go ]; do sleep 0.02; done\n',
    );
    writeWorkflow(directories.project, "slow", "name: slow\nsteps:\n  - id: slow\n    run: sh slow.sh\n");
    const first = await startTestServer({ fake, directories });
    await first.json("POST", "/api/permission-rules", { tool: "Bash", behavior: "allow" });
    const events = await first.events();
    const started = await first.json<WorkflowExecutionView>("POST", "/api/workflows/slow/executions", {});
    await waitForWorkflow(
      events,
      started.execution_id,
      (data) => step(data, "slow").output === "slow waiting",
    );
    await events.close();
    await first.close();
    // A clean stop stops the step's command instead of leaving it behind.
    const pid = Number(readFileSync(file("step.pid"), "utf8"));
    expect(isRunning(pid)).toBe(false);

    restarted = await startTestServer({ fake, directories });
    const view = await restarted.json<WorkflowExecutionView>(
      "GET",
      `/api/workflow-executions/${started.execution_id}`,
    );
    expect(view.execution).toMatchObject({ status: "Paused", current_step: "slow", completed_steps: 0 });
    expect(step(view, "slow").status).toBe("interrupted");
  }, 30_000);
});
