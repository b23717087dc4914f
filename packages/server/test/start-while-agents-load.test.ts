import { rmSync } from "node:fs";
import { join } from "node:path";
import { type FakeModelServer, reply, startFakeModelServer } from "@parley/testkit";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { postToProcess, type ServerProcess, spawnServerProcess } from "./support/spawn-server-process.ts";
import { makeDirectories, startTestServer, type TestServer } from "./support/test-server.ts";

type Run = { id: string; status: string };

describe("a server that answers its health check before its agents have started", () => {
  let fake: FakeModelServer;
  let directories: { project: string; home: string };
  let child: ServerProcess | undefined;
  let restarted: TestServer | undefined;
  beforeEach(async () => {
    fake = await startFakeModelServer();
    directories = makeDirectories();
  });
  afterEach(async () => {
    child?.child.kill("SIGKILL");
    await child?.exited;
    await restarted?.close();
    child = undefined;
    restarted = undefined;
    await fake.close();
    rmSync(join(directories.project, ".."), { recursive: true, force: true });
  });

  it("answers requests sent while they load, and none of them sees a killed run still running", async () => {
    fake.script(reply().text("Half ").gate("crash").text("never sent"), reply().text("Back again."));
    const env = {
      PARLEY_MODEL: "anthropic:claude-test-1",
      ANTHROPIC_API_KEY: "test-key",
      ANTHROPIC_BASE_URL: fake.url,
    };
    child = await spawnServerProcess({ ...directories, env });
    const chat = await postToProcess<{ session_id: string; run_id: string }>(child, "/api/chat", {
      text: "First question",
    });
    await fake.waitForGate("crash");
    process.kill(child.pid, "SIGKILL");
    await child.exited;

    // Resolves once it listens; every request below is sent before its agents and the engine are built.
    restarted = await startTestServer({ fake, directories, listening: true });
    // A run to record as interrupted: the agents start right after the listen, not on the first request.
    expect(restarted.server.agentsAtStart).toBe(true);
    const [health, runs, again] = await Promise.all([
      restarted.request("GET", "/api/health", { auth: false }),
      restarted.json<{ runs: Run[] }>("GET", `/api/agent-runs?session_id=${chat.session_id}`),
      restarted.json<{ run_id: string }>("POST", "/api/chat", {
        text: "Second question",
        session_id: chat.session_id,
      }),
    ]);
    expect(health.status).toBe(200);
    // The killed run was recorded as interrupted before the list was read, and the new message runs.
    expect(runs.runs).toEqual([expect.objectContaining({ id: chat.run_id, status: "interrupted" })]);
    const finished = await restarted.json<{ runs: Run[] }>(
      "GET",
      `/api/agent-runs?session_id=${chat.session_id}`,
    );
    expect(finished.runs.map((run) => run.id)).toContain(again.run_id);
  }, 30_000);

  it("starts its agents with the first request that needs them when the start left them nothing to do", async () => {
    fake.script(reply().text("Hello."));
    restarted = await startTestServer({ fake, directories, listening: true });
    // Only servers sharing a database start them at once (to hear the others' signals).
    expect(restarted.server.agentsAtStart).toBe(restarted.server.context.store.events.shared);
    expect((await restarted.request("GET", "/api/health", { auth: false })).status).toBe(200);
    const chat = await restarted.json<{ session_id: string }>("POST", "/api/chat", { text: "Hi" });
    const stream = await restarted.events({ sessionId: chat.session_id, after: 0 });
    await stream.waitForKind("run", "outcome");
    await stream.close();
    const state = await restarted.json<{ messages: { rich: { data: { text?: string } } }[] }>(
      "GET",
      `/api/sessions/${chat.session_id}/state`,
    );
    expect(state.messages.map((message) => message.rich.data.text)).toEqual(["Hi", "Hello."]);
  }, 30_000);
});
