import { randomBytes } from "node:crypto";
import { rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { type FakeModelServer, reply, startFakeModelServer } from "@parley/testkit";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ParleyServer } from "../src/index.ts";
import type { RetentionLimits } from "../src/limits/server-limits.ts";
import { storedBytes } from "../src/store/event-log.ts";
import { EventStream } from "./support/event-stream.ts";
import { readLog } from "./support/sse-log.ts";
import { usesPostgres } from "./support/test-database.ts";
import { makeDirectories, startTestServer } from "./support/test-server.ts";

const HOUR_MS = 60 * 60 * 1000;

describe("event log retention by size, and token deltas folded into their messages", () => {
  let fake: FakeModelServer;
  let directories: { project: string; home: string };
  let running: ParleyServer | undefined;
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

  const start = async (retention?: Partial<RetentionLimits>) => {
    running = (
      await startTestServer({
        fake,
        directories,
        now: () => clock,
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
    const response = await fetch(`${server.url}/api/chat`, {
      method: "POST",
      headers: { authorization: `Bearer ${server.token}`, "content-type": "application/json" },
      body: JSON.stringify({ text }),
    });
    const { session_id } = (await response.json()) as { session_id: string };
    await watcher.waitForKind("run", "context_usage");
    await watcher.close();
    return session_id;
  };
  const state = async (server: ParleyServer, sessionId: string) => {
    const response = await fetch(`${server.url}/api/sessions/${sessionId}/state`, {
      headers: { authorization: `Bearer ${server.token}` },
    });
    const body = (await response.json()) as { messages: { id: string; rich: unknown }[] };
    return body.messages.map((message) => ({ id: message.id, rich: message.rich }));
  };
  const kinds = (server: ParleyServer) =>
    readLog(server).map((entry) => JSON.parse(entry.frame).kind as string);

  it("drops the token deltas of runs that ended long enough ago; the answer's text segment keeps the whole text", async () => {
    fake.script(reply().text("Streamed ").text("in ").text("several ").text("deltas."));
    const server = await start();
    const sessionId = await chat(server, "Stream something");
    expect(kinds(server)).toContain("token");
    const before = await state(server, sessionId);
    await stop();

    // Restarted two hours later with the default (one hour after a run ends).
    clock += 2 * HOUR_MS;
    const later = await start();
    expect(kinds(later)).not.toContain("token");
    const segments = readLog(later)
      .map((entry) => JSON.parse(entry.frame))
      .filter((frame) => frame.kind === "text_segment");
    expect(segments.map((frame) => frame.text)).toEqual(["Streamed in several deltas."]);
    // What a client reloads is unchanged, and a replay from 0 still ends with the answer.
    expect(await state(later, sessionId)).toEqual(before);
    const replay = await EventStream.open(later.url, later.token, { after: 0 });
    await replay.waitFor((frames) => frames.at(-1)?.message.seq === later.context.store.events.head);
    expect(replay.frames.some((frame) => frame.message.text === "Streamed in several deltas.")).toBe(true);
    await replay.close();
  });

  // The SQLite file's pages are freed and handed back; PostgreSQL keeps a table's freed space for its next
  // rows (VACUUM), so there is no file to measure shrinking.
  it.skipIf(usesPostgres())(
    "compacting finished answers' token deltas gives their space back to the disk",
    async () => {
      // Answers smaller than a page: their deltas shared pages with the events that stay.
      const answers = 20;
      fake.script(
        ...Array.from({ length: answers }, (_, index) =>
          reply().text(`Answer ${index}: ${randomWords(1_200)}`),
        ),
      );
      const server = await start();
      const sessionId = await chat(server, "Question 0");
      for (let index = 1; index < answers; index++) await chat(server, `Question ${index}`);
      const tokenBytes = readLog(server)
        .filter((entry) => JSON.parse(entry.frame).kind === "token")
        .reduce((sum, entry) => sum + Buffer.byteLength(entry.frame), 0);
      expect(tokenBytes).toBeGreaterThan(answers * 1_000);
      const before = await state(server, sessionId);
      const fileBefore = databaseBytes(server);
      await stop();

      clock += 2 * HOUR_MS;
      const later = await start();
      expect(kinds(later)).not.toContain("token");
      expect(await state(later, sessionId)).toEqual(before);
      // The deltas' pages are freed whole and handed back, not left as holes among the events that stay.
      expect(fileBefore - databaseBytes(later)).toBeGreaterThan(tokenBytes * 0.6);
    },
    30_000,
  );

  it("keeps the log under its byte budget, oldest first; a client behind it gets a typed resync", async () => {
    fake.script(
      ...Array.from({ length: 4 }, (_, index) => reply().text(`Answer ${index} ${"x".repeat(20_000)}`)),
    );
    let server = await start();
    for (let index = 0; index < 4; index++) await chat(server, `Question ${index}`);
    const fullBytes = server.context.store.events.bytes;
    const head = server.context.store.events.head;
    await stop();

    server = await start({ maxBytes: Math.floor(fullBytes / 3) });
    const log = server.context.store.events;
    expect(log.bytes).toBeLessThanOrEqual(Math.floor(fullBytes / 3));
    // Counted as stored: long frames deflated, the rest as text.
    const { database } = server.context.store;
    const frames = (table: string) =>
      database.prepare(`SELECT frame FROM ${table}`).pluck().all() as (string | Buffer)[];
    const stored = [...frames("events"), ...frames("token_events")].reduce(
      (sum, frame) => sum + storedBytes(frame),
      0,
    );
    expect(log.bytes).toBe(stored);
    expect(log.head).toBe(head);
    expect(readLog(server).at(-1)?.seq).toBe(head);
    expect(log.floor).toBeGreaterThan(1);

    const behind = await EventStream.open(server.url, server.token, { after: 0 });
    await behind.waitFor((frames) => frames.length >= 1);
    expect(behind.frames[0]?.message).toMatchObject({
      kind: "run",
      phase: "resync",
      data: { reason: "cursor_expired" },
    });
    await behind.close();
    const limits = (await (
      await fetch(`${server.url}/api/limits`, { headers: { authorization: `Bearer ${server.token}` } })
    ).json()) as { event_retention: { max_bytes: number }; event_log: { events_bytes: number } };
    expect(limits.event_retention.max_bytes).toBe(Math.floor(fullBytes / 3));
    expect(limits.event_log.events_bytes).toBe(log.bytes);
  });
});

/** Words that deflate as prose does, not as a repeated string (which would pack to nothing). */
function randomWords(characters: number): string {
  const words: string[] = [];
  for (let length = 0; length < characters; length += 9) words.push(randomBytes(6).toString("base64url"));
  return words.join(" ");
}

/** The database file's size once its WAL is folded in. */
function databaseBytes(server: ParleyServer): number {
  const { database } = server.context.store;
  database.pragma("wal_checkpoint(TRUNCATE)");
  return statSync(database.name).size;
}
