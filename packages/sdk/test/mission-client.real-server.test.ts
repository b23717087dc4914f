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
});
