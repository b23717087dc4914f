import { afterEach, describe, expect, it } from "vitest";
import type { EventStream } from "./support/event-stream.ts";
import { readLog } from "./support/sse-log.ts";
import { startTestServer, type TestServer } from "./support/test-server.ts";

/** What a stream's client received, in the shape of the log's entries (`readLog`), to compare the two. */
const framesAsLogged = (stream: EventStream) =>
  stream.frames.map((frame) => ({ seq: Number(frame.id), frame: frame.raw }));

/** A streamed token delta of one message, in `sessionId` when given. */
const token = (text: string, sessionId?: string) =>
  ({
    type: "Token",
    agent_id: "main",
    token: text,
    done: false,
    thinking: false,
    message_id: "m1",
    ...(sessionId !== undefined && { session_id: sessionId }),
  }) as const;

describe("publishing events to the durable log", () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.dispose();
    server = undefined;
  });

  it("streamed tokens waiting for the group commit survive a unit of work that rolls back", async () => {
    server = await startTestServer();
    const { bus, store } = server.server.context;
    const stream = await server.events({ after: 0 });
    bus.publish(token("Hello "));
    bus.publish(token("world"));
    expect(() =>
      store.transaction(() => {
        bus.publish({ type: "StateUpdated", reason: "about to fail" });
        throw new Error("the unit of work failed");
      }),
    ).toThrow("the unit of work failed");
    bus.publish(token("!"));
    await stream.waitFor((frames) => frames.some((frame) => frame.message.text?.endsWith("!")));

    // The tokens are logged (in order, with contiguous seqs); the rolled-back event is not.
    const log = readLog(server.server);
    expect(log.map((entry) => entry.seq)).toEqual(log.map((_, index) => index + 1));
    expect(log.map((entry) => JSON.parse(entry.frame).kind)).not.toContain("run");
    expect(log.map((entry) => JSON.parse(entry.frame).text).join("")).toBe("Hello world!");
    expect(framesAsLogged(stream)).toEqual(log);
    await stream.close();
  });

  it("never delivers events of a savepoint that rolled back inside a committed unit of work", async () => {
    server = await startTestServer();
    const { bus, store } = server.server.context;
    const stream = await server.events({ after: 0 });

    store.transaction(() => {
      bus.publish({ type: "StateUpdated", reason: "first" });
      expect(() =>
        store.transaction(() => {
          bus.publish({ type: "StateUpdated", reason: "rolled back" });
          throw new Error("the inner unit failed");
        }),
      ).toThrow("the inner unit failed");
      bus.publish({ type: "StateUpdated", reason: "last" });
    });
    await stream.waitFor((frames) => frames.length >= 2);

    const reasons = (entries: { frame: string }[]) =>
      entries.map((entry) => (JSON.parse(entry.frame) as { data: { reason: string } }).data.reason);
    const log = readLog(server.server);
    expect(reasons(log)).toEqual(["first", "last"]);
    expect(log.map((entry) => entry.seq)).toEqual([1, 2]);
    expect(stream.frames.map((frame) => frame.message.seq)).toEqual([1, 2]);
    expect(reasons(stream.frames.map((frame) => ({ frame: frame.raw })))).toEqual(["first", "last"]);
    await stream.close();
  });
  it("a unit of work's token deltas are stored as one row each run, and reach the client with their own seqs in publish order", async () => {
    server = await startTestServer();
    const { bus, store } = server.server.context;
    const stream = await server.events({ after: 0 });
    const tokenRows = () =>
      (store.database.prepare("SELECT COUNT(*) AS rows FROM token_events").get() as { rows: number }).rows;

    store.transaction(() => {
      bus.publish(token("Once"));
      bus.publish(token(" upon"));
      bus.publish({ type: "StateUpdated", reason: "between" });
      bus.publish(token(" a"));
      // What is held back is stored before anything reads the head.
      expect(bus.head).toBe(4);
      bus.publish(token(" time"));
    });
    await stream.waitFor((frames) => frames.length >= 5);

    const log = readLog(server.server);
    expect(log.map((entry) => entry.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(log.map((entry) => JSON.parse(entry.frame).text ?? "|")).toEqual([
      "Once",
      " upon",
      "|",
      " a",
      " time",
    ]);
    expect(tokenRows()).toBe(3);
    expect(framesAsLogged(stream)).toEqual(log);
    await stream.close();
  });

  it("token deltas of a savepoint that rolled back are never stored, and those around it are", async () => {
    server = await startTestServer();
    const { bus, store } = server.server.context;
    const stream = await server.events({ after: 0 });

    store.transaction(() => {
      bus.publish(token("kept "));
      expect(() =>
        store.transaction(() => {
          bus.publish(token("dropped "));
          throw new Error("the inner unit failed");
        }),
      ).toThrow("the inner unit failed");
      store.transaction(() => bus.publish(token("nested ")));
      bus.publish(token("last"));
    });
    await stream.waitFor((frames) => frames.length >= 3);

    const log = readLog(server.server);
    expect(log.map((entry) => entry.seq)).toEqual([1, 2, 3]);
    expect(log.map((entry) => JSON.parse(entry.frame).text).join("")).toBe("kept nested last");
    expect(framesAsLogged(stream)).toEqual(log);
    await stream.close();
  });

  it("token deltas whose storing failed as a nested unit began are stored when the outer unit ends", async () => {
    server = await startTestServer();
    const { bus, store } = server.server.context;
    const stream = await server.events({ after: 0 });
    // The disk refuses the first append once (the one that stores the held delta before the nested unit).
    const append = store.events.append.bind(store.events);
    let appends = 0;
    store.events.append = (events) => {
      if (++appends === 1) throw new Error("disk full");
      return append(events);
    };

    store.transaction(() => {
      bus.publish(token("kept "));
      expect(() => store.transaction(() => bus.publish(token("inner ")))).toThrow("disk full");
      bus.publish(token("last"));
    });
    await stream.waitFor((frames) => frames.some((frame) => frame.message.text === "last"));

    const log = readLog(server.server);
    expect(log.map((entry) => JSON.parse(entry.frame).text)).toEqual(["kept ", "last"]);
    expect(framesAsLogged(stream)).toEqual(log);
    await stream.close();
  });

  it("a commit holding two sessions' events reaches each filtered stream with only its session's and the global ones", async () => {
    server = await startTestServer();
    const { bus, store } = server.server.context;
    const a = await server.json<{ id: string }>("POST", "/api/sessions", { title: "A" });
    const b = await server.json<{ id: string }>("POST", "/api/sessions", { title: "B" });
    const after = readLog(server.server).at(-1)?.seq ?? 0;
    const streams = {
      a: await server.events({ sessionId: a.id, after }),
      b: await server.events({ sessionId: b.id, after }),
      all: await server.events({ after }),
    };
    // One commit of A's only, then one that mixes A's, B's and a global event.
    store.transaction(() => {
      bus.publish(token("a1 ", a.id));
      bus.publish(token("a2 ", a.id));
    });
    store.transaction(() => {
      bus.publish(token("a3 ", a.id));
      bus.publish(token("b1 ", b.id));
      bus.publish({ type: "StateUpdated", reason: "global" });
      bus.publish(token("a4", a.id));
    });

    const log = readLog(server.server).filter((entry) => entry.seq > after);
    const frames = (stream: Awaited<ReturnType<TestServer["events"]>>) => framesAsLogged(stream);
    const of = (sessionId: string) =>
      log.filter((entry) => {
        const session = JSON.parse(entry.frame).session_id;
        return session === undefined || session === sessionId;
      });
    const waitForLast = (stream: Awaited<ReturnType<TestServer["events"]>>, expected: typeof log) =>
      stream.waitFor((received) => received.at(-1)?.message.seq === expected.at(-1)?.seq);
    await Promise.all([
      waitForLast(streams.all, log),
      waitForLast(streams.a, of(a.id)),
      waitForLast(streams.b, of(b.id)),
    ]);
    expect(frames(streams.all)).toEqual(log);
    expect(frames(streams.a)).toEqual(of(a.id));
    expect(frames(streams.b)).toEqual(of(b.id));
    expect(of(b.id).map((entry) => JSON.parse(entry.frame).text ?? "global")).toEqual(["b1 ", "global"]);
    await Promise.all(Object.values(streams).map((stream) => stream.close()));
  });
  it("a stream whose read of the log fails ends, and its client resumes from its cursor with nothing lost", async () => {
    server = await startTestServer();
    const { bus, replayPages } = server.server.context;
    for (const text of ["one ", "two ", "three"]) bus.publish(token(text));
    const first = await server.events({ after: 0 });
    await first.waitFor((frames) => frames.some((frame) => frame.message.text?.endsWith("three")));
    const log = readLog(server.server);

    // The database fails a stream's second replay read (it went away meanwhile), once.
    const read = replayPages.after.bind(replayPages);
    let reads = 0;
    replayPages.after = (after, sessionId) => {
      if (++reads === 2) throw new Error("the database is unavailable");
      return read(after, sessionId);
    };
    const failed = await server.events({ after: 0 });
    await failed.waitForEnd();
    expect(failed.ended).toBe(true);

    const resumed = await server.events({ lastEventId: String(failed.lastSeq) });
    bus.publish(token(" four"));
    await resumed.waitFor((frames) => frames.some((frame) => frame.message.text?.endsWith("four")));
    const seqs = [...failed.frames, ...resumed.frames]
      .map((frame) => Number(frame.id))
      .filter((seq) => seq > 0);
    expect(seqs).toEqual([...log.map((entry) => entry.seq), (log.at(-1)?.seq ?? 0) + 1]);
    await Promise.all([first.close(), resumed.close()]);
  });
});
