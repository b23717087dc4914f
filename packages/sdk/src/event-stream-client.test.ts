import type { AnyUiSseMessage } from "@parley/protocol";
import { describe, expect, it } from "vitest";
import { ManualTimers } from "../test/support/manual-timers.ts";
import { ScriptedEvents } from "../test/support/scripted-events.ts";
import { fixture, fixtureFrames, streamBytesAfter } from "../test/support/server-fixture.ts";
import type { ConnectionStatus } from "./chat-state.ts";
import {
  EventStreamClient,
  type EventStreamClientOptions,
  type StreamStatusDetail,
} from "./event-stream-client.ts";
import { ParleyClient } from "./parley-client.ts";

const allSeqs = fixtureFrames.map((frame) => frame.seq);

/**
 * A client on a scripted server and a manual clock, recording what it delivers and reports. With
 * `autoReconnect` the backoff timer after each drop fires at once (the clock jumps to it).
 */
function setup(options: Partial<EventStreamClientOptions> & { autoReconnect?: boolean } = {}) {
  const { autoReconnect = true, ...clientOptions } = options;
  const server = new ScriptedEvents();
  const timers = new ManualTimers();
  const delivered: AnyUiSseMessage[] = [];
  const statuses: { status: ConnectionStatus; detail: StreamStatusDetail }[] = [];
  const warnings: string[] = [];
  let deliveryWaiters: { count: number; resolve: () => void }[] = [];
  let statusWaiters: {
    predicate: (status: ConnectionStatus, detail: StreamStatusDetail) => boolean;
    resolve: () => void;
  }[] = [];
  const client = new EventStreamClient({
    client: new ParleyClient({ baseUrl: "http://parley.test", fetch: server.fetch }),
    timers,
    random: () => 0,
    heartbeatIntervalMs: 60_000,
    onFrame: (frame) => {
      delivered.push(frame);
      const ready = deliveryWaiters.filter((waiter) => delivered.length >= waiter.count);
      deliveryWaiters = deliveryWaiters.filter((waiter) => delivered.length < waiter.count);
      for (const waiter of ready) waiter.resolve();
    },
    onStatus: (status, detail) => {
      statuses.push({ status, detail });
      if (autoReconnect && detail.retryInMs !== undefined)
        void timers.nextScheduled().then(() => timers.runNext());
      const ready = statusWaiters.filter((waiter) => waiter.predicate(status, detail));
      statusWaiters = statusWaiters.filter((waiter) => !ready.includes(waiter));
      for (const waiter of ready) waiter.resolve();
    },
    onWarning: (warning) => warnings.push(warning.message),
    ...clientOptions,
  });
  const statusReached = (predicate: (status: ConnectionStatus, detail: StreamStatusDetail) => boolean) =>
    new Promise<void>((resolve) => statusWaiters.push({ predicate, resolve }));
  const deliveredCount = (count: number) =>
    delivered.length >= count
      ? Promise.resolve()
      : new Promise<void>((resolve) => deliveryWaiters.push({ count, resolve }));
  return { server, timers, client, delivered, statuses, warnings, deliveredCount, statusReached };
}

/** Lets every pending promise callback run (the scripted streams resolve reads without I/O). */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

const seqsOf = (frames: readonly AnyUiSseMessage[]) => frames.map((frame) => frame.seq);

describe("EventStreamClient", () => {
  it("delivers each logged frame once in seq order, and heartbeats never move the cursor", async () => {
    const { server, client, delivered, deliveredCount, statuses } = setup({ after: 0 });
    client.start();
    const connection = await server.connection(0);
    connection.push(streamBytesAfter(0));
    await deliveredCount(allSeqs.length);
    connection.push(
      `data: ${JSON.stringify({ id: "heartbeat", seq: 3, rev: 1, ts_ms: 5, kind: "heartbeat" })}\n\n`,
    );
    connection.push(fixtureFrames[0]?.block ?? "");
    await settle();

    expect(seqsOf(delivered)).toEqual(allSeqs);
    expect(delivered.some((frame) => frame.kind === "heartbeat")).toBe(false);
    expect(client.cursor).toBe(fixture.head);
    expect(server.requests[0]?.after).toBe(0);
    expect(statuses.map((entry) => entry.status)).toEqual(["connecting", "connected"]);
    client.stop();
  });

  it("resumes after a cut at any byte of the stream with no gap and no duplicate", async () => {
    const bytes = streamBytesAfter(0);
    const boundaries = fixtureFrames.map((frame) => bytes.indexOf(frame.block) + frame.block.length);
    const offsets = new Set<number>([0, 1, bytes.length - 1]);
    for (const end of boundaries) for (const delta of [-2, -1, 0, 1]) offsets.add(end + delta);
    for (let offset = 0; offset < bytes.length; offset += 97) offsets.add(offset);

    for (const offset of [...offsets].filter((value) => value >= 0 && value <= bytes.length)) {
      const { server, client, delivered, deliveredCount } = setup({ after: 0 });
      server.onConnection = (connection, index) => {
        if (index === 0) {
          connection.push(bytes.slice(0, offset));
          connection.cut();
        } else {
          connection.push(streamBytesAfter(connection.after ?? 0));
        }
      };
      client.start();
      await deliveredCount(allSeqs.length);
      await server.requestCount(2);
      const completeBeforeCut = fixtureFrames.filter((_, index) => (boundaries[index] ?? 0) <= offset);
      expect(server.requests[1]?.after, `cut at byte ${offset}`).toBe(completeBeforeCut.at(-1)?.seq ?? 0);
      expect(seqsOf(delivered), `cut at byte ${offset}`).toEqual(allSeqs);
      client.stop();
    }
  });

  it("survives a cut inside every frame, resuming each time from the last complete one", async () => {
    const { server, client, delivered, deliveredCount, statuses } = setup({ after: 0 });
    server.onConnection = (connection) => {
      const after = connection.after ?? 0;
      const next = fixtureFrames.findIndex((frame) => frame.seq > after);
      if (next === -1) return;
      const bytes = streamBytesAfter(after);
      const following = fixtureFrames[next + 1]?.block;
      const cutAt =
        following === undefined ? bytes.length : bytes.indexOf(following) + Math.floor(following.length / 2);
      connection.push(bytes.slice(0, cutAt));
      connection.cut();
    };
    client.start();
    await deliveredCount(allSeqs.length);
    await server.requestCount(allSeqs.length + 1);

    expect(seqsOf(delivered)).toEqual(allSeqs);
    // Each connection delivered exactly one more frame before breaking in the middle of the next.
    expect(server.requests.map((request) => request.after)).toEqual([0, ...allSeqs]);
    expect(statuses.filter((entry) => entry.status === "reconnecting")).toHaveLength(allSeqs.length);
    client.stop();
  });

  it("drops frames at or below its cursor when a connection replays them again", async () => {
    const { server, client, delivered, deliveredCount } = setup({ after: 0 });
    server.onConnection = (connection, index) => {
      if (index === 0) {
        connection.push(streamBytesAfter(0, fixtureFrames.slice(0, 10)));
        connection.end();
      } else {
        // A misbehaving proxy that ignores ?after= and replays from the start.
        connection.push(streamBytesAfter(0));
      }
    };
    client.start();
    await deliveredCount(allSeqs.length);

    expect(server.requests[1]?.after).toBe(10);
    expect(seqsOf(delivered)).toEqual(allSeqs);
    client.stop();
  });

  it("backs off exponentially up to the cap, with jitter that only shortens the wait, and reports offline", async () => {
    const random = [0, 1, 0.5];
    let draws = 0;
    const { server, client, statuses, timers } = setup({
      autoReconnect: false,
      random: () => random[draws++ % random.length] ?? 0,
      backoff: { initialMs: 500, maxMs: 4_000, factor: 2, jitter: 0.5 },
    });
    server.answer = () => ({ networkError: true });
    client.start();
    for (let attempt = 1; attempt < 7; attempt++) {
      await server.requestCount(attempt);
      await timers.nextScheduled();
      timers.runNext();
    }
    await server.requestCount(7);

    const drops = statuses.filter((entry) => entry.detail.reason === "network_error");
    expect(drops.map((entry) => entry.detail.retryInMs)).toEqual([500, 500, 1500, 4000, 2000, 3000]);
    expect(drops.map((entry) => entry.status)).toEqual([
      "reconnecting",
      "reconnecting",
      "offline",
      "offline",
      "offline",
      "offline",
    ]);
    client.stop();
  });

  it("treats a stream without any frame for 2.5 heartbeat intervals as dead and reconnects by cursor", async () => {
    const { server, client, statuses, timers, delivered, deliveredCount } = setup({
      after: 0,
      heartbeatIntervalMs: 1_000,
      autoReconnect: false,
    });
    client.start();
    const first = await server.connection(0);
    first.push(streamBytesAfter(0, fixtureFrames.slice(0, 3)));
    await deliveredCount(3);
    timers.advance(2_000);
    first.push(
      `data: ${JSON.stringify({ id: "heartbeat", seq: 3, rev: 1, ts_ms: 2, kind: "heartbeat" })}\n\n`,
    );
    await settle();
    timers.advance(2_000);
    expect(first.closed).toBe(false);

    const reconnected = timers.nextScheduled();
    timers.advance(600);
    await reconnected;
    expect(first.closed).toBe(true);
    expect(statuses.at(-1)).toMatchObject({ status: "reconnecting", detail: { reason: "dead_stream" } });
    timers.runNext();
    const second = await server.connection(1);
    expect(second.after).toBe(3);
    expect(seqsOf(delivered)).toEqual([1, 2, 3]);
    client.stop();
  });

  it("reports resyncing on a resync frame and delivers nothing more until the owner has refetched", async () => {
    let finishRefetch: () => void = () => {};
    let refetchAsked: (frame: AnyUiSseMessage) => void = () => {};
    const asked = new Promise<AnyUiSseMessage>((resolve) => {
      refetchAsked = resolve;
    });
    const { server, client, statuses, delivered, deliveredCount } = setup({
      after: 900,
      onResync: (frame) => {
        refetchAsked(frame);
        return new Promise<void>((resolve) => {
          finishRefetch = resolve;
        });
      },
    });
    client.start();
    const connection = await server.connection(0);
    // The server's data directory was reset: our cursor (900) is ahead of its head (3).
    const resync = {
      id: "resync_3",
      seq: 3,
      rev: 1,
      ts_ms: 1,
      kind: "run",
      phase: "resync",
      data: { reason: "cursor_ahead", lagged_count: 0 },
    };
    connection.push(`id: 3\ndata: ${JSON.stringify(resync)}\n\n`);
    connection.push(
      fixtureFrames
        .slice(3, 5)
        .map((frame) => frame.block)
        .join(""),
    );
    const resyncFrame = await asked;

    expect(resyncFrame).toMatchObject({ kind: "run", phase: "resync", seq: 3 });
    expect(statuses.at(-1)?.status).toBe("resyncing");
    expect(delivered).toEqual([]);
    expect(client.cursor).toBe(3);
    finishRefetch();
    await deliveredCount(2);

    expect(seqsOf(delivered)).toEqual([4, 5]);
    expect(statuses.at(-1)?.status).toBe("connected");
    expect(delivered.some((frame) => frame.phase === "resync")).toBe(false);
    client.stop();
  });

  it("stops for good on 401 and says why", async () => {
    const { server, client, statuses, timers, statusReached } = setup();
    server.answer = () => ({
      status: 401,
      body: { error: { code: "unauthorized", message: "sign in again" } },
    });
    const stopped = statusReached((status) => status === "offline");
    client.start();
    await stopped;
    timers.advance(600_000);

    expect(server.requests).toHaveLength(1);
    expect(client.status).toBe("offline");
    expect(statuses.at(-1)).toMatchObject({ status: "offline", detail: { reason: "unauthorized" } });
  });

  it("goes back to a snapshot's head when it started live after the snapshot, replaying only the gap", async () => {
    const { server, client, delivered, deliveredCount } = setup();
    client.start();
    const live = await server.connection(0);
    expect(live.after).toBeUndefined();
    live.push(streamBytesAfter(10, fixtureFrames.slice(0, 12)));
    await deliveredCount(2);
    expect(seqsOf(delivered)).toEqual([11, 12]);

    client.deliverAfter(8);
    const replay = await server.connection(1);
    expect(replay.after).toBe(8);
    replay.push(streamBytesAfter(8, fixtureFrames.slice(0, 14)));
    await deliveredCount(6);

    expect(seqsOf(delivered)).toEqual([11, 12, 9, 10, 13, 14]);
    expect(client.cursor).toBe(14);
    client.stop();
  });

  it("keeps exactly one stream open when stopped and started again before the first one opened", async () => {
    // A UI that remounts (React StrictMode runs effects twice) stops and restarts the store at once.
    const { server, client, timers } = setup({ after: 0 });
    client.start();
    client.stop();
    client.start();
    await server.requestCount(2);
    await settle();
    timers.advance(60_000);
    await settle();

    expect(server.requests).toHaveLength(2);
    expect(server.connections.filter((connection) => !connection.closed)).toHaveLength(1);
    client.stop();
    expect(server.connections.every((connection) => connection.closed)).toBe(true);
  });

  it("tells once where a stream opened without a cursor is, from its first heartbeat", async () => {
    const positions: number[] = [];
    const { server, client, deliveredCount } = setup({ onLive: (seq) => positions.push(seq) });
    client.start();
    const live = await server.connection(0);
    live.push(streamBytesAfter(10, fixtureFrames.slice(0, 12)));
    live.push(
      `data: ${JSON.stringify({ id: "heartbeat", seq: 12, rev: 1, ts_ms: 5, kind: "heartbeat" })}\n\n`,
    );
    live.push(fixtureFrames[12]?.block ?? "");
    await deliveredCount(3);

    expect(positions).toEqual([10]);
    client.stop();
  });

  it("skips a frame it cannot decode with a warning and keeps going", async () => {
    const { server, client, delivered, deliveredCount, warnings } = setup({ after: 0 });
    client.start();
    const connection = await server.connection(0);
    connection.push(`id: 1\ndata: {not json\n\n${fixtureFrames[1]?.block}`);
    await deliveredCount(1);

    expect(seqsOf(delivered)).toEqual([2]);
    expect(warnings).toHaveLength(1);
    expect(client.cursor).toBe(2);
    client.stop();
  });
});
