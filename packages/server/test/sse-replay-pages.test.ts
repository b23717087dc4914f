import { afterEach, describe, expect, it, vi } from "vitest";
import { ReplayPages } from "../src/bus/replay-pages.ts";
import type { EventLog } from "../src/store/event-log.ts";
import type { EventStream } from "./support/event-stream.ts";
import { readLog } from "./support/sse-log.ts";
import { startTestServer, type TestServer } from "./support/test-server.ts";

const PAGE_BYTES = 64 * 1024;

/** Appends `count` events of about `size` bytes each straight to the log, as a long history would. */
function fillLog(server: TestServer, count: number, size: number): void {
  const { store } = server.server.context;
  store.transaction(() =>
    store.events.append(
      Array.from({ length: count }, (_, index) => ({
        sessionId: null,
        runId: null,
        tsMs: Date.now(),
        isToken: false,
        frame: (seq: number) =>
          JSON.stringify({
            id: `evt_${seq}`,
            seq,
            rev: 1,
            ts_ms: 0,
            kind: "activity",
            text: `${index} ${"x".repeat(size)}`,
          }),
      })),
    ),
  );
}

describe("replaying a long event log", () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    vi.restoreAllMocks();
    await server?.dispose();
    server = undefined;
  });

  it("reads the log in pages bounded by bytes, so a history of huge events is never loaded at once", async () => {
    server = await startTestServer({ sse: { pageBytes: PAGE_BYTES, pageSize: 500 } });
    fillLog(server, 40, 200 * 1024);
    fillLog(server, 400, 1024);
    const log = server.server.context.store.events;
    const reads: number[] = [];
    const readPage = log.readPage.bind(log);
    vi.spyOn(log, "readPage").mockImplementation((after, bounds) => {
      const page = readPage(after, bounds);
      // Only the stream's reads: the test's own full read of the log below has no byte bound.
      if (Number.isFinite(bounds.maxBytes))
        reads.push(
          page.reduce((sum, event) => sum + event.frame.length, 0) - (page.at(-1)?.frame.length ?? 0),
        );
      return page;
    });
    const replay = await server.events({ after: 0 });
    await replay.waitFor((frames) => frames.at(-1)?.message.seq === log.head);
    expect(replay.frames.map((frame) => ({ seq: Number(frame.id), frame: frame.raw }))).toEqual(
      readLog(server.server),
    );
    // Every page stops at the first event that reaches the budget: what came before it stays under it.
    expect(reads.length).toBeGreaterThanOrEqual(40);
    expect(Math.max(...reads)).toBeLessThan(PAGE_BYTES);
    await replay.close();
    // Eight megabytes written, compressed and replayed: seconds on a loaded 2-core machine.
  }, 30_000);

  it("ten clients replaying the same history each get all of it, from pages read and encoded once", async () => {
    server = await startTestServer({ sse: { pageBytes: PAGE_BYTES } });
    fillLog(server, 300, 4 * 1024);
    const log = server.server.context.store.events;
    const readPage = vi.spyOn(log, "readPage");
    const replays = await Promise.all(
      Array.from({ length: 10 }, () => server?.events({ after: 0 }) as Promise<EventStream>),
    );
    await Promise.all(
      replays.map((replay) => replay.waitFor((frames) => frames.at(-1)?.message.seq === log.head)),
    );
    const expected = readLog(server.server);
    for (const replay of replays) {
      expect(replay.frames.map((frame) => ({ seq: Number(frame.id), frame: frame.raw }))).toEqual(expected);
    }
    const pages = Math.ceil((300 * 4 * 1024) / PAGE_BYTES);
    // One read per page (and one empty read per client at the end), not one per page per client.
    expect(readPage.mock.calls.length).toBeLessThanOrEqual(pages + 1 + 10);
    await Promise.all(replays.map((replay) => replay.close()));
  });

  it("a cached page is the same bytes for every reader and is dropped once the cache is over budget", () => {
    const frames = Array.from({ length: 6 }, (_, index) => ({
      seq: index + 1,
      sessionId: null,
      frame: `{"n":${index}}`,
    }));
    const fakeLog = {
      readPage: (after: number, bounds: { maxEvents: number }) =>
        frames.filter((event) => event.seq > after).slice(0, bounds.maxEvents),
    } as unknown as EventLog;
    let clock = 0;
    const pages = new ReplayPages(fakeLog, {
      pageSize: 2,
      pageBytes: 1024,
      cacheBytes: 170,
      idleMs: 30_000,
      now: () => clock,
    });
    const first = pages.after(0, undefined);
    expect(first?.seqs).toEqual([1, 2]);
    expect(pages.after(0, undefined)).toBe(first);
    expect(first?.bytes.toString()).toBe('id: 1\ndata: {"n":0}\n\nid: 2\ndata: {"n":1}\n\n');
    pages.after(2, undefined);
    pages.after(4, undefined);
    pages.after(2, "ses_other");
    expect(pages.after(0, undefined)).toBe(first);
    // Four newer pages fill the cache: the least recently used one goes.
    for (const session of ["ses_a", "ses_b", "ses_c", "ses_d"]) pages.after(4, session);
    expect(pages.cachedBytes).toBeLessThanOrEqual(170);
    expect(pages.after(0, undefined)).not.toBe(first);

    // Pages nobody read for the idle time are gone: a quiet server holds none.
    clock += 29_000;
    const recent = pages.after(2, "ses_recent");
    clock += 2_000;
    expect(pages.after(2, "ses_recent")).toBe(recent);
    expect(pages.cachedBytes).toBe(recent?.bytes.byteLength);
  });
});
