import { hang, reply } from "@parley/testkit";
import { afterEach, describe, expect, it } from "vitest";
import { ChatStore, type ChatStoreOptions } from "../src/chat-store.ts";
import { startTestServer, type TestServer } from "./support/real-server.ts";
import { deferred, messagesOf, tapBody, turnOf, waitForState } from "./support/store-helpers.ts";

/** A fetch that passes requests to the real server, letting a test intercept some of them. */
type Intercept = (
  url: string,
  init: RequestInit | undefined,
  real: () => Promise<Response>,
) => Promise<Response>;

describe("ChatStore against the real server", () => {
  let server: TestServer;
  const stores: ChatStore[] = [];
  const warnings: string[] = [];
  afterEach(async () => {
    for (const store of stores.splice(0)) store.stop();
    await server?.dispose();
    expect(warnings.splice(0)).toEqual([]);
  });

  function newStore(intercept?: Intercept, options: ChatStoreOptions = {}): ChatStore {
    const fetchThrough: typeof fetch = (input, init) => {
      const real = () => fetch(input, init);
      return intercept === undefined ? real() : intercept(String(input), init, real);
    };
    const store = new ChatStore({
      baseUrl: server.url,
      token: server.server.token,
      fetch: fetchThrough,
      heartbeatIntervalMs: 60_000,
      sendRetry: { retries: 3, backoff: { initialMs: 0, maxMs: 0, factor: 2, jitter: 0 } },
      onWarning: (message) => warnings.push(message),
      ...options,
    });
    stores.push(store);
    return store;
  }

  it("shows the message at once, creates the session, confirms the bubble and streams the answer", async () => {
    server = await startTestServer();
    server.fake.script(reply().thinking("Hmm.").text("Hello ").text("there!"));
    // The chat response is held until the whole run has streamed to the store, so every event of the
    // new session arrives before the store knows the session's id.
    const chatSent = deferred<Response>();
    const runStreamed = deferred();
    const store = newStore(async (url, _init, real) => {
      if (url.includes("/api/events")) {
        return tapBody(await real(), (text) => {
          if (text.includes('"phase":"context_usage"')) runStreamed.resolve();
        });
      }
      if (!url.endsWith("/api/chat")) return real();
      const response = await real();
      chatSent.resolve(response);
      await runStreamed.promise;
      return response;
    });
    await store.start();
    expect(store.getSnapshot()).toMatchObject({
      sessions: [],
      model: { ref: "anthropic:claude-test-1", isDemo: false },
      idlePrompts: { enabled: false, after_seconds: 600, max_turns_per_mission: 5, source: "default" },
    });
    await waitForState(store, (state) => state.connection === "connected");

    const sending = store.sendMessage("Say hello");
    const optimistic = await waitForState(store, (state) => messagesOf(state).length > 0);
    expect(optimistic.activeSessionId).toBeUndefined();
    expect(messagesOf(optimistic)).toEqual([
      expect.objectContaining({ role: "user", text: "Say hello", pending: true }),
    ]);

    const chat = (await (await chatSent.promise).clone().json()) as {
      session_id: string;
      run_id: string;
      message_id: string;
    };
    await sending;
    const done = await waitForState(store, (state) => turnOf(state, chat.run_id)?.outcome === "success");

    expect(done.activeSessionId).toBe(chat.session_id);
    expect(
      messagesOf(done).map((message) => [message.id, message.role, message.text, message.pending]),
    ).toEqual([
      [chat.message_id, "user", "Say hello", undefined],
      [chat.run_id, "agent", "Hello there!", undefined],
    ]);
    expect(turnOf(done, chat.run_id)).toMatchObject({
      thinkingText: "Hmm.",
      contextTokens: expect.any(Number),
      durationMs: expect.any(Number),
    });
    expect(done.session?.busy).toBe(false);
    const listed = await waitForState(store, (state) => state.sessions.length === 1);
    expect(listed.sessions[0]).toMatchObject({ id: chat.session_id, title: "Say hello" });
  });

  it("opens a session mid-answer and continues the text with nothing lost or doubled", async () => {
    server = await startTestServer();
    server.fake.script(reply().text("One, ").text("two, ").gate("middle").text("three, ").text("four."));
    const writer = newStore();
    await writer.start();
    await writer.sendMessage("Count to four");
    await server.fake.waitForGate("middle");
    const { activeSessionId: sessionId, session } = await waitForState(
      writer,
      (state) => state.session?.activeRunId !== undefined,
    );
    const runId = session?.activeRunId as string;

    // A second tab (or a reload): its snapshot is taken now, but answered only after the run has ended,
    // so every later event reaches it through the stream while the snapshot is in flight.
    const snapshotTaken = deferred();
    const answerSnapshot = deferred();
    const runEndReached = deferred();
    const reader = newStore(async (url, _init, real) => {
      if (url.includes("/state")) {
        const response = await real();
        snapshotTaken.resolve();
        await answerSnapshot.promise;
        return response;
      }
      const response = await real();
      if (!url.includes("/api/events")) return response;
      return tapBody(response, (text) => {
        if (text.includes('"phase":"context_usage"') && text.includes(runId)) runEndReached.resolve();
      });
    });
    await reader.start();
    const opening = reader.openSession(sessionId as string);
    await snapshotTaken.promise;
    server.fake.release("middle");
    await runEndReached.promise;
    expect(reader.getSnapshot()).toMatchObject({ activeSessionId: sessionId, loadingSession: true });
    answerSnapshot.resolve();
    await opening;

    const shown = await waitForState(reader, (state) => turnOf(state, runId)?.outcome === "success");
    expect(turnOf(shown, runId)?.text).toBe("One, two, three, four.");
    expect(turnOf(shown, runId)?.segments).toEqual([
      { id: `${runId}.0`, text: "One, two, three, four.", streaming: false },
    ]);
    const written = await waitForState(writer, (state) => turnOf(state, runId)?.outcome === "success");
    expect(messagesOf(shown).map((message) => [message.id, message.text])).toEqual(
      messagesOf(written).map((message) => [message.id, message.text]),
    );
  });

  it("shows the partial answer of a session opened while the answer streams", async () => {
    server = await startTestServer();
    server.fake.script(reply().text("Streaming ").text("so far").gate("hold").text(" and the rest."));
    const writer = newStore();
    await writer.start();
    await writer.sendMessage("Go");
    await server.fake.waitForGate("hold");
    const sessionId = writer.getSnapshot().activeSessionId as string;

    const reader = newStore();
    await reader.start();
    await reader.openSession(sessionId);
    const midway = reader.getSnapshot();
    const runId = midway.session?.activeRunId as string;
    expect(turnOf(midway, runId)).toMatchObject({
      isGenerating: true,
      liveText: "Streaming so far",
      text: "Streaming so far",
    });
    expect(midway.session?.busy).toBe(true);

    server.fake.release("hold");
    const finished = await waitForState(reader, (state) => turnOf(state, runId)?.outcome === "success");
    expect(turnOf(finished, runId)?.text).toBe("Streaming so far and the rest.");
  });

  it("retries a send whose response was lost with the same client_message_id, and the server runs it once", async () => {
    server = await startTestServer();
    server.fake.script(reply().text("Done once."));
    const bodies: { client_message_id: string }[] = [];
    const store = newStore(async (url, init, real) => {
      if (!url.endsWith("/api/chat")) return real();
      bodies.push(JSON.parse(String(init?.body)));
      const response = await real();
      if (bodies.length === 1) throw new TypeError("socket hang up");
      return response;
    });
    await store.start();
    await store.sendMessage("Only once please");
    const done = await waitForState(store, (state) =>
      messagesOf(state).some((message) => message.outcome === "success"),
    );

    expect(bodies).toHaveLength(2);
    expect(bodies[1]?.client_message_id).toBe(bodies[0]?.client_message_id);
    expect(messagesOf(done).map((message) => [message.role, message.text])).toEqual([
      ["user", "Only once please"],
      ["agent", "Done once."],
    ]);
    const runs = await server.json<{ runs: unknown[] }>(
      "GET",
      `/api/agent-runs?session_id=${done.activeSessionId}`,
    );
    expect(runs.runs).toHaveLength(1);
    expect(server.fake.requests).toHaveLength(1);
    expect(done.error).toBeUndefined();
  });

  it("reports a send that keeps failing and keeps the unsent message visible", async () => {
    server = await startTestServer();
    let attempts = 0;
    const store = newStore(async (url, _init, real) => {
      if (!url.endsWith("/api/chat")) return real();
      attempts += 1;
      return new Response(JSON.stringify({ error: { code: "unavailable", message: "restarting" } }), {
        status: 503,
      });
    });
    await store.start();
    await store.sendMessage("Anyone there?");
    const failed = await waitForState(store, (state) => state.error !== undefined);

    expect(attempts).toBe(4);
    expect(failed.error).toContain("restarting");
    expect(messagesOf(failed)).toEqual([
      expect.objectContaining({ text: "Anyone there?", error: "restarting" }),
    ]);
    expect(messagesOf(failed)[0]?.pending).toBeUndefined();
    store.dismissError();
    expect((await waitForState(store, (state) => state.error === undefined)).error).toBeUndefined();
  });

  it("queues messages sent while the agent is busy, lets one be removed, and delivers the rest", async () => {
    server = await startTestServer();
    server.fake.script(reply().text("Busy").gate("busy"), reply().text("Handled the queued one."));
    const store = newStore();
    await store.start();
    await store.sendMessage("first");
    await server.fake.waitForGate("busy");
    await store.sendMessage("second");
    await store.sendMessage("third");
    const queued = await waitForState(store, (state) => state.session?.queue.length === 2);

    expect(queued.session?.queue.map((item) => item.text)).toEqual(["second", "third"]);
    expect(
      messagesOf(queued)
        .filter((message) => message.role === "user")
        .map((message) => message.text),
    ).toEqual(["first"]);
    const third = queued.session?.queue[1]?.id as string;
    await store.removeQueued(third);
    expect(
      (await waitForState(store, (state) => state.session?.queue.length === 1)).session?.queue[0]?.text,
    ).toBe("second");

    server.fake.release("busy");
    const done = await waitForState(
      store,
      (state) => messagesOf(state).filter((message) => message.outcome === "success").length === 2,
    );
    expect(messagesOf(done).map((message) => [message.role, message.text])).toEqual([
      ["user", "first"],
      ["agent", "Busy"],
      ["user", "second"],
      ["agent", "Handled the queued one."],
    ]);
    expect(done.session?.queue).toEqual([]);
    expect(done.session?.busy).toBe(false);
  });

  it("stops the running turn on request", async () => {
    server = await startTestServer();
    server.fake.script(reply().text("Working on it").hang());
    const store = newStore();
    await store.start();
    await store.sendMessage("Take your time");
    const running = await waitForState(store, (state) =>
      messagesOf(state).some((message) => message.text === "Working on it"),
    );
    expect(running.session?.busy).toBe(true);

    await store.stopRun();
    const stopped = await waitForState(store, (state) => state.session?.busy === false);
    const answer = messagesOf(stopped).find((message) => message.role === "agent");
    expect(answer).toMatchObject({ outcome: "cancelled", text: "Working on it" });
    expect(answer?.isGenerating).toBeUndefined();
  });

  it("follows renames and deletions made elsewhere", async () => {
    server = await startTestServer();
    server.fake.script(reply().text("Hi."));
    const store = newStore();
    await store.start();
    await store.sendMessage("Name me");
    const { activeSessionId } = await waitForState(
      store,
      (state) => state.sessions.length === 1 && state.activeSessionId !== undefined,
    );

    await server.json("PATCH", `/api/sessions/${activeSessionId}`, { title: "Renamed elsewhere" });
    await waitForState(store, (state) => state.sessions[0]?.title === "Renamed elsewhere");
    await server.json("DELETE", `/api/sessions/${activeSessionId}`);
    const gone = await waitForState(
      store,
      (state) => state.sessions.length === 0 && state.activeSessionId === undefined,
    );
    expect(gone.session).toBeUndefined();
  });

  it("renames and deletes sessions itself", async () => {
    server = await startTestServer();
    const created = await server.json<{ id: string }>("POST", "/api/sessions", { title: "Draft" });
    const store = newStore();
    await store.start();
    await store.openSession(created.id);
    await store.renameSession(created.id, "Final");
    expect(
      (await waitForState(store, (state) => state.sessions[0]?.title === "Final")).sessions,
    ).toHaveLength(1);
    await store.deleteSession(created.id);
    const after = await waitForState(store, (state) => state.sessions.length === 0);
    expect(after.activeSessionId).toBeUndefined();
  });

  it("pages back through older messages", async () => {
    server = await startTestServer();
    server.fake.script(reply().text("A1"), reply().text("A2"), reply().text("A3"));
    const writer = newStore();
    await writer.start();
    for (const text of ["Q1", "Q2", "Q3"]) {
      await writer.sendMessage(text);
      await waitForState(
        writer,
        (state) =>
          messagesOf(state).filter((message) => message.outcome !== undefined).length === Number(text[1]),
      );
    }
    const sessionId = writer.getSnapshot().activeSessionId as string;

    const reader = newStore(undefined, { pageSize: 2 });
    await reader.start();
    await reader.openSession(sessionId);
    expect(messagesOf(reader.getSnapshot()).map((message) => message.text)).toEqual(["Q3", "A3"]);
    expect(reader.getSnapshot().session?.hasOlder).toBe(true);
    await reader.loadOlder();
    await reader.loadOlder();
    const all = await waitForState(reader, (state) => state.session?.hasOlder === false);
    expect(messagesOf(all).map((message) => message.text)).toEqual(["Q1", "A1", "Q2", "A2", "Q3", "A3"]);
  });

  it("says it is signed out when the server refuses its token", async () => {
    server = await startTestServer();
    const store = newStore(undefined, { token: "not-the-token" });
    await store.start();
    const state = await waitForState(
      store,
      (current) => current.connection === "offline" && current.signedOut === true,
    );
    expect(state.error).toContain("signed out");
  });

  it("keeps working when a stored session it shows has a hanging model", async () => {
    server = await startTestServer();
    server.fake.script(hang());
    const store = newStore();
    await store.start();
    await store.sendMessage("Hello?");
    const busy = await waitForState(store, (state) => state.session?.busy === true);
    expect(busy.connection).toBe("connected");
    await store.stopRun({ clearQueue: true });
    await waitForState(store, (state) => state.session?.busy === false);
  });
});
