import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MissionClient } from "../src/mission-client.ts";
import { startTestServer, type TestServer } from "./support/real-server.ts";

describe("MissionClient against the real server", () => {
  let server: TestServer;
  let client: MissionClient;
  beforeAll(async () => {
    server = await startTestServer();
    client = new MissionClient({ baseUrl: server.url, token: server.server.token });
  });
  afterAll(() => server.dispose());

  it("sets, reads and clears the project's mission, and lists its history newest first", async () => {
    expect(await client.active()).toBeNull();
    const first = await client.set("Ship the beta");
    const second = await client.set("Fix the flaky tests");
    expect(await client.active()).toEqual(second);
    const history = await client.history();
    expect(history.map((mission) => mission.text)).toEqual(["Fix the flaky tests", "Ship the beta"]);
    expect(history[1]?.cleared_at_ms).toEqual(expect.any(Number));
    expect(first.cleared_at_ms).toBeNull();
    expect((await client.clear())?.id).toBe(second.id);
    expect(await client.active()).toBeNull();
  });

  it("refuses an empty mission before sending it", async () => {
    await expect(client.set("   ")).rejects.toThrow(/text/);
  });

  it("sets an agent's model and instructions for the project, and a bare request takes them back", async () => {
    expect(await client.override("main")).toBeNull();
    const set = await client.setOverride({
      agent_id: "main",
      model: "anthropic:claude-review-1",
      system_prompt: "You review code.",
    });
    expect(set).toMatchObject({
      agent_id: "main",
      model: "anthropic:claude-review-1",
      system_prompt: "You review code.",
    });
    expect(await client.override("main")).toEqual(set);
    const cleared = await client.setOverride({ agent_id: "main" });
    expect(cleared.model).toBeUndefined();
    expect(cleared.system_prompt).toBeUndefined();
  });

  it("refuses a model that is not provider:model before sending it", async () => {
    await expect(client.setOverride({ agent_id: "main", model: "no-provider" })).rejects.toThrow(/model/);
  });
});
