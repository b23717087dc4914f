import { mkdirSync, realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { reply } from "@parley/testkit";
import { describe, expect, it } from "vitest";
import { useKilledServerBed } from "./support/killed-server.ts";
import { postToProcess, spawnServerProcess } from "./support/spawn-server-process.ts";
import { usesPostgres } from "./support/test-database.ts";
import { startTestServer } from "./support/test-server.ts";

type Run = { id: string; status: string };

describe("a server that answers its health check before its agents have started", () => {
  const bed = useKilledServerBed();

  it("answers requests sent while they load, and none of them sees a killed run still running", async () => {
    bed.fake.script(reply().text("Half ").gate("crash").text("never sent"), reply().text("Back again."));
    const env = {
      PARLEY_MODEL: "anthropic:claude-test-1",
      ANTHROPIC_API_KEY: "test-key",
      ANTHROPIC_BASE_URL: bed.fake.url,
    };
    bed.child = await spawnServerProcess({ ...bed.directories, env });
    const chat = await postToProcess<{ session_id: string; run_id: string }>(bed.child, "/api/chat", {
      text: "First question",
    });
    await bed.fake.waitForGate("crash");
    process.kill(bed.child.pid, "SIGKILL");
    await bed.child.exited;

    // Resolves once it listens; every request below is sent before its agents and the engine are built.
    bed.restarted = await startTestServer({ fake: bed.fake, directories: bed.directories, listening: true });
    // A run to record as interrupted: the agents start right after the listen, not on the first request.
    expect(bed.restarted.server.agentsAtStart).toBe(true);
    const [health, runs, again] = await Promise.all([
      bed.restarted.request("GET", "/api/health", { auth: false }),
      bed.restarted.json<{ runs: Run[] }>("GET", `/api/agent-runs?session_id=${chat.session_id}`),
      bed.restarted.json<{ run_id: string }>("POST", "/api/chat", {
        text: "Second question",
        session_id: chat.session_id,
      }),
    ]);
    expect(health.status).toBe(200);
    // The killed run was recorded as interrupted before the list was read, and the new message runs.
    expect(runs.runs).toEqual([expect.objectContaining({ id: chat.run_id, status: "interrupted" })]);
    const finished = await bed.restarted.json<{ runs: Run[] }>(
      "GET",
      `/api/agent-runs?session_id=${chat.session_id}`,
    );
    expect(finished.runs.map((run) => run.id)).toContain(again.run_id);
  }, 30_000);

  it("starts its agents with the first request that needs them when the start left them nothing to do", async () => {
    bed.fake.script(reply().text("Hello."));
    bed.restarted = await startTestServer({ fake: bed.fake, directories: bed.directories, listening: true });
    // Only servers sharing a database start them at once (to hear the others' signals).
    expect(bed.restarted.server.agentsAtStart).toBe(bed.restarted.server.context.store.events.shared);
    expect((await bed.restarted.request("GET", "/api/health", { auth: false })).status).toBe(200);
    const chat = await bed.restarted.json<{ session_id: string }>("POST", "/api/chat", { text: "Hi" });
    const stream = await bed.restarted.events({ sessionId: chat.session_id, after: 0 });
    await stream.waitForKind("run", "outcome");
    await stream.close();
    const state = await bed.restarted.json<{ messages: { rich: { data: { text?: string } } }[] }>(
      "GET",
      `/api/sessions/${chat.session_id}/state`,
    );
    expect(state.messages.map((message) => message.rich.data.text)).toEqual(["Hi", "Hello."]);
  }, 30_000);

  // On a shared database a server always starts its agents at once (other servers' runs to hear about).
  it.skipIf(usesPostgres())(
    "leaves its agents unloaded for parley run's conversations, and starts them at once for an editor thread of its project",
    async () => {
      const threads = join(bed.directories.home, "cli-sessions");
      mkdirSync(threads);
      const project = realpathSync(bed.directories.project);
      const thread = (id: string, cwd: string, origin?: "acp") => {
        const history = [{ role: "user", content: "Hi" }];
        const file = { session_id: id, cwd, updated_at_ms: 1, ...(origin && { origin }), history };
        writeFileSync(join(threads, `${id}.json`), JSON.stringify(file));
      };
      thread("run-here", project);
      thread("acp-elsewhere", join(project, "..", "other"), "acp");
      bed.restarted = await startTestServer({
        fake: bed.fake,
        directories: bed.directories,
        listening: true,
      });
      expect(bed.restarted.server.agentsAtStart).toBe(false);
      await bed.restarted.close();

      thread("acp-here", project, "acp");
      bed.restarted = await startTestServer({
        fake: bed.fake,
        directories: bed.directories,
        listening: true,
      });
      expect(bed.restarted.server.agentsAtStart).toBe(true);
    },
    30_000,
  );
});
