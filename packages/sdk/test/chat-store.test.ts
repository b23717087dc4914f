import type { SessionState } from "@parley/protocol";
import { describe, expect, it } from "vitest";
import { chatReducer } from "../src/chat-reducer.ts";
import type { ConnectionStatus } from "../src/chat-state.ts";
import { ChatStore } from "../src/chat-store.ts";
import { emptySessionState } from "../src/session-snapshot.ts";
import { handleSseMessage } from "../src/sse-event-handlers.ts";
import { fakeApi } from "./support/fake-api.ts";
import { ManualTimers } from "./support/manual-timers.ts";
import { ScriptedEvents } from "./support/scripted-events.ts";
import { fixture, fixtureState, framesOf, streamBytesAfter } from "./support/server-fixture.ts";
import { deferred } from "./support/store-helpers.ts";

const sessionId = fixture.chats.first.session_id;
const finalState = fixtureState(sessionId);
const settings = {
  settings: {},
  api_keys: [],
  model: {
    ref: "demo:parley-demo",
    label: "Demo model (offline)",
    provider: "demo",
    model: "parley-demo",
    is_demo: true,
    source: "default",
  },
};

/** The session as it was before its first message: what a store that opens it early loads. */
const emptySnapshot: SessionState = { ...finalState, messages: [], head_seq: 0 };

/** A store on a fake API whose renders run only when the test runs the pending frame callbacks. */
function setup(stateOf: () => SessionState | Promise<SessionState> = () => emptySnapshot) {
  const events = new ScriptedEvents();
  const renders: (() => void)[] = [];
  const requests: string[] = [];
  const statuses: ConnectionStatus[] = [];
  const warnings: string[] = [];
  const store = new ChatStore({
    fetch: fakeApi(events, ({ method, path }) => {
      requests.push(`${method} ${path}`);
      if (path === "/api/sessions") return { sessions: [finalState.session] };
      if (path === "/api/settings") return settings;
      if (path === `/api/sessions/${sessionId}/state`) return stateOf();
      return undefined;
    }),
    timers: new ManualTimers(),
    scheduleRender: (callback) => renders.push(callback),
    onWarning: (message) => warnings.push(message),
  });
  let notified = 0;
  store.subscribe(() => {
    notified += 1;
    const connection = store.getSnapshot().connection;
    if (statuses.at(-1) !== connection) statuses.push(connection);
  });
  const runRenders = () => {
    for (const render of renders.splice(0)) render();
  };
  /** The stream's current connection (opening a session may have restarted it at the snapshot's head). */
  const liveConnection = async () => {
    await settle();
    const connection = events.connections.at(-1);
    if (connection === undefined || connection.closed) throw new Error("no open event stream");
    return connection;
  };
  return {
    events,
    store,
    renders,
    requests,
    statuses,
    warnings,
    runRenders,
    liveConnection,
    notifications: () => notified,
  };
}

/** Lets the scripted stream's reads and the store's promise callbacks run (no I/O, no time). */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("ChatStore", () => {
  it("loads the session list and the model for the demo label, and opens one stream for all sessions", async () => {
    const { store, events } = setup();
    await store.start();
    expect(store.getSnapshot()).toMatchObject({
      sessions: [finalState.session],
      model: { ref: "demo:parley-demo", isDemo: true, label: "Demo model (offline)" },
    });
    await store.openSession(sessionId);
    await events.connection(0);
    expect(events.requests).toHaveLength(1);
    expect(new URL(events.requests[0]?.url ?? "").searchParams.has("session_id")).toBe(false);
    store.stop();
  });

  it("turns a burst of streamed events into a single render with the final text", async () => {
    const { store, renders, runRenders, liveConnection, notifications, warnings } = setup();
    await store.start();
    await store.openSession(sessionId);
    runRenders();
    const before = notifications();
    const connection = await liveConnection();
    connection.push(streamBytesAfter(0, framesOf(sessionId)));
    await settle();

    expect(renders).toHaveLength(1);
    runRenders();
    expect(notifications()).toBe(before + 1);
    const expected = framesOf(sessionId).reduce(
      (state, frame) =>
        chatReducer(state, {
          type: "APPLY_EVENT",
          seq: frame.seq,
          actions: handleSseMessage(frame.message).actions,
        }),
      chatReducer(emptySessionState(sessionId), { type: "LOAD_STATE", snapshot: emptySnapshot }),
    );
    expect(store.getSnapshot().session?.messages).toEqual(expected.messages);
    expect(store.getSnapshot().session?.appliedSeq).toBe(18);
    expect(warnings).toEqual([]);
    store.stop();
  });

  it("applies only the events newer than the snapshot when they arrive while it loads", async () => {
    const runId = fixture.chats.first.run_id as string;
    const answer = deferred();
    // The server took the snapshot at seq 10 (after the tool call), but its answer arrives late.
    const atSeq10: SessionState = {
      ...finalState,
      messages: finalState.messages.slice(0, 2),
      agents: [{ agent_id: "main", processing: true, run_id: runId, started_at_ms: 1 }],
      streaming: [{ agent_id: "main", run_id: runId, message_id: `${runId}.1`, text: "", thinking: "" }],
      queue: [
        {
          id: fixture.chats.queued.queue_item_id as string,
          preview: "Actually, Lisbon please.",
          text_length: 24,
          truncated: false,
          queued_at_ms: 1,
        },
      ],
      head_seq: 10,
    };
    const { store, events, runRenders } = setup(async () => {
      await answer.promise;
      return atSeq10;
    });
    await store.start();
    const connection = await events.connection(0);
    const opening = store.openSession(sessionId);
    connection.push(streamBytesAfter(0, framesOf(sessionId)));
    await settle();
    runRenders();
    expect(store.getSnapshot()).toMatchObject({ activeSessionId: sessionId, loadingSession: true });
    answer.resolve();
    await opening;
    runRenders();

    const state = store.getSnapshot();
    expect(state.loadingSession).toBe(false);
    expect(state.session?.messages.map((message) => [message.id, message.text])).toEqual([
      [fixture.chats.first.message_id, "What's the weather in Paris?"],
      [runId, "Looking it up."],
      [expect.any(String), "Actually, Lisbon please."],
      [expect.stringMatching(new RegExp(`^${runId}~`)), "Switching to Lisbon."],
    ]);
    // Events up to seq 10 are in the snapshot already: their thinking and text were not applied again.
    expect(state.session?.messages[1]?.thinkingText).toBeUndefined();
    expect(state.session?.messages[3]).toMatchObject({ outcome: "success" });
    expect(state.session).toMatchObject({ queue: [], busy: false, appliedSeq: 18 });
    store.stop();
  });

  it("on a resync refetches the open session and the list, then applies only newer events", async () => {
    let snapshot = emptySnapshot;
    const { store, requests, runRenders, statuses, warnings, liveConnection } = setup(() => snapshot);
    await store.start();
    await store.openSession(sessionId);
    const connection = await liveConnection();
    requests.length = 0;

    snapshot = { ...finalState, head_seq: 50 };
    const resync = {
      id: "resync_50",
      seq: 50,
      rev: 1,
      ts_ms: 1,
      kind: "run",
      phase: "resync",
      data: { reason: "cursor_expired", lagged_count: 12 },
    };
    const queue = (seq: number, text: string) => ({
      id: `evt_${seq}`,
      seq,
      rev: 1,
      ts_ms: 1,
      kind: "queue",
      agent_id: "main",
      session_id: sessionId,
      project_root: "/p",
      data: {
        change: "added",
        items: [
          { id: `q_${seq}`, preview: text, text_length: text.length, truncated: false, queued_at_ms: 1 },
        ],
        length: 1,
      },
    });
    connection.push(`id: 50\ndata: ${JSON.stringify(resync)}\n\n`);
    connection.push(`id: 51\ndata: ${JSON.stringify(queue(51, "after the resync"))}\n\n`);
    await settle();
    runRenders();

    expect(requests).toEqual(
      expect.arrayContaining(["GET /api/sessions", `GET /api/sessions/${sessionId}/state`]),
    );
    const state = store.getSnapshot();
    expect(state.session?.messages.map((message) => message.text)).toEqual([
      "What's the weather in Paris?",
      "Looking it up.",
      "Actually, Lisbon please.",
      "Switching to Lisbon.",
    ]);
    expect(state.session?.queue.map((item) => item.text)).toEqual(["after the resync"]);
    expect(state.session?.appliedSeq).toBe(51);
    expect(statuses).toContain("connected");
    expect(warnings).toEqual([]);
    store.stop();
  });
});
