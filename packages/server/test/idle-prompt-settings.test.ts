import { ChatResponseSchema, SettingsViewSchema } from "@parley/protocol";
import { reply } from "@parley/testkit";
import { describe, expect, it } from "vitest";
import { IDLE_PROMPT_MARKER } from "../src/missions/idle-prompt.ts";
import {
  describeIdlePrompts,
  idlePromptStatus,
  idleSchedulerSettings,
} from "../src/missions/idle-scheduler-settings.ts";
import { decodeResponse, expectApiError } from "./support/api-checks.ts";
import { ManualClock } from "./support/manual-clock.ts";
import { eventsOfType, waitForOutcome } from "./support/server-events.ts";
import { useServerEvents, useTestServer } from "./support/use-test-server.ts";

/**
 * Idle prompts switched in Settings (`POST /api/settings` `idle_prompts`), through the real server and its own
 * scheduler: only the clock is the test's, so ten idle minutes pass at once.
 */
describe("idle prompts as a setting", { timeout: 30_000 }, () => {
  const clock = new ManualClock();

  const server = useTestServer({ idle: { clock } });
  const events = useServerEvents(server);

  const settings = async (update?: Record<string, unknown>) =>
    decodeResponse(
      await (update === undefined
        ? server.request("GET", "/api/settings")
        : server.request("POST", "/api/settings", { body: update })),
      SettingsViewSchema,
    );
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
  const idleRuns = (sessionId: string) =>
    server.server.context.store.runs
      .listBySession(sessionId)
      .filter((run) => run.prompt.startsWith(IDLE_PROMPT_MARKER));

  it("is off by default, and Settings turns it on and off in the running server with its delay and budget", async () => {
    expect((await settings()).idle_prompts).toEqual({
      enabled: false,
      after_seconds: 600,
      max_turns_per_mission: 5,
      source: "default",
    });
    expect(describeIdlePrompts(server.server.idlePrompts())).toBe("off (default; turn on in Settings)");
    await server.request("POST", "/api/mission", { body: { text: "Make every test pass." } });
    server.fake.script(reply().text("Done for now."));
    const first = await chat("Start on it");
    clock.advance(600_000);
    expect(idleRuns(first.session_id)).toEqual([]);

    const on = await settings({
      idle_prompts: { enabled: true, after_seconds: 60, max_turns_per_mission: 3 },
    });
    expect(on.idle_prompts).toEqual({
      enabled: true,
      after_seconds: 60,
      max_turns_per_mission: 3,
      source: "settings",
    });
    expect(on.settings).toMatchObject({ idle_prompts: { enabled: true, after_seconds: 60 } });
    expect(describeIdlePrompts(server.server.idlePrompts())).toBe(
      "on after 1 minute idle, at most 3 per mission (Settings)",
    );
    // The agent was idle before the switch: it counts as idle from the moment idle prompts were turned on.
    server.fake.script(reply().text("Ran the tests."));
    clock.advance(59_000);
    expect(idleRuns(first.session_id)).toEqual([]);
    clock.advance(1_000);
    const [idleRun] = idleRuns(first.session_id);
    expect(idleRun?.prompt).toContain("idle prompt 1 of 3");
    await waitForOutcome(events, idleRun?.id as string);
    expect(eventsOfType(events.frames, "IdlePromptTriggered", first.session_id)).toHaveLength(1);

    // Switched off while the next prompt waits: it never comes.
    const off = await settings({ idle_prompts: { enabled: false } });
    expect(off.idle_prompts).toMatchObject({ enabled: false, after_seconds: 60, source: "settings" });
    clock.advance(10 * 60_000);
    expect(idleRuns(first.session_id)).toHaveLength(1);
    // The first chat and the one idle prompt: nothing more reached the model.
    expect(server.fake.requests).toHaveLength(2);
  });

  it("refuses an idle delay or budget out of range with a 400 naming the field", async () => {
    await expectApiError(
      await server.request("POST", "/api/settings", { body: { idle_prompts: { after_seconds: 1 } } }),
      400,
      "invalid_request",
      "body.idle_prompts.after_seconds",
    );
    await expectApiError(
      await server.request("POST", "/api/settings", {
        body: { idle_prompts: { max_turns_per_mission: "five" } },
      }),
      400,
      "invalid_request",
      "body.idle_prompts.max_turns_per_mission",
    );
  });
});

describe("idle prompt settings over the environment", () => {
  it("keeps PARLEY_IDLE_* as defaults that the settings file overrides field by field", () => {
    const env = { PARLEY_IDLE_PROMPTS: "on", PARLEY_IDLE_AFTER_SECONDS: "90", PARLEY_IDLE_MAX_TURNS: "2" };
    expect(idlePromptStatus(idleSchedulerSettings(env), env)).toEqual({
      enabled: true,
      after_seconds: 90,
      max_turns_per_mission: 2,
      source: "env",
    });
    const stored = { enabled: false, max_turns_per_mission: 4 };
    expect(idlePromptStatus(idleSchedulerSettings(env, {}, stored), env, stored)).toEqual({
      enabled: false,
      after_seconds: 90,
      max_turns_per_mission: 4,
      source: "settings",
    });
  });
});
