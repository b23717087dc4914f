import { ChatResponseSchema } from "@parley/protocol";
import { reply } from "@parley/testkit";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { IDLE_PROMPT_MARKER } from "../src/missions/idle-prompt.ts";
import { IdleScheduler } from "../src/missions/idle-scheduler.ts";
import { idleSchedulerSettings } from "../src/missions/idle-scheduler-settings.ts";
import { decodeResponse, modelRequest } from "./support/api-checks.ts";
import { ManualClock } from "./support/manual-clock.ts";
import { eventsOfType, waitForOutcome } from "./support/server-events.ts";
import { useServerEvents, useTestServer } from "./support/use-test-server.ts";

const IDLE_MS = 10 * 60_000;

describe("the idle scheduler", () => {
  let clock: ManualClock;
  let scheduler: IdleScheduler;
  const server = useTestServer();
  const events = useServerEvents(server);
  beforeEach(async () => {
    clock = new ManualClock();
    scheduler = new IdleScheduler(
      server.server.context,
      { enabled: true, idleAfterMs: IDLE_MS, maxTurnsPerMission: 2 },
      clock,
    );
    scheduler.start();
    await server.request("DELETE", "/api/mission");
  });
  afterEach(() => scheduler.stop());

  const setMission = (text: string) => server.request("POST", "/api/mission", { body: { text } });
  const chat = async (text: string, sessionId?: string) => {
    const response = await decodeResponse(
      await server.request("POST", "/api/chat", {
        body: { text, ...(sessionId && { session_id: sessionId }) },
      }),
      ChatResponseSchema,
    );
    await waitForOutcome(events, response.run_id as string);
    return response;
  };
  /** The run the scheduler started last in a session, waited to its end. */
  const idleRunOf = async (sessionId: string) => {
    const runs = server.server.context.store.runs.listBySession(sessionId);
    const run = runs.at(-1);
    if (run === undefined || !run.prompt.startsWith(IDLE_PROMPT_MARKER)) return undefined;
    await waitForOutcome(events, run.id);
    return run;
  };
  const idleEvents = (sessionId: string) => eventsOfType(events.frames, "IdlePromptTriggered", sessionId);

  it("is off unless PARLEY_IDLE_PROMPTS turns it on, and reads its timing and budget from the environment", () => {
    expect(idleSchedulerSettings({})).toEqual({
      enabled: false,
      idleAfterMs: 600_000,
      maxTurnsPerMission: 5,
    });
    expect(
      idleSchedulerSettings({
        PARLEY_IDLE_PROMPTS: "on",
        PARLEY_IDLE_AFTER_SECONDS: "90",
        PARLEY_IDLE_MAX_TURNS: "2",
      }),
    ).toEqual({ enabled: true, idleAfterMs: 90_000, maxTurnsPerMission: 2 });
    expect(idleSchedulerSettings({ PARLEY_IDLE_AFTER_SECONDS: "soon" }).idleAfterMs).toBe(600_000);
  });

  it("sends an idle agent a prompt toward the mission after the idle time, announces it, and stops at the budget", async () => {
    await setMission("Make every test pass.");
    server.fake.script(
      reply().text("Hello."),
      reply().text("Fixed one test."),
      reply().text("Fixed another."),
    );
    const first = await chat("Hi");

    clock.advance(IDLE_MS - 1);
    expect(await idleRunOf(first.session_id)).toBeUndefined();
    clock.advance(1);
    const idleRun = await idleRunOf(first.session_id);
    expect(idleRun?.prompt).toContain("Make every test pass.");
    expect(idleRun?.prompt).toContain("idle prompt 1 of 2");
    const request = modelRequest(server, 1);
    expect(JSON.stringify(request.messages.at(-1))).toContain("Make every test pass.");
    expect(idleEvents(first.session_id)).toEqual([
      expect.objectContaining({
        agent_id: "main",
        project_root: server.server.context.projectRoot,
        run_id: idleRun?.id,
      }),
    ]);

    clock.advance(IDLE_MS);
    expect((await idleRunOf(first.session_id))?.prompt).toContain("idle prompt 2 of 2");
    clock.advance(IDLE_MS);
    expect(server.fake.requests).toHaveLength(3);
    expect(scheduler.pending).toEqual([]);
    expect(idleEvents(first.session_id)).toHaveLength(2);
  });

  it("tells the agent how long it really was idle, not a rounded-up minute", async () => {
    scheduler.stop();
    scheduler = new IdleScheduler(
      server.server.context,
      { enabled: true, idleAfterMs: 20_000, maxTurnsPerMission: 2 },
      clock,
    );
    scheduler.start();
    await setMission("Keep the docs true.");
    server.fake.script(reply().text("Hello."), reply().text("Checked the docs."));
    const first = await chat("Hi");

    clock.advance(20_000);
    const idleRun = await idleRunOf(first.session_id);
    expect(idleRun?.prompt).toContain("You have been idle for 20 seconds (idle prompt 1 of 2");
  });

  it("does nothing without a mission, and clearing the mission drops the pending prompt at once", async () => {
    server.fake.script(reply().text("Hello."), reply().text("Again."));
    const first = await chat("Hi");
    expect(scheduler.pending).toEqual([]);

    await setMission("Write the docs.");
    await chat("Next", first.session_id);
    expect(scheduler.pending).toEqual([`${first.session_id}/main`]);
    await server.request("DELETE", "/api/mission");
    await events.waitFor(() => scheduler.pending.length === 0);
    clock.advance(IDLE_MS);
    expect(server.fake.requests).toHaveLength(2);
  });

  it("stops prompting an agent the person stopped", async () => {
    await setMission("Refactor the store.");
    server.fake.script(reply().text("Hello."), reply().text("Working…").hang());
    const first = await chat("Hi");
    clock.advance(IDLE_MS);
    const runs = server.server.context.store.runs.listBySession(first.session_id);
    const idle = runs.at(-1);
    expect(idle?.prompt.startsWith(IDLE_PROMPT_MARKER)).toBe(true);
    await server.request("POST", "/api/agent-cancel", { body: { run_id: idle?.id } });
    expect((await waitForOutcome(events, idle?.id as string)).outcome).toBe("cancelled");
    clock.advance(IDLE_MS * 3);
    expect(server.server.context.store.runs.listBySession(first.session_id)).toHaveLength(2);
    expect(scheduler.pending).toEqual([]);
  });

  it("never prompts while a question to the person waits", async () => {
    await setMission("Pick a database.");
    const question = {
      question: "Which database?",
      options: [
        { label: "SQLite", value: "sqlite" },
        { label: "Postgres", value: "pg" },
      ],
    };
    server.fake.script(reply().text(JSON.stringify(question)));
    const first = await chat("Choose for me");
    expect(server.server.context.store.questions.pending(first.session_id)).toHaveLength(1);
    clock.advance(IDLE_MS);
    expect(server.fake.requests).toHaveLength(1);
    expect(idleEvents(first.session_id)).toEqual([]);
  });

  it("never prompts while an approval of the session waits (one left from before a restart)", async () => {
    await setMission("Ship the release.");
    server.fake.script(reply().text("Hello."));
    const first = await chat("Hi");
    const { store } = server.server.context;
    const run = store.runs.listBySession(first.session_id).at(-1);
    store.transaction(() =>
      store.approvals.create({
        id: "apr_waiting",
        session_id: first.session_id,
        agent_id: "main",
        run_id: run?.id as string,
        message_id: "msg_waiting",
        tool_use_id: "toolu_waiting",
        parent_tool_use_id: null,
        tool_name: "Write",
        input: { file_path: "notes.txt", content: "x" },
        headline: "Writing notes.txt",
        reason: "Write changes a file",
        suggested_rule: null,
        blocked_path: null,
        created_at_ms: Date.now(),
      }),
    );
    clock.advance(IDLE_MS);
    expect(server.fake.requests).toHaveLength(1);
    expect(idleEvents(first.session_id)).toEqual([]);
  });

  it("after a restart, counts an agent whose last run ended well as idle from the start", async () => {
    await setMission("Keep the docs current.");
    server.fake.script(reply().text("Hello."));
    const first = await chat("Hi");
    scheduler.stop();
    const restarted = new IdleScheduler(
      server.server.context,
      { enabled: true, idleAfterMs: IDLE_MS, maxTurnsPerMission: 2 },
      clock,
    );
    restarted.start();
    // Earlier tests' sessions on this server are idle too; the one just answered is among them.
    expect(restarted.pending).toContain(`${first.session_id}/main`);
    await server.request("DELETE", "/api/mission");
    await events.waitFor(() => restarted.pending.length === 0);
    restarted.stop();
  });
});
