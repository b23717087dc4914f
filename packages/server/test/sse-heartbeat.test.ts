import { decodeUiSseMessage } from "@parley/protocol";
import { reply } from "@parley/testkit";
import { afterEach, describe, expect, it } from "vitest";
import { RawSseClient } from "./support/raw-sse-client.ts";
import { startTestServer, type TestServer } from "./support/test-server.ts";

describe("event stream heartbeats", () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.dispose();
    server = undefined;
  });

  it("a quiet stream gets its headers and a heartbeat at once, before any event exists", async () => {
    server = await startTestServer();
    const client = await RawSseClient.open(server.url, {
      path: "/api/events",
      headers: { authorization: `Bearer ${server.server.token}` },
    });
    expect(client.status).toBe(200);
    expect(client.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(client.headers.get("cache-control")).toContain("no-cache");
    expect(client.headers.get("x-accel-buffering")).toBe("no");
    await client.waitFor((received) => received.events().length === 1);
    const [heartbeat] = client.events();
    expect(heartbeat?.id).toBeUndefined();
    expect(JSON.parse(heartbeat?.data ?? "")).toMatchObject({ kind: "heartbeat", id: "heartbeat", seq: 0 });
    expect(client.body.toString("utf8")).toMatch(/^retry: \d+\n\n/);
    client.close();
  });

  it("heartbeats are data frames without an id, repeated at the configured interval, carrying the cursor", async () => {
    server = await startTestServer({ sse: { heartbeatMs: 20 } });
    server.fake.script(reply().text("Hi."));
    const watcher = await server.events({ after: 0 });
    await server.json("POST", "/api/chat", { text: "Hello" });
    await watcher.waitForKind("run", "context_usage");
    const head = server.server.context.store.events.head;

    const client = await RawSseClient.open(server.url, {
      path: "/api/events?after=0",
      headers: { authorization: `Bearer ${server.server.token}` },
    });
    // The opening heartbeat plus two sent by the timer, whatever the machine's speed.
    await client.waitFor(
      (received) => received.events().filter((event) => event.id === undefined).length >= 3,
    );
    client.close();

    const events = client.events();
    const heartbeats = events.filter((event) => event.id === undefined);
    for (const heartbeat of heartbeats) {
      const decoded = decodeUiSseMessage(heartbeat.data);
      expect(decoded.success).toBe(true);
      expect(JSON.parse(heartbeat.data)).toMatchObject({ kind: "heartbeat", id: "heartbeat" });
    }
    // The one sent on connect carries the requested cursor; the later ones the last seq delivered.
    expect(JSON.parse(heartbeats[0]?.data ?? "").seq).toBe(0);
    expect(heartbeats.slice(1).map((heartbeat) => JSON.parse(heartbeat.data).seq)).toEqual(
      heartbeats.slice(1).map(() => head),
    );
    // Heartbeats never carry an `id:` line, so they never move an EventSource's Last-Event-ID.
    const text = client.body.toString("utf8");
    for (const block of text.split("\n\n").filter((part) => part.includes('"kind":"heartbeat"'))) {
      expect(block).not.toMatch(/^id:/m);
    }
    expect(events.filter((event) => event.id !== undefined).map((event) => Number(event.id))).toEqual(
      Array.from({ length: head }, (_, index) => index + 1),
    );
    expect(watcher.heartbeats.length).toBeGreaterThanOrEqual(1);
    await watcher.close();
  });
});
