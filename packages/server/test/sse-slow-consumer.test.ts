import { parseSseText, reply } from "@parley/testkit";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { SseConnection } from "../src/bus/sse-connection.ts";
import { watchConnections } from "./support/connection-watch.ts";
import { RawSseClient } from "./support/raw-sse-client.ts";
import { frameBytes, readLog, receivedEntries, waitForPreamble } from "./support/sse-log.ts";
import { canReadSocketTable, serverSocketState } from "./support/tcp-sockets.ts";
import { startTestServer, type TestServer } from "./support/test-server.ts";

const CAP = 64 * 1024;
/**
 * About 4 MB of answer (8 MB of events: its tokens, then its text segments), more than the kernel's socket
 * buffers take for a client that does not read (about 4 MB on loopback), in text blocks of 192 KiB so no
 * single frame is huge.
 */
const bigAnswer = () => {
  const script = reply();
  for (let index = 0; index < 21; index++) {
    script.text(`${String(index).padStart(4, "0")}${"x".repeat(192 * 1024)}`).thinking(".");
  }
  return script;
};

const authorization = (server: TestServer) => ({ authorization: `Bearer ${server.server.token}` });

describe("a client that stops reading the event stream", () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.dispose();
    server = undefined;
  });

  it("a client reading at full speed behind a tiny buffer cap still gets every event once, in order", async () => {
    server = await startTestServer({ sse: { maxBufferedBytes: 512, drainTimeoutMs: 600_000 } });
    const script = reply().thinking("Let me think this through.");
    for (let index = 0; index < 30; index++) script.text(`word${index} `).thinking(`thought ${index}`);
    server.fake.script(script);
    const live = await server.events({ after: 0 });
    await server.json("POST", "/api/chat", { text: "Think aloud" });
    await live.waitForKind("run", "context_usage");
    const replay = await server.events({ after: 0 });
    const log = readLog(server.server);
    await replay.waitFor((frames) => frames.length === log.length);
    // Each frame fits under the cap but many commits of several frames do not: the rest of such a commit
    // has to come from the log, without a gap or a repeat.
    expect(Math.max(...log.map((entry) => frameBytes(entry).length))).toBeLessThan(512);
    for (const stream of [live, replay]) {
      expect(stream.frames.map((frame) => ({ seq: Number(frame.id), frame: frame.raw }))).toEqual(log);
    }
    await Promise.all([live.close(), replay.close()]);
  });

  it("holds at most its buffer cap in the server and never delays the run or other clients", async () => {
    server = await startTestServer({ sse: { maxBufferedBytes: CAP, drainTimeoutMs: 600_000 } });
    const connections = watchConnections(server.server.context);
    server.fake.script(bigAnswer(), reply().text("Short answer."));
    // A log longer than the kernel buffers exists before the stalled client connects (it replays it).
    const first = await server.json<{ session_id: string; run_id: string }>("POST", "/api/chat", {
      text: "First",
    });
    await server.server.context.agents.waitForRun(first.run_id);

    const stalled = await RawSseClient.open(server.url, {
      path: "/api/events?after=0",
      headers: authorization(server),
    });
    await waitForPreamble(stalled);
    stalled.pause();
    const reader = await server.events({ after: 0 });
    await server.json("POST", "/api/chat", { text: "Second", session_id: first.session_id });
    await reader.waitFor(
      (frames) => frames.filter((frame) => frame.message.phase === "context_usage").length === 2,
    );

    // The run finished and the reading client has every event while the stalled one is still connected.
    expect(connections.count).toBe(2);
    const log = readLog(server.server);
    expect(reader.frames.map((frame) => ({ seq: Number(frame.id), frame: frame.raw }))).toEqual(log);
    const largestFrame = Math.max(...log.map((entry) => frameBytes(entry).length));
    for (const connection of server.server.context.sseConnections as Set<SseConnection>) {
      expect(connection.bufferedBytes).toBeLessThanOrEqual(CAP + largestFrame);
    }
    stalled.close();
    await reader.close();
  }, 30_000);

  it("is cut off once its buffer stays full, and then resumes by cursor with nothing lost", async () => {
    server = await startTestServer({ sse: { maxBufferedBytes: CAP, drainTimeoutMs: 300 } });
    const errors = vi.spyOn(console, "error");
    const connections = watchConnections(server.server.context);
    server.fake.script(bigAnswer());
    const stalled = await RawSseClient.open(server.url, {
      path: "/api/events?after=0",
      headers: authorization(server),
    });
    await waitForPreamble(stalled);
    stalled.pause();
    const chat = await server.json<{ run_id: string }>("POST", "/api/chat", { text: "Talk a lot" });
    expect((await server.server.context.agents.waitForRun(chat.run_id)).status).toBe("completed");
    await connections.waitForCount(0);

    if (canReadSocketTable) {
      // The server dropped the socket itself: its end is no longer an established connection, although the
      // client has not read a byte since (a stalled client must not pin a socket forever).
      expect(serverSocketState(server.server.port, stalled.localPort)).not.toBe("ESTABLISHED");
    }
    stalled.resume();
    await stalled.waitForEnd();
    const log = readLog(server.server);
    const before = receivedEntries(stalled.events());
    expect(before.length).toBeLessThan(log.length);
    expect(before).toEqual(log.slice(0, before.length));

    const resumed = await RawSseClient.open(server.url, {
      path: "/api/events",
      headers: { ...authorization(server), "last-event-id": String(before.at(-1)?.seq ?? 0) },
    });
    await resumed.waitFor((client) => Number(client.loggedEvents().at(-1)?.id) === log.at(-1)?.seq);
    resumed.close();
    expect([...before, ...receivedEntries(parseSseText(resumed.body.toString("utf8")))]).toEqual(log);
    // Cutting off a slow client is routine, not a server error worth a stack trace in the log.
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  }, 30_000);
});
