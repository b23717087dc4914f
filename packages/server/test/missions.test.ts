import { mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  ActiveMissionSchema,
  AgentOverrideSchema,
  AgentOverrideViewSchema,
  AgentRunListSchema,
  ChatResponseSchema,
  MissionHistorySchema,
  MissionSchema,
} from "@parley/protocol";
import { reply } from "@parley/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeResponse, expectApiError, modelRequest, writtenState } from "./support/api-checks.ts";
import { eventsOfType, waitForOutcome } from "./support/server-events.ts";
import { useServerEvents, useTestServer } from "./support/use-test-server.ts";

describe("missions and agent overrides", () => {
  let project: string;
  let elsewhere: string;
  const server = useTestServer();
  const events = useServerEvents(server);
  beforeAll(async () => {
    project = server.server.context.projectRoot;
    elsewhere = mkdtempSync(join(tmpdir(), "parley-other-project-"));
  });
  afterAll(async () => {
    rmSync(elsewhere, { recursive: true, force: true });
  });

  const activeMission = async (query = "") =>
    (await decodeResponse(await server.request("GET", `/api/mission${query}`), ActiveMissionSchema)).mission;
  const history = async () =>
    (await decodeResponse(await server.request("GET", "/api/missions"), MissionHistorySchema)).missions;
  const setMission = async (body: Record<string, unknown>) =>
    decodeResponse(await server.request("POST", "/api/mission", { body }), MissionSchema);
  const clearMission = async () =>
    (await decodeResponse(await server.request("DELETE", "/api/mission"), ActiveMissionSchema)).mission;
  const runOnce = async (text: string) => {
    const chat = await decodeResponse(
      await server.request("POST", "/api/chat", { body: { text } }),
      ChatResponseSchema,
    );
    await waitForOutcome(events, chat.run_id as string);
    return chat;
  };

  it("sets, replaces and clears the project's mission, keeping every mission in its history", async () => {
    expect(await activeMission()).toBeNull();
    expect(await history()).toEqual([]);

    const first = await setMission({ text: "  Ship version 1  " });
    expect(first).toEqual({
      id: expect.any(String),
      project_root: project,
      text: "Ship version 1",
      created_at_ms: expect.any(Number),
      cleared_at_ms: null,
    });
    expect(await activeMission()).toEqual(first);

    const second = await setMission({ text: "Ship version 2", project_root: project });
    expect(await activeMission(`?project_root=${encodeURIComponent(project)}`)).toEqual(second);
    const [newest, oldest] = await history();
    expect(newest).toEqual(second);
    expect(oldest).toEqual({ ...first, cleared_at_ms: expect.any(Number) });

    const cleared = await clearMission();
    expect(cleared).toEqual({ ...second, cleared_at_ms: expect.any(Number) });
    expect(await activeMission()).toBeNull();
    expect(await clearMission()).toBeNull();
    expect((await history()).map((mission) => mission.text)).toEqual(["Ship version 2", "Ship version 1"]);
    const reasons = eventsOfType(events.frames, "StateUpdated").map((event) => event.reason);
    expect(reasons.filter((reason) => reason === "mission_changed")).toHaveLength(3);
  });

  it("gives the model the active mission with every run", async () => {
    await setMission({ text: "Keep the public API stable." });
    server.fake.script(reply().text("Understood."));

    await runOnce("Rename the exported functions");

    const system = JSON.stringify(modelRequest(server, 0).system);
    expect(system).toContain("The project's current mission:\\nKeep the public API stable.");
    await clearMission();
  });

  it("stores an agent's override and runs the agent with its model and system prompt", async () => {
    const view = async () =>
      (
        await decodeResponse(
          await server.request("GET", "/api/agent-override?agent_id=main"),
          AgentOverrideViewSchema,
        )
      ).override;
    expect(await view()).toBeNull();

    const override = await decodeResponse(
      await server.request("POST", "/api/agent-override", {
        body: { agent_id: "main", model: "anthropic:claude-override-1", system_prompt: "You review code." },
      }),
      AgentOverrideSchema,
    );
    expect(override).toEqual({
      project_root: project,
      agent_id: "main",
      model: "anthropic:claude-override-1",
      system_prompt: "You review code.",
      updated_at_ms: expect.any(Number),
    });
    expect(await view()).toEqual(override);
    server.fake.script(reply().text("Reviewed."));

    const chat = await runOnce("Review my change");

    const request = modelRequest(server, 0);
    expect(request.model).toBe("claude-override-1");
    expect(JSON.stringify(request.system)).toContain("You review code.");
    const runs = await decodeResponse(
      await server.request("GET", `/api/agent-runs?session_id=${chat.session_id}`),
      AgentRunListSchema,
    );
    expect(runs.runs.map((run) => run.model)).toEqual(["anthropic:claude-override-1"]);

    // Setting an override replaces it: fields left out are gone.
    const replaced = await decodeResponse(
      await server.request("POST", "/api/agent-override", {
        body: { agent_id: "main", permission_mode: "plan" },
      }),
      AgentOverrideSchema,
    );
    expect(replaced).not.toHaveProperty("model");
    expect(await view()).toEqual(replaced);
  });

  it("accepts the project's path through a symlink", async () => {
    const link = join(elsewhere, "link-to-project");
    symlinkSync(project, link);

    expect(await activeMission(`?project_root=${encodeURIComponent(link)}`)).toBeNull();
    expect(await activeMission(`?project_root=${encodeURIComponent(`${project}/`)}`)).toBeNull();
  });

  type Request = { method: string; path: string; body?: unknown };
  it.each<[string, (other: string) => Request]>([
    ["reading the mission", (other) => ({ method: "GET", path: `/api/mission?project_root=${other}` })],
    ["reading the missions", (other) => ({ method: "GET", path: `/api/missions?project_root=${other}` })],
    [
      "setting the mission",
      (other) => ({
        method: "POST",
        path: "/api/mission",
        body: { project_root: decodeURIComponent(other), text: "x" },
      }),
    ],
    ["clearing the mission", (other) => ({ method: "DELETE", path: `/api/mission?project_root=${other}` })],
    [
      "reading an override",
      (other) => ({ method: "GET", path: `/api/agent-override?agent_id=main&project_root=${other}` }),
    ],
    [
      "setting an override",
      (other) => ({
        method: "POST",
        path: "/api/agent-override",
        body: { project_root: decodeURIComponent(other), agent_id: "main", system_prompt: "x" },
      }),
    ],
    ["listing runs", (other) => ({ method: "GET", path: `/api/agent-runs?project_root=${other}` })],
  ])("answers 404 to %s of another project, and changes nothing", async (_case, build) => {
    await setMission({ text: "This project's mission" });
    const before = writtenState(server);
    const { method, path, body } = build(encodeURIComponent(elsewhere));

    const response = await server.request(method, path, body === undefined ? {} : { body });

    const error = await expectApiError(response, 404, "not_found");
    expect(error.error.message).toContain(elsewhere);
    expect(writtenState(server)).toEqual(before);
    expect((await activeMission())?.text).toBe("This project's mission");
  });
});
