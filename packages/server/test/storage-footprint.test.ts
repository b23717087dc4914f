import { rmSync } from "node:fs";
import { join } from "node:path";
import { type FakeModelServer, reply, startFakeModelServer } from "@parley/testkit";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MessagePublisher } from "../src/agents/context/message-publisher.ts";
import type { ParleyServer } from "../src/index.ts";
import { readLog } from "./support/sse-log.ts";
import { makeDirectories, startTestServer, type TestServer } from "./support/test-server.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

describe("what a conversation leaves on disk", () => {
  let fake: FakeModelServer;
  let directories: { project: string; home: string };
  let running: TestServer | undefined;
  let clock = Date.now();
  beforeEach(async () => {
    fake = await startFakeModelServer();
    directories = makeDirectories();
    clock = Date.now();
  });
  afterEach(async () => {
    await running?.close();
    running = undefined;
    await fake.close();
    rmSync(join(directories.project, ".."), { recursive: true, force: true });
  });

  /** Starts (or restarts) the server on the same data, with the test's clock. */
  const start = async () => {
    running = await startTestServer({ fake, directories, now: () => clock });
    return running.server;
  };
  /** An authenticated request to the running server; answers with its status and JSON body. */
  const request = async (method: string, path: string, body?: unknown) => {
    const response = await (running as TestServer).request(method, path, body === undefined ? {} : { body });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const messageFrames = (server: ParleyServer) =>
    readLog(server)
      .map((entry) => JSON.parse(entry.frame))
      .filter((frame) => frame.kind === "message");

  it("a person's message goes into the log with its text once; a message with more than text keeps its rich", async () => {
    fake.script(reply().text("Hi."));
    const server = await start();
    const text = `Please read this once ${"x".repeat(2_000)}`;
    const sent = await request("POST", "/api/chat", { text, client_message_id: "cm-once-1" });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    await server.context.agents.waitForRun(sent.body.run_id as string);

    const [frame] = messageFrames(server);
    // A slim revision 2 frame: no id (it is evt_<seq>) and no project root (the server's one project).
    expect(frame).toStrictEqual({
      seq: expect.any(Number),
      rev: 2,
      ts_ms: clock,
      kind: "message",
      text,
      agent_id: "main",
      session_id: sent.body.session_id,
      data: {
        from: "user",
        to: "main",
        message_id: sent.body.message_id,
        role: "user",
        run_id: sent.body.run_id,
        client_message_id: "cm-once-1",
      },
    });
    expect(JSON.stringify(frame).split("x".repeat(2_000))).toHaveLength(2);
    // On disk that long frame is deflated; the log reads it back (and replays it) as the text above.
    const stored = server.context.store.database
      .prepare("SELECT typeof(frame) AS type, length(frame) AS bytes FROM events WHERE seq = ?")
      .get(frame.seq) as { type: string; bytes: number };
    expect(stored.type).toBe("blob");
    expect(stored.bytes).toBeLessThan(text.length / 4);

    // A Text whose data says more than its content (a question's answer names its question) keeps it.
    const publisher = new MessagePublisher(server.context);
    server.context.store.transaction(() =>
      publisher.append(
        { sessionId: sent.body.session_id as string, agentId: "main", runId: null },
        "user",
        { kind: "Text", data: { text: "PostgreSQL", question_id: "q1" } },
        "PostgreSQL",
      ),
    );
    server.context.bus.flush();
    expect(messageFrames(server).at(-1)?.data.rich).toEqual({
      kind: "Text",
      data: { text: "PostgreSQL", question_id: "q1" },
    });
  });

  it("a delivered queue item keeps no copy of its text, and a day later it and its idempotency record are gone", async () => {
    fake.script(reply().gate("busy").text("First answer."), reply().text("Second answer."));
    let server = await start();
    const first = await request("POST", "/api/chat", { text: "Start" });
    await fake.waitForGate("busy");
    const queuedText = `Then this ${"q".repeat(3_000)}`;
    const queued = await request("POST", "/api/chat", {
      text: queuedText,
      session_id: first.body.session_id,
      client_message_id: "cm-queued",
    });
    expect(queued.body.status).toBe("queued");
    const itemPath = `/api/queue-items/${queued.body.queue_item_id}`;
    expect((await request("GET", itemPath)).body.text).toBe(queuedText);
    fake.release("busy");
    await server.context.agents.waitForQueueItem(queued.body.queue_item_id as string);

    // Delivered: the text is in the conversation, once; the item only says where it went.
    expect((await request("GET", itemPath)).body).toMatchObject({ state: "delivered", text: "" });
    const stored = server.context.store.database
      .prepare("SELECT text FROM queue_items WHERE id = ?")
      .get(queued.body.queue_item_id) as { text: string };
    expect(stored.text).toBe("");
    const session = await request("GET", `/api/sessions/${first.body.session_id}/state`);
    const texts = (session.body.messages as { rich: { data: { text?: string } } }[]).map(
      (message) => message.rich.data.text,
    );
    expect(texts).toContain(queuedText);
    // A retry the same day still gets the first response and runs nothing.
    const retry = await request("POST", "/api/chat", {
      text: queuedText,
      session_id: first.body.session_id,
      client_message_id: "cm-queued",
    });
    expect(retry.body).toMatchObject({ duplicate: true, queue_item_id: queued.body.queue_item_id });

    await running?.close();
    clock += DAY_MS + 60_000;
    server = await start();
    expect((await request("GET", itemPath)).status).toBe(404);
    const counts = server.context.store.database
      .prepare(
        "SELECT (SELECT COUNT(*) FROM queue_items) AS items, (SELECT COUNT(*) FROM chat_requests) AS requests",
      )
      .get();
    expect(counts).toEqual({ items: 0, requests: 0 });
    // The conversation is untouched.
    const later = await request("GET", `/api/sessions/${first.body.session_id}/state`);
    expect(later.body.messages).toEqual(session.body.messages);
  });

  it("long texts are stored deflated, and rows an older Parley stored as plain JSON read back the same", async () => {
    fake.script(reply().text(`An answer worth keeping. ${"Lorem ipsum dolor sit amet. ".repeat(100)}`));
    const server = await start();
    const text = `A long question. ${"Why is the sky blue? ".repeat(100)}Thanks.`;
    const sent = await request("POST", "/api/chat", { text });
    await server.context.agents.waitForRun(sent.body.run_id as string);
    const { database, conversation, messages, runs } = server.context.store;
    const sessionId = sent.body.session_id as string;
    const stored = database
      .prepare("SELECT typeof(param) AS type, length(param) AS bytes FROM conversation WHERE session_id = ?")
      .all(sessionId) as { type: string; bytes: number }[];
    expect(stored.map((row) => row.type)).toEqual(["blob", "blob"]);
    expect(stored[0]?.bytes).toBeLessThan(text.length / 3);
    const history = conversation.history(sessionId, "main");
    expect(history[0]).toEqual({ role: "user", content: [{ type: "text", text }] });
    expect(runs.get(sent.body.run_id as string)?.prompt).toBe(text);

    // What an older Parley wrote: the same rows as plain JSON text.
    const state = messages.all(sessionId);
    database.exec('UPDATE conversation SET param = \'{"role":"user","content":"plain"}\' WHERE position = 0');
    database
      .prepare("UPDATE messages SET rich = ? WHERE id = ?")
      .run(JSON.stringify(state[0]?.rich), state[0]?.id);
    database.prepare("UPDATE runs SET prompt = ? WHERE id = ?").run(text, sent.body.run_id);
    expect(conversation.history(sessionId, "main")[0]).toEqual({ role: "user", content: "plain" });
    expect(messages.all(sessionId)).toEqual(state);
    expect(runs.get(sent.body.run_id as string)?.prompt).toBe(text);
  });
});
