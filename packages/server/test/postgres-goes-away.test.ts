import { HealthSchema, McpServerListSchema } from "@parley/protocol";
import { reply } from "@parley/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeResponse, expectApiError } from "./support/api-checks.ts";
import { startChat } from "./support/interactions.ts";
import { waitForOutcome } from "./support/server-events.ts";
import { postgresMissing, stopTestCluster, testCluster } from "./support/test-database.ts";
import { startTestServer, type TestServer } from "./support/test-server.ts";

const missing = postgresMissing();
if (missing === undefined) {
  beforeAll(() => testCluster(), 60_000);
  afterAll(() => stopTestCluster());
}
if (missing !== undefined) console.warn(`SKIPPING the database-goes-away test: ${missing}`);

describe.skipIf(missing !== undefined)("PostgreSQL going away while the server runs", () => {
  let server: TestServer | undefined;
  afterAll(async () => {
    await server?.dispose();
  });

  it("health says 503 and writes are refused while it is away, what needs no database still answers, and the server recovers without a restart", async () => {
    const cluster = await testCluster();
    server = await startTestServer({ env: { PARLEY_DATABASE_URL: cluster.createDatabase() } });
    const events = await server.events();
    server.fake.script(reply().text("Before the outage."), reply().text("After the outage."));
    const first = await startChat(server, { text: "Before" });
    expect((await waitForOutcome(events, first.run_id)).outcome).toBe("success");

    cluster.pause();
    await expectApiError(await server.request("GET", "/api/health", { auth: false }), 503, "unavailable");
    await expectApiError(
      await server.request("POST", "/api/chat", { body: { session_id: first.session_id, text: "Lost?" } }),
      503,
      "unavailable",
    );
    // The MCP servers' list needs no database: it answers from what the server knows.
    await decodeResponse(await server.request("GET", "/api/mcp/servers"), McpServerListSchema);

    cluster.resume();
    const health = await decodeResponse(
      await server.request("GET", "/api/health", { auth: false }),
      HealthSchema,
    );
    expect(health).toEqual({ ok: true, database: "postgresql" });
    const second = await startChat(server, { session_id: first.session_id, text: "After" });
    // The event stream opened before the outage goes on: it gets the new run, to its end.
    expect((await waitForOutcome(events, second.run_id)).outcome).toBe("success");
    const state = await server.json<{ messages: { rich: { data: { text?: string } } }[] }>(
      "GET",
      `/api/sessions/${first.session_id}/state`,
    );
    const texts = state.messages.map((message) => message.rich.data.text);
    expect(texts).toEqual(["Before", "Before the outage.", "After", "After the outage."]);
    await events.close();
  }, 60_000);
});
