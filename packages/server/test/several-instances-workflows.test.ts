import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { WorkflowExecutionView } from "@parley/protocol";
import { type FakeModelServer, startFakeModelServer } from "@parley/testkit";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { EventStream } from "./support/event-stream.ts";
import { type ServersOnOneDatabase, startServersOnOneDatabase } from "./support/servers-on-one-database.ts";
import { postToProcess, type ServerProcess, spawnServerProcess } from "./support/spawn-server-process.ts";
import { postgresMissing, stopTestCluster, testCluster } from "./support/test-database.ts";
import { makeDirectories, startTestServer, type TestServer } from "./support/test-server.ts";
import { isRunning, step, waitForWorkflow, writeGate, writeWorkflow } from "./support/workflows.ts";

const missing = postgresMissing();
if (missing === undefined) {
  beforeAll(() => testCluster(), 60_000);
  afterAll(() => stopTestCluster());
}
if (missing !== undefined) console.warn(`SKIPPING the several-instances workflow test: ${missing}`);

describe.skipIf(missing !== undefined)("a workflow with two servers on one database", () => {
  let fake: FakeModelServer | undefined;
  let root: string | undefined;
  let a: ServerProcess | undefined;
  let b: TestServer | undefined;
  let cluster: ServersOnOneDatabase | undefined;
  afterEach(async () => {
    await cluster?.close();
    cluster = undefined;
    if (root !== undefined && existsSync(join(root, "project", "step.pid"))) {
      try {
        process.kill(Number(readFileSync(join(root, "project", "step.pid"), "utf8")), "SIGKILL");
      } catch {}
    }
    a?.child.kill("SIGKILL");
    await a?.exited;
    await b?.close();
    await fake?.close();
    if (root !== undefined) rmSync(root, { recursive: true, force: true });
    a = b = fake = root = undefined;
  });

  it("is driven by the server that started it; when that one is killed, the other brings it back Paused and can resume it", async () => {
    const url = (await testCluster()).createDatabase();
    fake = await startFakeModelServer();
    const directories = makeDirectories();
    root = join(directories.project, "..");
    const file = (name: string) => join(directories.project, name);
    writeFileSync(
      file("two.sh"),
      '#!/bin/sh\necho $$ > step.pid\necho "two started" >> log.txt\necho "two waiting"\n' +
        "while [ ! -f two.go ]; do sleep 0.02; done\necho two >> log.txt\n",
    );
    writeWorkflow(
      directories.project,
      "nightly",
      "name: nightly\nsteps:\n  - id: one\n    run: echo one >> log.txt\n  - id: two\n    run: sh two.sh\n",
    );
    const env = {
      PARLEY_MODEL: "anthropic:claude-test-1",
      ANTHROPIC_API_KEY: "test-key",
      ANTHROPIC_BASE_URL: fake.url,
      PARLEY_DATABASE_URL: url,
      PARLEY_RUN_LEASE_MS: "600",
    };
    a = await spawnServerProcess({ project: directories.project, home: join(root, "home-a"), env });
    const post = <T>(path: string, body: unknown) => postToProcess<T>(a as ServerProcess, path, body);
    await post("/api/permission-rules", { tool: "Bash", behavior: "allow" });
    const onA = await EventStream.open(a.url, a.token, { after: 0 });
    const started = await post<WorkflowExecutionView>("/api/workflows/nightly/executions", {});
    await waitForWorkflow(onA, started.execution_id, (data) => step(data, "two").output === "two waiting");
    await onA.close();

    mkdirSync(join(root, "home-b"));
    b = await startTestServer({
      fake,
      directories: { project: directories.project, home: join(root, "home-b") },
      env,
    });
    const view = () =>
      (b as TestServer).json<WorkflowExecutionView>(
        "GET",
        `/api/workflow-executions/${started.execution_id}`,
      );
    // B started while A drove the workflow: it is still A's, still Running.
    expect((await view()).execution.status).toBe("Running");
    const onB = await b.events({ after: 0 });

    process.kill(a.pid, "SIGKILL");
    await a.exited;
    const paused = await waitForWorkflow(onB, started.execution_id, (data) => data.status === "Paused");
    expect(paused).toMatchObject({ current_step: "two", completed_steps: 1 });
    expect(step(paused, "two")).toMatchObject({ status: "interrupted", error: { code: "interrupted" } });
    expect(readFileSync(file("log.txt"), "utf8")).toBe("one\ntwo started\n");

    process.kill(Number(readFileSync(file("step.pid"), "utf8")), "SIGKILL");
    rmSync(file("step.pid"));
    await b.json("POST", `/api/workflow-executions/${started.execution_id}/resume`, {});
    await waitForWorkflow(onB, started.execution_id, (data) => step(data, "two").output === "two waiting");
    writeFileSync(file("two.go"), "");
    const done = await waitForWorkflow(onB, started.execution_id, (data) => data.status === "Completed");
    expect(step(done, "two").attempts).toBe(2);
    expect(readFileSync(file("log.txt"), "utf8")).toBe("one\ntwo started\ntwo started\ntwo\n");
    await onB.close();
  }, 60_000);
  it("cancelled on the other server, it stops at once on the server driving it: the running step's command is stopped", async () => {
    cluster = await startServersOnOneDatabase(2);
    const [onA, onB] = cluster.servers as [TestServer, TestServer];
    const project = onA.directories.project;
    writeWorkflow(
      project,
      "long",
      `name: long\nsteps:\n  - id: wait\n    run: ${writeGate(project, "wait")}\n`,
    );
    await onA.json("POST", "/api/permission-rules", { tool: "Bash", behavior: "allow" });
    const events = await onB.events({ after: 0 });
    const started = await onA.json<WorkflowExecutionView>("POST", "/api/workflows/long/executions", {});
    await waitForWorkflow(
      events,
      started.execution_id,
      (data) => step(data, "wait").output === "wait waiting",
    );
    const pid = Number(readFileSync(join(project, "wait.pid"), "utf8"));

    const cancelled = await onB.json<WorkflowExecutionView>(
      "POST",
      `/api/workflow-executions/${started.execution_id}/cancel`,
      {},
    );
    expect(cancelled.execution.status).toBe("Cancelled");
    // A was told, and stopped the step's command (it would otherwise wait for its gate for ever).
    await vi.waitFor(() => expect(isRunning(pid)).toBe(false), { timeout: 10_000, interval: 50 });
    expect(
      (await onA.json<WorkflowExecutionView>("GET", `/api/workflow-executions/${started.execution_id}`))
        .execution.status,
    ).toBe("Cancelled");
    await events.close();
  }, 30_000);
});
