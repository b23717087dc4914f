import {
  AgentRunListSchema,
  type ChatResponse,
  ChatResponseSchema,
  QueueItemRemovedSchema,
  SessionListSchema,
  SessionStateSchema,
} from "@parley/protocol";
import { reply } from "@parley/testkit";
import { describe, expect, it } from "vitest";
import { decodeResponse, expectApiError, modelRequest } from "./support/api-checks.ts";
import { eventsOfType, waitForEvent, waitForOutcome } from "./support/server-events.ts";
import { useServerEvents, useTestServer } from "./support/use-test-server.ts";

describe("sending messages to a busy agent", () => {
  const server = useTestServer();
  const events = useServerEvents(server);

  const post = async (body: Record<string, unknown>) =>
    decodeResponse(await server.request("POST", "/api/chat", { body }), ChatResponseSchema);
  const runsOf = async (sessionId: string) =>
    (
      await decodeResponse(
        await server.request("GET", `/api/agent-runs?session_id=${sessionId}`),
        AgentRunListSchema,
      )
    ).runs;

  it("queues the message, announces it, and gives it to the model at the run's next loop iteration", async () => {
    server.fake.script(
      reply().text("Looking it up.").gate("tool-call").toolCall("lookup", { query: "weather" }),
      reply().text("Switching to Lisbon, as you asked."),
    );
    const first = await post({ text: "What's the weather in Paris?" });
    await server.fake.waitForGate("tool-call");

    const second = await post({ session_id: first.session_id, text: "Actually, Lisbon please." });
    expect(second).toEqual({
      session_id: first.session_id,
      agent_id: "main",
      status: "queued",
      queue_item_id: expect.any(String),
      duplicate: false,
    });
    const announced = await waitForEvent(
      events,
      "QueueUpdated",
      (event) => event.session_id === first.session_id && event.change === "added",
    );
    expect(announced).toMatchObject({
      session_id: first.session_id,
      agent_id: "main",
      change: "added",
      items: [
        {
          id: second.queue_item_id,
          preview: "Actually, Lisbon please.",
          text_length: 24,
          truncated: false,
          queued_at_ms: expect.any(Number),
        },
      ],
      length: 1,
    });
    const state = await decodeResponse(
      await server.request("GET", `/api/sessions/${first.session_id}/state`),
      SessionStateSchema,
    );
    expect(state.queue.map((item) => item.preview)).toEqual(["Actually, Lisbon please."]);

    server.fake.release("tool-call");
    const outcome = await waitForOutcome(events, first.run_id as string);

    expect(outcome.outcome).toBe("success");
    // The model's second request (after the tool round trip) carries the queued message.
    const lastUserTurn = modelRequest(server, 1).messages.at(-1);
    expect(lastUserTurn?.role).toBe("user");
    expect(lastUserTurn?.content.map((block) => block.type)).toEqual(["tool_result", "text"]);
    expect(lastUserTurn?.content[1]?.text).toBe("Actually, Lisbon please.");
    expect(server.fake.requests).toHaveLength(2);
    const queueChanges = eventsOfType(events.frames, "QueueUpdated", first.session_id).map((event) => [
      event.change,
      event.items.map((item) => item.id),
      event.length,
    ]);
    expect(queueChanges).toEqual([
      ["added", [second.queue_item_id], 1],
      ["delivered", [second.queue_item_id], 0],
    ]);
    const delivered = eventsOfType(events.frames, "Message", first.session_id).map((event) => [
      event.content,
      event.run_id,
    ]);
    expect(delivered).toEqual([
      ["What's the weather in Paris?", first.run_id],
      ["Actually, Lisbon please.", first.run_id],
    ]);
    expect(await runsOf(first.session_id)).toHaveLength(1);

    await expectApiError(
      await server.request("DELETE", `/api/queue-items/${second.queue_item_id}`),
      409,
      "conflict",
    );
    const after = await decodeResponse(
      await server.request("GET", `/api/sessions/${first.session_id}/state`),
      SessionStateSchema,
    );
    expect(after.queue).toEqual([]);
    expect(
      after.messages.map((message) => [message.role, (message.rich.data as { text: string }).text]),
    ).toEqual([
      ["user", "What's the weather in Paris?"],
      ["assistant", "Looking it up."],
      ["user", "Actually, Lisbon please."],
      ["assistant", "Switching to Lisbon, as you asked."],
    ]);
  });

  it("starts the next run with messages that arrived after the model's last request, in order", async () => {
    server.fake.script(
      reply().text("Counting").gate("answer").text(" to three."),
      reply().text("Got both notes."),
    );
    const first = await post({ text: "Count to three." });
    await server.fake.waitForGate("answer");
    const second = await post({ session_id: first.session_id, text: "Note one." });
    const third = await post({ session_id: first.session_id, text: "Note two." });
    expect([second.status, third.status]).toEqual(["queued", "queued"]);

    server.fake.release("answer");
    await waitForOutcome(events, first.run_id as string);
    const next = await waitForEvent(
      events,
      "Message",
      (event) => event.session_id === first.session_id && event.content === "Note two.",
    );
    expect(next.run_id).not.toBe(first.run_id);
    await waitForOutcome(events, next.run_id as string);

    expect(modelRequest(server, 1).messages).toEqual([
      { role: "user", content: [{ type: "text", text: "Count to three." }] },
      { role: "assistant", content: [{ type: "text", text: "Counting to three." }] },
      {
        role: "user",
        content: [
          { type: "text", text: "Note one." },
          { type: "text", text: "Note two." },
        ],
      },
    ]);
    const runs = await runsOf(first.session_id);
    expect(runs.map((run) => [run.prompt, run.status])).toEqual([
      ["Count to three.", "completed"],
      ["Note one.\n\nNote two.", "completed"],
    ]);
    const queueChanges = eventsOfType(events.frames, "QueueUpdated", first.session_id).map((event) => [
      event.change,
      event.items.map((item) => item.preview),
      event.length,
    ]);
    expect(queueChanges).toEqual([
      ["added", ["Note one."], 1],
      ["added", ["Note two."], 2],
      ["delivered", ["Note one.", "Note two."], 0],
    ]);
  });

  it("removes a queued message before the agent sees it", async () => {
    server.fake.script(reply().text("Thinking").gate("slow").text(" done."));
    const first = await post({ text: "Take your time." });
    await server.fake.waitForGate("slow");
    const queued = await post({ session_id: first.session_id, text: "Never mind this." });

    const removed = await decodeResponse(
      await server.request("DELETE", `/api/queue-items/${queued.queue_item_id}`),
      QueueItemRemovedSchema,
    );
    expect(removed).toEqual({ removed: true, item_id: queued.queue_item_id });
    await waitForEvent(
      events,
      "QueueUpdated",
      (event) => event.session_id === first.session_id && event.change === "removed" && event.length === 0,
    );
    await expectApiError(
      await server.request("DELETE", `/api/queue-items/${queued.queue_item_id}`),
      409,
      "conflict",
    );
    await expectApiError(
      await server.request("DELETE", "/api/queue-items/q_does_not_exist"),
      404,
      "not_found",
    );

    server.fake.release("slow");
    await waitForOutcome(events, first.run_id as string);
    // Another message proves no run was started for the removed one: it becomes the second run.
    server.fake.script(reply().text("Sure."));
    const later = await post({ session_id: first.session_id, text: "One more thing." });
    expect(later.status).toBe("started");
    await waitForOutcome(events, later.run_id as string);

    expect((await runsOf(first.session_id)).map((run) => run.prompt)).toEqual([
      "Take your time.",
      "One more thing.",
    ]);
    expect(JSON.stringify(server.fake.requests.map((request) => request.body))).not.toContain(
      "Never mind this.",
    );
  });
});

describe("retrying a chat request with the same client_message_id", () => {
  const server = useTestServer();
  const events = useServerEvents(server);

  const post = async (body: Record<string, unknown>) =>
    decodeResponse(await server.request("POST", "/api/chat", { body }), ChatResponseSchema);
  const sessionCount = async () =>
    (await decodeResponse(await server.request("GET", "/api/sessions"), SessionListSchema)).sessions.length;

  it("returns the first response marked duplicate and never runs the message twice", async () => {
    server.fake.script(reply().text("Done once."));
    const body = { text: "Deploy the site", client_message_id: "retry-sequential-1" };
    const first = await post(body);
    await waitForOutcome(events, first.run_id as string);

    const retry = await post(body);

    expect(first.duplicate).toBe(false);
    expect(retry).toEqual({ ...first, duplicate: true });
    expect(server.fake.requests).toHaveLength(1);
    const state = await decodeResponse(
      await server.request("GET", `/api/sessions/${first.session_id}/state`),
      SessionStateSchema,
    );
    expect(state.messages.filter((message) => message.role === "user")).toHaveLength(1);
  });

  it("runs concurrent retries once, in one new session", async () => {
    server.fake.script(reply().text("Only once."));
    const sessionsBefore = await sessionCount();
    const body = { text: "Charge the card", client_message_id: "retry-concurrent-1" };

    const responses = await Promise.all(Array.from({ length: 5 }, () => post(body)));

    const originals = responses.filter((response) => !response.duplicate);
    expect(originals).toHaveLength(1);
    const original = originals[0] as ChatResponse;
    for (const response of responses)
      expect(response).toEqual({ ...original, duplicate: response.duplicate });
    await waitForOutcome(events, original.run_id as string);
    expect(server.fake.requests).toHaveLength(1);
    expect(await sessionCount()).toBe(sessionsBefore + 1);
    const userMessages = eventsOfType(events.frames, "Message", original.session_id).filter(
      (event) => event.role === "user",
    );
    expect(userMessages.map((event) => event.client_message_id)).toEqual(["retry-concurrent-1"]);
  });

  it("queues a retried message to a busy agent once", async () => {
    server.fake.script(reply().text("Busy").gate("busy"), reply().text("Handled the queued one."));
    const first = await post({ text: "Start something long" });
    await server.fake.waitForGate("busy");
    const body = { session_id: first.session_id, text: "And then this", client_message_id: "retry-queued-1" };

    const [queued, retried] = await Promise.all([post(body), post(body)]);

    expect(queued.status).toBe("queued");
    expect(retried).toEqual({ ...queued, duplicate: retried.duplicate });
    expect([queued.duplicate, retried.duplicate].sort()).toEqual([false, true]);
    const state = await decodeResponse(
      await server.request("GET", `/api/sessions/${first.session_id}/state`),
      SessionStateSchema,
    );
    expect(state.queue.map((item) => [item.preview, item.client_message_id])).toEqual([
      ["And then this", "retry-queued-1"],
    ]);

    server.fake.release("busy");
    const next = await waitForEvent(
      events,
      "Message",
      (event) => event.session_id === first.session_id && event.content === "And then this",
    );
    await waitForOutcome(events, next.run_id as string);
    expect(server.fake.requests).toHaveLength(2);
  });
});
