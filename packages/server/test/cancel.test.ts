import {
  AgentCancelResponseSchema,
  AgentRunListSchema,
  AgentStatusSchema,
  ChatResponseSchema,
  MessagePageSchema,
} from "@parley/protocol";
import { hang, reply } from "@parley/testkit";
import { beforeAll, describe, expect, it } from "vitest";
import { decodeResponse, expectApiError, modelRequest } from "./support/api-checks.ts";
import { type ConnectionWatch, watchConnections } from "./support/connection-watch.ts";
import { eventsOfType, runEvents, waitForEvent, waitForOutcome } from "./support/server-events.ts";
import { useServerEvents, useTestServer } from "./support/use-test-server.ts";

describe("cancelling a run", () => {
  const server = useTestServer();
  const events = useServerEvents(server);

  const post = async (body: Record<string, unknown>) =>
    decodeResponse(await server.request("POST", "/api/chat", { body }), ChatResponseSchema);
  const cancel = async (body: Record<string, unknown>) =>
    decodeResponse(await server.request("POST", "/api/agent-cancel", { body }), AgentCancelResponseSchema);
  const runsOf = async (sessionId: string) =>
    (
      await decodeResponse(
        await server.request("GET", `/api/agent-runs?session_id=${sessionId}`),
        AgentRunListSchema,
      )
    ).runs;

  it("ends a streaming run as cancelled, aborts the model request and streams nothing after the outcome", async () => {
    server.fake.script(reply().text("Partial answer").hang());
    const chat = await post({ text: "Write a long essay" });
    const runId = chat.run_id as string;
    await waitForEvent(
      events,
      "Token",
      (event) => event.run_id === runId && event.token === "Partial answer",
    );
    await server.fake.waitForGate("hang");

    expect(await cancel({ run_id: runId })).toEqual({ cancelled: [runId] });
    const outcome = await waitForOutcome(events, runId);

    expect(outcome.outcome).toBe("cancelled");
    expect(await server.fake.waitForResponseEnd(0)).toBe("client_aborted");
    const [run] = await runsOf(chat.session_id);
    expect(run).toMatchObject({
      id: runId,
      status: "cancelled",
      ended_at_ms: expect.any(Number),
      result: null,
    });
    const status = await decodeResponse(
      await server.request("GET", `/api/sessions/${chat.session_id}/status`),
      AgentStatusSchema,
    );
    expect(status).toEqual({ processing: false, startedAt: null });

    // A later run of the same session is delivered after everything the cancelled run could still send.
    server.fake.script(reply().text("Short answer."));
    const next = await post({ session_id: chat.session_id, text: "Just a short one then" });
    expect(next.status).toBe("started");
    await waitForOutcome(events, next.run_id as string);
    const ofRun = runEvents(events.frames, runId).map((event) => event.type);
    expect(ofRun.slice(ofRun.indexOf("Outcome"))).toEqual(["Outcome", "ContextUsage"]);
    expect(ofRun.filter((type) => type === "Token")).toHaveLength(1);
    // The model is told its answer was interrupted, after the part of it the user saw.
    const nextRequest = JSON.stringify(modelRequest(server, 1));
    expect(nextRequest).toContain("[Request interrupted by user]");
    expect(nextRequest.indexOf("Partial answer")).toBeGreaterThan(-1);
    expect(nextRequest.indexOf("Partial answer")).toBeLessThan(
      nextRequest.indexOf("[Request interrupted by user]"),
    );
    // What the user saw streaming is kept as the run's answer, so a refetch does not make it vanish.
    const page = await decodeResponse(
      await server.request("GET", `/api/sessions/${chat.session_id}/messages`),
      MessagePageSchema,
    );
    const answers = page.messages.filter(
      (message) => message.run_id === runId && message.role === "assistant",
    );
    expect(answers.map((message) => (message.rich.data as { text: string }).text)).toEqual([
      "Partial answer",
    ]);
    // Cancelling a run that has ended stops nothing.
    expect(await cancel({ run_id: runId })).toEqual({ cancelled: [] });
  });

  it("clear_queue drops the messages waiting for the cancelled agent", async () => {
    server.fake.script(hang());
    const chat = await post({ text: "Refactor everything" });
    await server.fake.waitForGate("hang");
    const queued = await post({ session_id: chat.session_id, text: "Also rename the package" });
    expect(queued.status).toBe("queued");

    await cancel({ run_id: chat.run_id, clear_queue: true });
    await waitForOutcome(events, chat.run_id as string);

    const queueChanges = eventsOfType(events.frames, "QueueUpdated", chat.session_id).map((event) => [
      event.change,
      event.items.map((item) => item.preview),
      event.length,
    ]);
    expect(queueChanges).toEqual([
      ["added", ["Also rename the package"], 1],
      ["cleared", ["Also rename the package"], 0],
    ]);
    await expectApiError(
      await server.request("DELETE", `/api/queue-items/${queued.queue_item_id}`),
      409,
      "conflict",
    );
    server.fake.script(reply().text("Okay."));
    const next = await post({ session_id: chat.session_id, text: "Start over" });
    expect(next.status).toBe("started");
    await waitForOutcome(events, next.run_id as string);
    expect((await runsOf(chat.session_id)).map((run) => [run.prompt, run.status])).toEqual([
      ["Refactor everything", "cancelled"],
      ["Start over", "completed"],
    ]);
    expect(JSON.stringify(server.fake.requests.map((request) => request.body))).not.toContain(
      "Also rename the package",
    );
  });

  it("without clear_queue, the waiting message starts the next run", async () => {
    server.fake.script(hang(), reply().text("Renamed."));
    const chat = await post({ text: "Refactor everything" });
    await server.fake.waitForGate("hang");
    await post({ session_id: chat.session_id, text: "Only rename the package" });

    await cancel({ run_id: chat.run_id });

    const next = await waitForEvent(
      events,
      "Message",
      (event) => event.session_id === chat.session_id && event.content === "Only rename the package",
    );
    expect(next.run_id).not.toBe(chat.run_id);
    expect((await waitForOutcome(events, next.run_id as string)).outcome).toBe("success");
    expect((await runsOf(chat.session_id)).map((run) => run.status)).toEqual(["cancelled", "completed"]);
  });

  it("answers 404 for a run that does not exist", async () => {
    await expectApiError(
      await server.request("POST", "/api/agent-cancel", { body: { run_id: "run_unknown" } }),
      404,
      "not_found",
    );
  });
});

describe("a client that goes away", () => {
  let connections: ConnectionWatch;
  const server = useTestServer();
  beforeAll(async () => {
    connections = watchConnections(server.server.context);
  });

  it("never cancels a run when its event stream closes", async () => {
    server.fake.script(reply().text("Started, ").gate("resume").text("and finished."));
    const watcher = await server.events();
    const chat = await server.json<{ session_id: string; run_id: string }>("POST", "/api/chat", {
      text: "Do the thing",
    });
    await waitForEvent(watcher, "Token", (event) => event.run_id === chat.run_id);
    await server.fake.waitForGate("resume");

    await watcher.close();
    // The server has seen the stream go before the model continues.
    await connections.waitForCount(0);
    server.fake.release("resume");

    // Reconnecting from the last seen seq replays the rest of the run.
    const resumed = await server.events({ after: watcher.lastSeq });
    const outcome = await waitForOutcome(resumed, chat.run_id);
    expect(outcome.outcome).toBe("success");
    expect(eventsOfType(resumed.frames, "TextSegment").map((event) => event.text)).toEqual([
      "Started, and finished.",
    ]);
    await resumed.close();
  });

  it("never cancels a run when the request waiting for its reply is dropped", async () => {
    server.fake.script(reply().text("Slow ").gate("resume").text("reply."));
    const session = await server.json<{ id: string }>("POST", "/api/sessions", {});
    const watcher = await server.events();
    const aborter = new AbortController();
    const waiting = fetch(`${server.url}/api/sessions/${session.id}/messages`, {
      method: "POST",
      headers: { authorization: `Bearer ${server.server.token}`, "content-type": "application/json" },
      body: JSON.stringify({ text: "Reply when you can" }),
      signal: aborter.signal,
    });
    await server.fake.waitForGate("resume");

    aborter.abort();
    await expect(waiting).rejects.toThrow();
    // One more round trip, so the server has seen the dropped connection before the model continues.
    expect((await server.request("GET", "/api/health")).status).toBe(200);
    server.fake.release("resume");

    const started = await waitForEvent(watcher, "Message", (event) => event.session_id === session.id);
    const outcome = await waitForOutcome(watcher, started.run_id as string);
    expect(outcome.outcome).toBe("success");
    const page = await decodeResponse(
      await server.request("GET", `/api/sessions/${session.id}/messages`),
      MessagePageSchema,
    );
    expect(page.messages.map((message) => (message.rich.data as { text: string }).text)).toEqual([
      "Reply when you can",
      "Slow reply.",
    ]);
    await watcher.close();
  });
});
