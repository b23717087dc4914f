import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  type FakeModelServer,
  hang,
  iterateSseEvents,
  readSseEvents,
  reply,
  type SseEvent,
  startFakeModelServer,
  waitFor,
} from "../src/index.ts";
import { anthropicRequest, openaiRequest, postJson } from "./http.ts";

let server: FakeModelServer;
beforeEach(async () => {
  server = await startFakeModelServer();
});
afterEach(async () => {
  await server.close();
});

const messagesUrl = () => `${server.url}/v1/messages`;
const completionsUrl = () => `${server.url}/v1/chat/completions`;
const hasText = (text: string) => (event: SseEvent) => event.data.includes(text);

/** Reads events until the stream breaks; returns what arrived and the error that ended it. */
async function readUntilBroken(response: Response): Promise<{ events: SseEvent[]; error: unknown }> {
  const events: SseEvent[] = [];
  try {
    for await (const event of iterateSseEvents(response)) events.push(event);
  } catch (error) {
    return { events, error };
  }
  return { events, error: undefined };
}

describe("a stream that hangs", () => {
  it("keeps the stream open after the sent frames until the client aborts, and stays healthy", async () => {
    server.script(reply().text("partial").hang(), reply().text("next"));
    const controller = new AbortController();

    const response = await postJson(messagesUrl(), anthropicRequest(), { signal: controller.signal });
    const events = iterateSseEvents(response);
    await waitFor(events, hasText("partial"));
    await server.waitForGate("hang", 0);
    controller.abort();

    expect(await server.waitForResponseEnd(0)).toBe("client_aborted");
    const next = await readSseEvents(await postJson(messagesUrl(), anthropicRequest()));
    expect(next.some(hasText('"text":"next"'))).toBe(true);
  });

  it("sends headers and the opening frames for hang(), then finishes the message when released", async () => {
    server.script(hang());

    const response = await postJson(completionsUrl(), openaiRequest());
    const events = iterateSseEvents(response);
    const first = await waitFor(events, () => true);
    await server.waitForGate("hang");
    server.release("hang");
    const rest: SseEvent[] = [];
    for await (const event of events) rest.push(event);

    expect(response.status).toBe(200);
    expect(JSON.parse(first.data)).toMatchObject({
      choices: [{ delta: { role: "assistant", content: "" } }],
    });
    expect(rest.map((event) => event.data).at(-1)).toBe("[DONE]");
    expect(await server.waitForResponseEnd(0)).toBe("completed");
  });
});

describe("a stream cut mid-way", () => {
  it("destroys the Anthropic stream after n events, so the client sees a broken stream", async () => {
    server.script(reply().text("a").text("b").text("c").cutAfter(4));

    const { events, error } = await readUntilBroken(await postJson(messagesUrl(), anthropicRequest()));

    expect(events.map((event) => event.event)).toEqual([
      "message_start",
      "ping",
      "content_block_start",
      "content_block_delta",
    ]);
    expect(error).toBeInstanceOf(Error);
    expect(await server.waitForResponseEnd(0)).toBe("cut");
  });

  it("destroys the OpenAI stream before [DONE]", async () => {
    server.script(reply().text("a").text("b").cutAfter(2));

    const { events, error } = await readUntilBroken(await postJson(completionsUrl(), openaiRequest()));

    expect(events).toHaveLength(2);
    expect(error).toBeInstanceOf(Error);
  });

  it("still cuts when n is past the last frame, withholding the end of the response", async () => {
    server.script(reply().text("all of it").cutAfter(100));

    const { events, error } = await readUntilBroken(await postJson(completionsUrl(), openaiRequest()));

    expect(events.at(-1)?.data).toBe("[DONE]");
    expect(error).toBeInstanceOf(Error);
  });

  it("sends half a JSON body when the request does not stream", async () => {
    server.script(reply().text("whole").cutAfter(1));

    const response = await postJson(messagesUrl(), anthropicRequest({ stream: false }));

    expect(response.status).toBe(200);
    await expect(response.json()).rejects.toThrow();
  });
});

describe("gates", () => {
  it("pauses at a gate until the test releases it", async () => {
    server.script(reply().text("before").gate("reload").text(" after"));

    const events = iterateSseEvents(await postJson(messagesUrl(), anthropicRequest()));
    await waitFor(events, hasText("before"));
    await server.waitForGate("reload");
    server.release("reload");
    const rest: SseEvent[] = [];
    for await (const event of events) rest.push(event);

    expect(rest.map((event) => JSON.parse(event.data).type)).toEqual([
      "content_block_delta",
      "content_block_stop",
      "message_delta",
      "message_stop",
    ]);
    expect(rest[0]?.data).toContain('"text":" after"');
  });

  it("remembers a release that arrives before the stream reaches the gate", async () => {
    server.release("early");
    server.script(reply().text("one").gate("early").text("two"));

    const events = await readSseEvents(await postJson(messagesUrl(), anthropicRequest()));

    expect(events.filter(hasText("text_delta")).map((event) => JSON.parse(event.data).delta.text)).toEqual([
      "one",
      "two",
    ]);
  });

  it("holds a non-streaming reply until its gates are released", async () => {
    server.script(reply().gate("json").text("done"));

    const pending = postJson(messagesUrl(), anthropicRequest({ stream: false }));
    await server.waitForGate("json", 0);
    server.release("json");

    expect(await (await pending).json()).toMatchObject({ content: [{ type: "text", text: "done" }] });
  });
});

describe("waiting on the server", () => {
  it("resolves a wait for a request that arrives later", async () => {
    server.script(reply().text("x"));

    const arrived = server.waitForRequest(0);
    await postJson(messagesUrl(), anthropicRequest({ stream: false }));

    expect((await arrived).body).toMatchObject({ model: "claude-opus-5-5" });
  });

  it("ends open streams on close and rejects waits that can no longer happen", async () => {
    server.script(hang());
    const response = await postJson(messagesUrl(), anthropicRequest());
    await server.waitForGate("hang");
    const neverArrives = server.waitForRequest(5);

    await server.close();

    expect(await server.waitForResponseEnd(0)).toBe("server_closed");
    await expect(neverArrives).rejects.toThrow("fake model server closed");
    expect((await readUntilBroken(response)).error).toBeInstanceOf(Error);
  });
});
