import { rmSync } from "node:fs";
import { join } from "node:path";
import { parseSseText, reply, startFakeModelServer } from "@parley/testkit";
import { afterEach, describe, expect, it } from "vitest";
import type { EventStream } from "./support/event-stream.ts";
import { RawSseClient } from "./support/raw-sse-client.ts";
import {
  CUT_KINDS,
  type CutKind,
  cutOffset,
  frameBytes,
  type LogEntry,
  readLog,
  receivedEntries,
  seededRandom,
  waitForPreamble,
} from "./support/sse-log.ts";
import { makeDirectories, startTestServer, type TestServer } from "./support/test-server.ts";

/** The text of token `index`: unique, and with multi-byte characters so some cuts split a character. */
const token = (index: number) => `w${index}·字é `;

/** All answer text (not thinking) a watcher has received. */
const streamedText = (stream: EventStream) =>
  stream.frames
    .filter(
      (frame) =>
        frame.message.kind === "token" && (frame.message.data as { thinking?: boolean }).thinking !== true,
    )
    .map((frame) => frame.message.text ?? "")
    .join("");

/** How a reconnecting client names its cursor. */
type ResumeMode = "last-event-id" | "after" | "last-event-id-over-stale-after";
const MODES: readonly ResumeMode[] = ["last-event-id", "after", "last-event-id-over-stale-after"];

function resumeRequest(cursor: number, mode: ResumeMode, token: string) {
  const authorization = { authorization: `Bearer ${token}` };
  if (mode === "after") return { path: `/api/events?after=${cursor}`, headers: authorization };
  const path = mode === "last-event-id" ? "/api/events" : "/api/events?after=0";
  return { path, headers: { ...authorization, "last-event-id": String(cursor) } };
}

/**
 * A client that keeps losing its connection: each connection resumes from the last complete frame it
 * saw, and is cut at a planned byte offset. Every received frame is checked against the log byte for byte.
 */
class FlakyClient {
  readonly received: LogEntry[] = [];
  readonly cuts: CutKind[] = [];
  cursor = 0;
  #connections = 0;
  readonly #random = seededRandom(20_261_127);

  constructor(readonly testServer: TestServer) {}

  /** Opens a connection at the cursor; `whileOpen` runs before the cut is planned (e.g. to stream more). */
  async connectAndCut(whileOpen: () => Promise<void> = async () => {}): Promise<void> {
    const { server } = this.testServer;
    const mode = MODES[this.#connections % MODES.length] as ResumeMode;
    this.#connections++;
    const client = await RawSseClient.open(server.url, resumeRequest(this.cursor, mode, server.token));
    expect(client.status).toBe(200);
    const preamble = await waitForPreamble(client);
    await whileOpen();
    const expected = readLog(server, this.cursor);
    if (expected.length === 0) {
      client.close();
      return;
    }
    const kind = CUT_KINDS[this.#random(CUT_KINDS.length)] as CutKind;
    const offset = cutOffset(expected, kind, this.#random(Math.min(expected.length, 12)), this.#random);
    const kept = await client.cutAt(preamble + offset);
    this.cuts.push(kind);
    // What arrived is exactly the log after the cursor, up to the cut: no gap, no duplicate, no reordering.
    expect(kept.subarray(preamble).equals(Buffer.concat(expected.map(frameBytes)).subarray(0, offset))).toBe(
      true,
    );
    const entries = receivedEntries(parseSseText(kept.toString("utf8")));
    this.received.push(...entries);
    this.cursor = entries.at(-1)?.seq ?? this.cursor;
  }

  /** Reconnects (with cuts) until it holds everything the log has now. */
  async catchUp(): Promise<void> {
    while (this.cursor < this.testServer.server.context.store.events.head) await this.connectAndCut();
  }
}

describe("resuming the event stream after lost connections", () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.dispose();
    server = undefined;
  });

  it("a client cut off at dozens of points, mid-frame included, ends up with exactly the log, once each", async () => {
    server = await startTestServer();
    const tokens = 90;
    const script = reply().thinking("Planning the answer.");
    for (let index = 0; index < tokens; index++) script.gate(`t${index}`).text(token(index));
    server.fake.script(script);
    const watcher = await server.events({ after: 0 });
    await server.json("POST", "/api/chat", { text: "Write a long answer" });
    const client = new FlakyClient(server);
    const random = seededRandom(7);

    let released = 0;
    const advance = async (count: number) => {
      for (const end = Math.min(released + count, tokens); released < end; released++) {
        server?.fake.release(`t${released}`);
        const expected = token(released);
        await watcher.waitFor(() => streamedText(watcher).includes(expected));
      }
    };

    await server.fake.waitForGate("t0");
    while (released < tokens) {
      // One connection spans new live events (the replay/live seam), the rest replay what it missed.
      await client.connectAndCut(() => advance(1 + random(6)));
      await client.catchUp();
    }
    await watcher.waitForKind("run", "context_usage");
    await client.catchUp();

    const log = readLog(server.server);
    expect(client.received.map((entry) => entry.seq)).toEqual(log.map((_, index) => index + 1));
    expect(client.received).toEqual(log);
    // A fresh reader from the start sees the same log: replay equals what was delivered live.
    const fresh = await server.events({ after: 0 });
    await fresh.waitFor((frames) => frames.at(-1)?.message.seq === log.at(-1)?.seq);
    expect(fresh.frames.map((frame) => ({ seq: Number(frame.id), frame: frame.raw }))).toEqual(log);
    expect(watcher.frames.map((frame) => frame.raw)).toEqual(log.map((entry) => entry.frame));
    expect(streamedText(watcher)).toBe(Array.from({ length: tokens }, (_, index) => token(index)).join(""));
    expect(client.cuts.length).toBeGreaterThanOrEqual(40);
    expect(new Set(client.cuts)).toEqual(new Set(CUT_KINDS));
    await Promise.all([watcher.close(), fresh.close()]);
  }, 20_000);

  it("a client resumes across a server restart, and seqs keep increasing after it", async () => {
    const fake = await startFakeModelServer();
    const directories = makeDirectories();
    try {
      server = await startTestServer({ fake, directories });
      fake.script(reply().text("First ").text("answer."), reply().text("Second ").text("answer."));
      const watcher = await server.events({ after: 0 });
      const first = await server.json<{ session_id: string }>("POST", "/api/chat", { text: "One" });
      await watcher.waitForKind("run", "context_usage");
      await watcher.close();
      const firstLog = readLog(server.server);

      // Lose the connection in the middle of a frame halfway through the log.
      const half = Math.ceil(firstLog.length / 2);
      const before = await RawSseClient.open(server.url, resumeRequest(0, "after", server.server.token));
      const preamble = await waitForPreamble(before);
      const kept = await before.cutAt(preamble + cutOffset(firstLog, "mid-data", half, () => 0));
      const received = receivedEntries(parseSseText(kept.toString("utf8")));
      expect(received).toEqual(firstLog.slice(0, half));

      await server.close();
      server = await startTestServer({ fake, directories });
      const token = server.server.token;
      const after = await RawSseClient.open(server.url, {
        path: "/api/events",
        headers: { authorization: `Bearer ${token}`, "last-event-id": String(received.at(-1)?.seq) },
      });
      await waitForPreamble(after);
      await server.json("POST", "/api/chat", { text: "Two", session_id: first.session_id });
      await after.waitFor((client) =>
        client
          .loggedEvents()
          .some(
            (event) => event.data.includes('"phase":"context_usage"') && Number(event.id) > firstLog.length,
          ),
      );
      after.close();

      const log = readLog(server.server);
      const resumed = receivedEntries(after.events());
      expect([...received, ...resumed]).toEqual(log);
      expect(log.map((entry) => entry.seq)).toEqual(log.map((_, index) => index + 1));
      // The second run's events come after everything the first server logged.
      const secondRun = resumed.filter((entry) => entry.frame.includes("Second "));
      expect(secondRun.length).toBeGreaterThan(0);
      expect(Math.min(...secondRun.map((entry) => entry.seq))).toBeGreaterThan(firstLog.length);

      // A page reloaded after the restart polls with its stored cursor and gets only what came later.
      const poll = await RawSseClient.open(server.url, resumeRequest(firstLog.length, "after", token));
      const pollPreamble = await waitForPreamble(poll);
      const rest = log.slice(firstLog.length);
      const pollKept = await poll.cutAt(pollPreamble + Buffer.concat(rest.map(frameBytes)).length);
      expect(receivedEntries(parseSseText(pollKept.toString("utf8")))).toEqual(rest);
    } finally {
      await server?.dispose();
      server = undefined;
      await fake.close();
      rmSync(join(directories.project, ".."), { recursive: true, force: true });
    }
  }, 20_000);
});
