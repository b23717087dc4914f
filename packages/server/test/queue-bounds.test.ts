import { ChatResponseSchema, QueueItemSchema, SessionStateSchema } from "@parley/protocol";
import { reply } from "@parley/testkit";
import { afterEach, describe, expect, it } from "vitest";
import { decodeResponse, expectApiError, writtenState } from "./support/api-checks.ts";
import { waitForEvent } from "./support/server-events.ts";
import { readLog } from "./support/sse-log.ts";
import { startTestServer, type TestServer } from "./support/test-server.ts";

/** A message of about 50 KB whose end (past any preview) carries a marker unique to it. */
const bigMessage = (index: number) => `Note ${index}: ${"lorem ipsum ".repeat(4_000)} END-OF-NOTE-${index}`;

describe("a long queue of large messages", () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.dispose();
    server = undefined;
  });

  it("costs each queue event the same few bytes however long the queue, and stores each text once", async () => {
    server = await startTestServer();
    const events = await server.events();
    const post = async (body: Record<string, unknown>) =>
      decodeResponse(await (server as TestServer).request("POST", "/api/chat", { body }), ChatResponseSchema);
    server.fake.script(reply().text("Busy").gate("busy"), reply().text("Read them all."));
    const first = await post({ text: "Start" });
    await server.fake.waitForGate("busy");
    const queued = [];
    for (let index = 0; index < 30; index++) {
      queued.push(await post({ session_id: first.session_id, text: bigMessage(index) }));
    }
    await waitForEvent(events, "QueueUpdated", (event) => event.length === 30);

    const frames = events.frames.filter((frame) => frame.message.kind === "queue");
    expect(frames).toHaveLength(30);
    const sizes = frames.map((frame) => Buffer.byteLength(frame.raw));
    // The 30th event is no bigger than the first: it carries the one message added, as a preview.
    expect(Math.max(...sizes)).toBeLessThan(1_500);
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThan(100);

    // The whole text is in the queue table once, and in no event; a client fetches it by id.
    const database = server.server.context.store.database;
    const count = (sql: string) => (database.prepare(sql).get("%END-OF-NOTE-29%") as { n: number }).n;
    const log = readLog(server.server);
    expect(log.filter((entry) => entry.frame.includes("END-OF-NOTE-29"))).toEqual([]);
    expect(count("SELECT COUNT(*) AS n FROM queue_items WHERE text LIKE ?")).toBe(1);
    const item = await decodeResponse(
      await server.request("GET", `/api/queue-items/${queued[29]?.queue_item_id}`),
      QueueItemSchema,
    );
    expect(item.text).toBe(bigMessage(29));
    const state = await decodeResponse(
      await server.request("GET", `/api/sessions/${first.session_id}/state`),
      SessionStateSchema,
    );
    expect(state.queue.map((entry) => [entry.truncated, entry.text_length])).toEqual(
      queued.map((_, index) => [true, bigMessage(index).length]),
    );

    // When the agent reads them, one event says so, and the model gets every message whole.
    server.fake.release("busy");
    const delivered = await waitForEvent(events, "QueueUpdated", (event) => event.change === "delivered");
    expect(delivered.length).toBe(0);
    expect(delivered.items.map((entry) => entry.id)).toEqual(queued.map((entry) => entry.queue_item_id));
    const lastRequest = JSON.stringify((await server.fake.waitForRequest(1)).body);
    expect(lastRequest).toContain("END-OF-NOTE-0");
    expect(lastRequest).toContain("END-OF-NOTE-29");
    await events.close();
  });

  it("refuses a message past the queue limit with 429 queue_full, storing nothing", async () => {
    server = await startTestServer({ env: { PARLEY_MAX_QUEUE_LENGTH: "2" } });
    server.fake.script(reply().text("Busy").gate("busy"));
    const first = await server.json<{ session_id: string; run_id: string }>("POST", "/api/chat", {
      text: "Start",
    });
    await server.fake.waitForGate("busy");
    for (const text of ["one", "two"]) {
      await server.json("POST", "/api/chat", { session_id: first.session_id, text });
    }
    const before = writtenState(server);
    const refused = await expectApiError(
      await server.request("POST", "/api/chat", { body: { session_id: first.session_id, text: "three" } }),
      429,
      "queue_full",
    );
    expect(refused.error.message).toContain("PARLEY_MAX_QUEUE_LENGTH");
    expect(refused.error.details).toEqual({ limit: 2 });
    expect(writtenState(server)).toEqual(before);
    const limits = await server.json<{ max_queue_length: number }>("GET", "/api/limits");
    expect(limits.max_queue_length).toBe(2);
    server.fake.release("busy");
  });
});
