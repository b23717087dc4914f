import { rmSync } from "node:fs";
import { join } from "node:path";
import { type FakeModelServer, reply, startFakeModelServer } from "@parley/testkit";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ParleyServer } from "../src/index.ts";
import type { RetentionLimits } from "../src/limits/server-limits.ts";
import { EventStream } from "./support/event-stream.ts";
import { readLog } from "./support/sse-log.ts";
import { makeDirectories, startTestServer, type TestServer } from "./support/test-server.ts";

/** The resync frame's payload. */
type ResyncData = { reason: string; lagged_count: number };

describe("cursors the log cannot serve", () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.dispose();
    server = undefined;
  });

  const chatAndWait = async (text: string, sessionId?: string) => {
    const watcher = await server?.events({ after: server.server.context.store.events.head });
    const chat = await server?.json<{ session_id: string; run_id: string }>("POST", "/api/chat", {
      text,
      ...(sessionId !== undefined && { session_id: sessionId }),
    });
    await watcher?.waitForKind("run", "context_usage");
    await watcher?.close();
    return chat as { session_id: string; run_id: string };
  };

  it("a cursor ahead of the log gets a resync naming the head, then every new event", async () => {
    server = await startTestServer();
    server.fake.script(reply().text("One."), reply().text("Two."));
    await chatAndWait("First");
    const head = server.server.context.store.events.head;

    for (const options of [{ after: head + 1000 }, { lastEventId: String(head + 5) }, { after: 10 ** 15 }]) {
      const stream = await server.events(options);
      await stream.waitFor((frames) => frames.length === 1);
      const [resync] = stream.frames;
      expect(resync?.message).toMatchObject({ kind: "run", phase: "resync", seq: head });
      expect(resync?.id).toBe(String(head));
      expect((resync?.message.data as ResyncData | undefined)?.reason).toBe("cursor_ahead");
      await stream.close();
    }

    const stream = await server.events({ after: head + 1000 });
    await chatAndWait("Second");
    await stream.waitForKind("run", "context_usage");
    const after = readLog(server.server, head);
    expect(stream.frames.slice(1).map((frame) => ({ seq: Number(frame.id), frame: frame.raw }))).toEqual(
      after,
    );
    await stream.close();
  });

  it("cursors that are not a non-negative integer are refused with 400 naming the field", async () => {
    server = await startTestServer();
    for (const after of ["abc", "-1", "1.5", "1e3", "0x10", "12345678901234567", "9007199254740993", " 3"]) {
      const response = await server.request("GET", `/api/events?after=${encodeURIComponent(after)}`);
      expect(response.status, `after=${after}`).toBe(400);
      const body = (await response.json()) as { error: { code: string; issues: { path: string }[] } };
      expect(body.error.code).toBe("invalid_request");
      expect(new Set(body.error.issues.map((issue) => issue.path))).toEqual(new Set(["query.after"]));
    }
    for (const lastEventId of ["abc", "-5", "12abc", "1.0", "12345678901234567", "9007199254740993"]) {
      const response = await server.request("GET", "/api/events?after=0", {
        headers: { "last-event-id": lastEventId },
      });
      expect(response.status, `Last-Event-ID: ${lastEventId}`).toBe(400);
      const body = (await response.json()) as { error: { issues: { path: string }[] } };
      expect(new Set(body.error.issues.map((issue) => issue.path))).toEqual(
        new Set(["header.last-event-id"]),
      );
    }
    // A blank Last-Event-ID is no cursor at all: the query's cursor applies.
    const stream = await server.events({ after: 0, lastEventId: " " });
    expect(stream.response.status).toBe(200);
    await stream.close();
  });

  it("a filtered stream never carries another session's events, live or replayed, whatever the cursor", async () => {
    server = await startTestServer();
    server.fake.when({ lastUserTextIncludes: "alpha" }, reply().text("Answer for A."));
    server.fake.when({ lastUserTextIncludes: "beta" }, reply().text("Answer for B."));
    const a = await server.json<{ id: string }>("POST", "/api/sessions", { title: "A" });
    const b = await server.json<{ id: string }>("POST", "/api/sessions", { title: "B" });
    const liveA = await server.events({ sessionId: a.id, after: 0 });

    await chatAndWait("alpha one", a.id);
    await chatAndWait("beta one", b.id);
    await chatAndWait("alpha two", a.id);
    await liveA.waitFor(
      (frames) => frames.filter((frame) => frame.message.phase === "context_usage").length === 2,
    );

    const store = server.server.context.store;
    const expected = store.events
      .readAfter(0, Number.MAX_SAFE_INTEGER, a.id)
      .map((event) => ({ seq: event.seq, frame: event.frame }));
    const everything = readLog(server.server);
    expect(expected.length).toBeLessThan(everything.length);
    const received = (stream: EventStream) =>
      stream.frames.map((frame) => ({ seq: Number(frame.id), frame: frame.raw }));
    expect(received(liveA)).toEqual(expected);
    expect(liveA.frames.every((frame) => frame.message.session_id === a.id)).toBe(true);
    expect(liveA.frames.some((frame) => frame.raw.includes(b.id))).toBe(false);

    // Replaying from a cursor taken from B's events still yields only A's later events.
    const bSeq = everything.find((entry) => entry.frame.includes(b.id))?.seq ?? 0;
    const replayA = await server.events({ sessionId: a.id, lastEventId: String(bSeq) });
    const expectedAfter = expected.filter((entry) => entry.seq > bSeq);
    await replayA.waitFor((frames) => frames.at(-1)?.message.seq === expectedAfter.at(-1)?.seq);
    expect(received(replayA)).toEqual(expectedAfter);

    const unknown = await server.request("GET", "/api/events?session_id=ses_does_not_exist");
    expect(unknown.status).toBe(404);
    await Promise.all([liveA.close(), replayA.close()]);
  });
});

describe("retention", () => {
  let fake: FakeModelServer;
  let directories: { project: string; home: string };
  let running: ParleyServer | undefined;
  beforeEach(async () => {
    fake = await startFakeModelServer();
    directories = makeDirectories();
  });
  afterEach(async () => {
    await running?.close();
    running = undefined;
    await fake.close();
    rmSync(join(directories.project, ".."), { recursive: true, force: true });
  });

  const start = async (retention?: Partial<RetentionLimits>) => {
    running = (
      await startTestServer({
        fake,
        directories,
        ...(retention && { limits: { retention } }),
      })
    ).server;
    return running;
  };
  const stop = async () => {
    await running?.close();
    running = undefined;
  };
  const chat = async (server: ParleyServer, text: string) => {
    const watcher = await EventStream.open(server.url, server.token, {});
    await fetch(`${server.url}/api/chat`, {
      method: "POST",
      headers: { authorization: `Bearer ${server.token}`, "content-type": "application/json" },
      body: JSON.stringify({ text }),
    });
    await watcher.waitForKind("run", "context_usage");
    await watcher.close();
  };

  it("a cursor below the retention floor gets a resync; one at the floor replays what is kept", async () => {
    fake.script(reply().text("Kept?"), reply().text("Later."));
    await chat(await start(), "Fill the log");
    await stop();

    const server = await start({ maxEvents: 3, maxAgeMs: 365 * 24 * 60 * 60 * 1000 });
    const head = server.context.store.events.head;
    const kept = readLog(server);
    expect(kept.map((entry) => entry.seq)).toEqual([head - 2, head - 1, head]);

    const expired = await EventStream.open(server.url, server.token, { after: 1 });
    await expired.waitFor((frames) => frames.length === 1);
    expect(expired.frames[0]?.message).toMatchObject({ kind: "run", phase: "resync", seq: head });
    expect(expired.frames[0]?.message.data).toEqual({ reason: "cursor_expired", lagged_count: head - 3 - 1 });
    // After the resync the client is live from the head: new events arrive, nothing older is replayed.
    await chat(server, "More");
    await expired.waitForKind("run", "context_usage");
    expect(expired.frames.slice(1).map((frame) => frame.message.seq)).toEqual(
      readLog(server, head).map((entry) => entry.seq),
    );

    const atFloor = await EventStream.open(server.url, server.token, { after: head - 3 });
    await atFloor.waitFor((frames) => frames.at(-1)?.message.seq === server.context.store.events.head);
    expect(atFloor.frames.map((frame) => ({ seq: Number(frame.id), frame: frame.raw }))).toEqual(
      readLog(server, head - 3),
    );
    await Promise.all([expired.close(), atFloor.close()]);
  });

  it("pruning everything old never restarts seqs: a stored cursor stays meaningful after restarts", async () => {
    fake.script(reply().text("Before."), reply().text("After."));
    await chat(await start(), "Before the purge");
    await stop();
    const before = await start({ maxEvents: 0, maxAgeMs: 0 });
    const head = before.context.store.events.head;
    expect(head).toBeGreaterThan(0);
    await stop();

    const server = await start();
    expect(server.context.store.events.head).toBe(head);
    const stream = await EventStream.open(server.url, server.token, { lastEventId: String(head) });
    await chat(server, "After the purge");
    await stream.waitForKind("run", "context_usage");
    expect(
      stream.frames.every((frame) => frame.message.kind !== "run" || frame.message.phase !== "resync"),
    ).toBe(true);
    expect(stream.frames[0]?.message.seq).toBe(head + 1);
    await stream.close();
  });
});
