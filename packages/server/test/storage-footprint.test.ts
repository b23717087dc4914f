import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { type FakeModelServer, reply, startFakeModelServer } from "@parley/testkit";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MessagePublisher } from "../src/agents/context/message-publisher.ts";
import type { ParleyServer } from "../src/index.ts";
import { storedBytes } from "../src/store/event-log.ts";
import { packText } from "../src/store/packed-text.ts";
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
    // On disk the log's row keeps no copy: it refers to the session's one copy, and reads back as above.
    const stored = server.context.store.database
      .prepare("SELECT length(frame) AS bytes, text_id FROM events WHERE seq = ?")
      .get(frame.seq) as { bytes: number; text_id: number };
    expect(stored.bytes).toBeLessThan(text.length / 4);
    expect(server.context.store.texts.text(stored.text_id)).toBe(text);

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

  it("each long text is kept once, and the log, the chat, the conversation and the run read it back", async () => {
    // Hex does not deflate much further than half, so any row holding a copy would show in its length.
    const answer = `An answer worth keeping. ${randomBytes(1_000).toString("hex")}`;
    fake.script(reply().text(answer));
    const server = await start();
    const text = `A long question. ${randomBytes(1_000).toString("hex")} Thanks.`;
    const sent = await request("POST", "/api/chat", { text });
    const runId = sent.body.run_id as string;
    const sessionId = sent.body.session_id as string;
    await server.context.agents.waitForRun(runId);
    server.context.bus.flush();
    const { database, conversation, runs } = server.context.store;

    // Stored once each, deflated: two texts of ~2 KB in about one deflated copy of each.
    const kept = database.prepare("SELECT body FROM texts WHERE session_id = ?").pluck().all(sessionId) as (
      | string
      | Buffer
    )[];
    expect(kept).toHaveLength(2);
    const keptBytes = kept.reduce((sum, body) => sum + storedBytes(body), 0);
    expect(keptBytes).toBeLessThan((text.length + answer.length) * 0.7);
    // No other row keeps a copy of either text (a copy would be ≥ 1 KB even deflated).
    const longest = (sql: string) => (database.prepare(sql).get(sessionId) as { bytes: number }).bytes;
    // (Token deltas keep theirs until compaction drops them.)
    expect(
      longest("SELECT MAX(length(frame)) AS bytes FROM events WHERE session_id = ? AND is_token = 0"),
    ).toBeLessThan(700);
    expect(longest("SELECT MAX(length(rich)) AS bytes FROM messages WHERE session_id = ?")).toBeLessThan(700);
    expect(longest("SELECT MAX(length(param)) AS bytes FROM conversation WHERE session_id = ?")).toBeLessThan(
      700,
    );
    expect(
      longest(
        "SELECT MAX(length(prompt) + length(COALESCE(result, ''))) AS bytes FROM runs WHERE session_id = ?",
      ),
    ).toBeLessThan(700);
    expect(
      longest(
        `SELECT MAX(length(message)) AS bytes FROM run_messages
         WHERE run_id IN (SELECT id FROM runs WHERE session_id = ?)`,
      ),
    ).toBeLessThan(700);

    // Everything reads back as it was written: the log's frames, the session's state, the conversation
    // the next turn sends, the run record and its SDK messages.
    const frames = readLog(server).map((entry) => JSON.parse(entry.frame));
    expect(frames.filter((frame) => frame.kind === "message").map((frame) => frame.text)).toContain(text);
    expect(JSON.stringify(frames)).toContain(JSON.stringify(answer));
    const state = await request("GET", `/api/sessions/${sessionId}/state`);
    const chat = (state.body.messages as { rich: { data: { text?: string } } }[]).map(
      (message) => message.rich.data.text,
    );
    expect(chat).toEqual(expect.arrayContaining([text, answer]));
    expect(conversation.history(sessionId, "main")).toEqual([
      { role: "user", content: [{ type: "text", text }] },
      { role: "assistant", content: [{ type: "text", text: answer }] },
    ]);
    expect(runs.get(runId)).toMatchObject({ prompt: text, result: answer });
    expect(JSON.stringify(runs.messages(runId)).split(JSON.stringify(answer))).toHaveLength(3);

    // Deleting the session takes its texts; the log's frames keep theirs and replay unchanged.
    const logged = readLog(server);
    expect((await request("DELETE", `/api/sessions/${sessionId}`)).status).toBe(200);
    const left = database.prepare("SELECT COUNT(*) AS count FROM texts WHERE session_id = ?").get(sessionId);
    expect(left).toEqual({ count: 0 });
    expect(readLog(server).slice(0, logged.length)).toEqual(logged);
  });

  it("a turn's status events and SDK messages take under half their JSON on disk, and read back the same", async () => {
    fake.script(reply().text("A short answer."));
    const server = await start();
    const sent = await request("POST", "/api/chat", { text: "A short question?" });
    const runId = sent.body.run_id as string;
    await server.context.agents.waitForRun(runId);
    server.context.bus.flush();
    const { database, runs } = server.context.store;

    // The run's events (model loading, text segment, idle, outcome, context usage): as read, and as stored.
    const frames = readLog(server).filter((entry) => JSON.parse(entry.frame).data?.run_id === runId);
    expect(frames.length).toBeGreaterThanOrEqual(4);
    const framed = frames.reduce((sum, entry) => sum + Buffer.byteLength(entry.frame), 0);
    const stored = database
      .prepare("SELECT SUM(length(CAST(frame AS BLOB))) AS bytes FROM events WHERE run_id = ?")
      .get(runId) as { bytes: number };
    expect(stored.bytes).toBeLessThan(framed / 2);

    const messages = runs.messages(runId);
    expect(messages.map((message) => (message as { type: string }).type)).toContain("result");
    const serialized = messages.reduce((sum: number, message) => sum + JSON.stringify(message).length, 0);
    const storedMessages = database
      .prepare("SELECT SUM(length(CAST(message AS BLOB))) AS bytes FROM run_messages WHERE run_id = ?")
      .get(runId) as { bytes: number };
    expect(storedMessages.bytes).toBeLessThan(serialized / 2);

    // Replayed as they went out live: each frame parses, in seq order, with its run's id.
    expect(frames.map((entry) => JSON.parse(entry.frame).seq)).toEqual(frames.map((entry) => entry.seq));
  });

  it("rows an older Parley stored (plain JSON, or deflated with the text inline) read back the same", async () => {
    fake.script(reply().text(`An answer worth keeping. ${"Lorem ipsum dolor sit amet. ".repeat(100)}`));
    const server = await start();
    const text = `A long question. ${"Why is the sky blue? ".repeat(100)}Thanks.`;
    const sent = await request("POST", "/api/chat", { text });
    await server.context.agents.waitForRun(sent.body.run_id as string);
    const { database, conversation, messages, runs } = server.context.store;
    const sessionId = sent.body.session_id as string;
    const history = conversation.history(sessionId, "main");
    expect(history[0]).toEqual({ role: "user", content: [{ type: "text", text }] });
    const run = runs.get(sent.body.run_id as string);
    expect(run?.prompt).toBe(text);

    // What an older Parley wrote: the same rows as plain JSON text, or deflated, with no text apart.
    const state = messages.all(sessionId);
    database.exec(
      `UPDATE conversation SET param = '{"role":"user","content":"plain"}', text_id = NULL, text_at = NULL
       WHERE position = 0`,
    );
    database
      .prepare("UPDATE conversation SET param = ?, text_id = NULL, text_at = NULL WHERE position = 1")
      .run(packText(JSON.stringify(history[1])));
    database
      .prepare("UPDATE messages SET rich = ?, text_id = NULL, text_at = NULL WHERE id = ?")
      .run(JSON.stringify(state[0]?.rich), state[0]?.id);
    database
      .prepare(
        "UPDATE runs SET prompt = ?, prompt_text_id = NULL, result = ?, result_text_id = NULL WHERE id = ?",
      )
      .run(text, packText(run?.result as string), sent.body.run_id);
    expect(conversation.history(sessionId, "main")).toEqual([{ role: "user", content: "plain" }, history[1]]);
    expect(messages.all(sessionId)).toEqual(state);
    expect(runs.get(sent.body.run_id as string)).toEqual(run);
  });
});
