import { HttpAgent } from "@ag-ui/client";
import { EventSchema } from "@ag-ui/core/schemas";
import { reply, SseParser } from "@parley/testkit";
import { describe, expect, it } from "vitest";
import { useTestServer } from "./support/use-test-server.ts";

/**
 * AG-UI streams resumed and connected to: the frames' SSE ids, `Last-Event-ID`, and `connectAgent` of the
 * real `@ag-ui/client` (whose `HttpAgent` leaves `connect` to a subclass: this one asks Parley to connect).
 */

type Frame = { id: string | undefined; event: { type: string } & Record<string, unknown> };

/** An HttpAgent whose `connectAgent` shows the thread's latest run (running or finished) from its start. */
class ParleyAgUiAgent extends HttpAgent {
  protected override connect(input: Parameters<HttpAgent["run"]>[0]) {
    const forwardedProps = { ...input.forwardedProps, parley: { connect: true } };
    return this.run({ ...input, forwardedProps });
  }
}

describe("AG-UI streams resumed after a cut and connected to", () => {
  const server = useTestServer();

  const input = (threadId: string, forwardedProps: object = {}) => ({
    threadId,
    runId: "run-a",
    messages: [{ id: "m1", role: "user", content: "Write out.txt" }],
    tools: [],
    context: [],
    state: {},
    forwardedProps,
  });

  /** POSTs to /api/ag-ui and reads frames until `until` says stop (then cuts the connection) or the end. */
  async function readStream(
    body: object,
    until: (frames: Frame[]) => boolean = () => false,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; frames: Frame[]; text: string }> {
    const response = await fetch(`${server.url}/api/ag-ui`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${server.server.token}`,
        "content-type": "application/json",
        accept: "text/event-stream",
        ...headers,
      },
      body: JSON.stringify(body),
    });
    if (response.status !== 200) return { status: response.status, frames: [], text: await response.text() };
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const parser = new SseParser();
    const decoder = new TextDecoder();
    const frames: Frame[] = [];
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      for (const sse of parser.push(decoder.decode(value, { stream: true }))) {
        frames.push({ id: sse.id, event: JSON.parse(sse.data) });
      }
      if (until(frames)) {
        await reader.cancel();
        break;
      }
    }
    return { status: 200, frames, text: "" };
  }

  const waitingApproval = (frames: Frame[]): string | undefined => {
    for (const { event } of frames) {
      const change = (event.delta as { path: string; value?: { approval_id: string }[] }[] | undefined)?.[0];
      if (change?.path === "/approvals" && change.value?.[0]) return change.value[0].approval_id;
    }
    return undefined;
  };

  it("resumes a cut stream after its last frame with Last-Event-ID: the two parts are the whole run, nothing lost or twice", async () => {
    server.fake.script(
      reply().text("I will write it.").toolCall("Write", { file_path: "out.txt", content: "x" }),
      reply().text("Written."),
    );
    const cut = await readStream(input("thread-cut"), (frames) => waitingApproval(frames) !== undefined);
    const approvalId = waitingApproval(cut.frames) as string;
    const lastId = cut.frames.at(-1)?.id as string;
    expect(lastId).toMatch(/^run_\w+:\d+:\d+:\d+$/);

    // Resumed while the run waits: the rest arrives live once the approval is answered.
    const resumed = readStream(input("thread-cut"), () => false, { "last-event-id": lastId });
    await server.request("POST", `/api/approvals/${approvalId}`, { body: { decision: "approve" } });
    const rest = (await resumed).frames;
    expect(rest.at(-1)?.event).toMatchObject({ type: "RUN_FINISHED", runId: "run-a" });

    // The whole run, as the real client's connectAgent gets it from its start.
    const agent = new ParleyAgUiAgent({
      url: `${server.url}/api/ag-ui`,
      headers: { authorization: `Bearer ${server.server.token}` },
      threadId: "thread-cut",
    });
    const whole: unknown[] = [];
    await agent.connectAgent({ runId: "run-a" }, { onEvent: ({ event }) => void whole.push(event) });

    const joined = [...cut.frames, ...rest];
    expect(joined.map((frame) => frame.event)).toEqual(whole);
    for (const frame of joined) expect(EventSchema.safeParse(frame.event).error).toBeUndefined();
    expect(new Set(joined.map((frame) => frame.id)).size).toBe(joined.length);
    expect(agent.messages.map((message) => message.role)).toEqual([
      "assistant",
      "assistant",
      "tool",
      "assistant",
    ]);
    // Resuming and connecting started no turn of their own: the model was asked twice, by the one run.
    expect(server.fake.requests).toHaveLength(2);
  });

  it("replays a finished run's rest after any of its frames, and nothing after its last", async () => {
    server.fake.script(reply().text("Short answer."));
    const whole = (await readStream(input("thread-done"))).frames;
    expect(whole.at(-1)?.event.type).toBe("RUN_FINISHED");
    const middle = whole[2] as Frame;
    const rest = await readStream(input("thread-done"), () => false, {
      "last-event-id": middle.id as string,
    });
    expect(rest.frames).toEqual(whole.slice(3));
    const after = await readStream(input("thread-done", { parley: { last_event_id: whole.at(-1)?.id } }));
    expect(after.frames).toEqual([]);
  });

  it("ends a stream whose events cannot be read with RUN_ERROR, and lets go of it", async () => {
    server.fake.script(reply().text("Kept."));
    await readStream(input("thread-unreadable"));
    const { context } = server.server;
    const open = context.sseConnections.size;
    // The log failing under the stream (a disk error): the one read it makes throws.
    const events = context.store.events as { readAfter: unknown };
    events.readAfter = () => {
      throw new Error("disk I/O error");
    };
    let connected: Awaited<ReturnType<typeof readStream>>;
    try {
      connected = await readStream(input("thread-unreadable", { parley: { connect: true } }));
    } finally {
      delete events.readAfter;
    }
    expect(connected.status).toBe(200);
    expect(connected.frames.at(-1)).toEqual({
      id: undefined,
      event: {
        type: "RUN_ERROR",
        message:
          "this run's events could not be read (the server's log says why); connect again to follow it",
        code: "unreadable",
      },
    });
    expect(EventSchema.safeParse(connected.frames.at(-1)?.event).error).toBeUndefined();
    // Not counted among the open streams any more (nor beating a heartbeat into the ended stream).
    expect(context.sseConnections.size).toBe(open);
  });

  it("refuses a Last-Event-ID that is not one of its frames' ids, or names another thread's run", async () => {
    const malformed = await readStream(input("thread-x"), () => false, { "last-event-id": "42" });
    expect(malformed.status).toBe(400);
    expect(malformed.text).toContain("header.last-event-id");
    server.fake.script(reply().text("Mine."));
    const other = (await readStream(input("thread-other"))).frames;
    const foreign = await readStream(input("thread-x"), () => false, {
      "last-event-id": other[0]?.id as string,
    });
    expect(foreign.status).toBe(404);
    const nothing = await readStream(input("thread-never", { parley: { connect: true } }));
    expect(nothing.status).toBe(404);
  });
});
