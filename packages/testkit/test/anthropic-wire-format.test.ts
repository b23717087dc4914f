import { readFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type FakeModelServer, readSseEvents, reply, startFakeModelServer } from "../src/index.ts";
import { anthropicRequest, postJson } from "./http.ts";

let server: FakeModelServer;
beforeEach(async () => {
  server = await startFakeModelServer();
});
afterEach(async () => {
  await server.close();
});

const messagesUrl = () => `${server.url}/v1/messages`;
const eventData = async (response: Response) =>
  (await readSseEvents(response)).map((event) => JSON.parse(event.data) as Record<string, unknown>);

describe("Anthropic Messages streaming", () => {
  it("streams a text reply as the exact SSE bytes the Messages API sends", async () => {
    server.script(reply().text("hello").usage({ input: 12, output: 5 }));

    const response = await postJson(messagesUrl(), anthropicRequest());

    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(response.headers.get("request-id")).toBe("req_fake_0001");
    expect(await response.text()).toBe(
      [
        'event: message_start\ndata: {"type":"message_start","message":{"id":"msg_fake_0001","type":"message","role":"assistant","model":"claude-opus-5-5","content":[],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":12,"output_tokens":1,"cache_creation_input_tokens":0,"cache_read_input_tokens":0}}}\n\n',
        'event: ping\ndata: {"type":"ping"}\n\n',
        'event: content_block_start\ndata: {"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}\n\n',
        'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"hello"}}\n\n',
        'event: content_block_stop\ndata: {"type":"content_block_stop","index":0}\n\n',
        'event: message_delta\ndata: {"type":"message_delta","delta":{"stop_reason":"end_turn","stop_sequence":null},"usage":{"output_tokens":5}}\n\n',
        'event: message_stop\ndata: {"type":"message_stop"}\n\n',
      ].join(""),
    );
  });

  it("produces the event sequence Claude Code relayed from a working fake server", async () => {
    const fixture = new URL("./fixtures/claude-partial-messages-stream-events.jsonl", import.meta.url);
    const sample = readFileSync(fixture, "utf8")
      .trim()
      .split("\n")
      .map((line) => (JSON.parse(line) as { event: Record<string, unknown> }).event);
    server.script(reply().text("hello").usage({ input: 12, output: 5 }));

    const response = await postJson(`${server.url}/v1/messages?beta=true`, anthropicRequest());
    const events = await readSseEvents(response);

    for (const event of events) expect(event.event).toBe((JSON.parse(event.data) as { type: string }).type);
    // Claude Code does not relay `ping`, and the sample's message id came from its third request.
    const relayed = events.map((event) => JSON.parse(event.data)).filter((data) => data.type !== "ping");
    relayed[0].message.id = "msg_fake_0003";
    expect(relayed).toEqual(sample);
  });

  it("merges consecutive text steps into one block and signs thinking at the end of its block", async () => {
    server.script(reply().thinking("let me ").thinking("think").text("hello ").text("world"));

    const data = await eventData(await postJson(messagesUrl(), anthropicRequest()));

    expect(data.slice(2)).toEqual([
      {
        type: "content_block_start",
        index: 0,
        content_block: { type: "thinking", thinking: "", signature: "" },
      },
      { type: "content_block_delta", index: 0, delta: { type: "thinking_delta", thinking: "let me " } },
      { type: "content_block_delta", index: 0, delta: { type: "thinking_delta", thinking: "think" } },
      {
        type: "content_block_delta",
        index: 0,
        delta: { type: "signature_delta", signature: "fake-signature-0" },
      },
      { type: "content_block_stop", index: 0 },
      { type: "content_block_start", index: 1, content_block: { type: "text", text: "" } },
      { type: "content_block_delta", index: 1, delta: { type: "text_delta", text: "hello " } },
      { type: "content_block_delta", index: 1, delta: { type: "text_delta", text: "world" } },
      { type: "content_block_stop", index: 1 },
      {
        type: "message_delta",
        delta: { stop_reason: "end_turn", stop_sequence: null },
        usage: { output_tokens: 5 },
      },
      { type: "message_stop" },
    ]);
  });

  it("streams a tool call's input as several JSON fragments and stops with tool_use", async () => {
    server.script(
      reply().text("reading").toolCall("read_file", { path: "src/a.ts" }, { id: "toolu_1", chunks: 2 }),
    );

    const data = await eventData(await postJson(messagesUrl(), anthropicRequest()));
    const toolEvents = data.filter((event) => event.index === 1);

    expect(toolEvents).toEqual([
      {
        type: "content_block_start",
        index: 1,
        content_block: { type: "tool_use", id: "toolu_1", name: "read_file", input: {} },
      },
      { type: "content_block_delta", index: 1, delta: { type: "input_json_delta", partial_json: "" } },
      {
        type: "content_block_delta",
        index: 1,
        delta: { type: "input_json_delta", partial_json: '{"path":"s' },
      },
      {
        type: "content_block_delta",
        index: 1,
        delta: { type: "input_json_delta", partial_json: 'rc/a.ts"}' },
      },
      { type: "content_block_stop", index: 1 },
    ]);
    expect(data.at(-2)).toMatchObject({ type: "message_delta", delta: { stop_reason: "tool_use" } });
  });

  it("reports scripted usage, cache counts and stop reason", async () => {
    server.script(
      reply()
        .text("cut short")
        .usage({ input: 3, output: 40, cacheRead: 100, cacheWrite: 7 })
        .stop("max_tokens"),
    );

    const data = await eventData(await postJson(messagesUrl(), anthropicRequest()));

    expect(data[0]).toMatchObject({
      message: {
        usage: {
          input_tokens: 3,
          output_tokens: 1,
          cache_read_input_tokens: 100,
          cache_creation_input_tokens: 7,
        },
      },
    });
    expect(data.at(-2)).toEqual({
      type: "message_delta",
      delta: { stop_reason: "max_tokens", stop_sequence: null },
      usage: { output_tokens: 40 },
    });
  });
});

describe("Anthropic Messages without streaming", () => {
  it("answers stream:false with the whole message as JSON", async () => {
    server.script(reply().thinking("hmm").text("hi ").text("there").toolCall("Bash", { command: "ls" }));

    const response = await postJson(
      messagesUrl(),
      anthropicRequest({ stream: false, model: "claude-sonnet-5" }),
    );

    expect(response.headers.get("content-type")).toBe("application/json");
    expect(await response.json()).toEqual({
      id: "msg_fake_0001",
      type: "message",
      role: "assistant",
      model: "claude-sonnet-5",
      content: [
        { type: "thinking", thinking: "hmm", signature: "fake-signature-0" },
        { type: "text", text: "hi there" },
        { type: "tool_use", id: "toolu_fake_0001_0", name: "Bash", input: { command: "ls" } },
      ],
      stop_reason: "tool_use",
      stop_sequence: null,
      usage: {
        input_tokens: 10,
        output_tokens: 5,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 0,
      },
    });
  });

  it("accepts what Claude Code sends: ?beta=true, system entries inside messages, and a HEAD / pre-connect", async () => {
    server.script(reply().text("hello"));

    const head = await fetch(`${server.url}/`, { method: "HEAD" });
    const response = await postJson(
      `${server.url}/v1/messages?beta=true`,
      anthropicRequest({
        system: [{ type: "text", text: "You are a Claude agent.", cache_control: { type: "ephemeral" } }],
        messages: [
          { role: "user", content: [{ type: "text", text: "hi" }] },
          { role: "system", content: [{ type: "text", text: "# Environment" }] },
        ],
      }),
      { headers: { "anthropic-version": "2023-06-01", "x-api-key": "dummy" } },
    );

    expect(head.status).toBe(404);
    expect(response.status).toBe(200);
    expect((await eventData(response)).at(-1)).toEqual({ type: "message_stop" });
    expect(server.requests[1]).toMatchObject({
      method: "POST",
      path: "/v1/messages",
      query: { beta: "true" },
      route: "anthropic_messages",
      headers: { "x-api-key": "dummy", "anthropic-version": "2023-06-01" },
    });
  });

  it("counts tokens without consuming a scripted reply", async () => {
    server.script(reply().text("still here"));

    const counted = await postJson(
      `${server.url}/v1/messages/count_tokens`,
      anthropicRequest({ stream: undefined }),
    );
    const message = await postJson(messagesUrl(), anthropicRequest({ stream: false }));

    expect(await counted.json()).toEqual({ input_tokens: expect.any(Number) });
    expect(await message.json()).toMatchObject({ content: [{ type: "text", text: "still here" }] });
  });

  it("lists models in Anthropic's shape when the request carries anthropic-version", async () => {
    await server.close();
    server = await startFakeModelServer({ models: ["claude-fake-1"] });

    const list = await fetch(`${server.url}/v1/models`, { headers: { "anthropic-version": "2023-06-01" } });
    const missing = await fetch(`${server.url}/v1/models/nope`, {
      headers: { "anthropic-version": "2023-06-01" },
    });

    expect(await list.json()).toEqual({
      data: [
        {
          type: "model",
          id: "claude-fake-1",
          display_name: "claude-fake-1",
          created_at: "2025-01-01T00:00:00Z",
        },
      ],
      has_more: false,
      first_id: "claude-fake-1",
      last_id: "claude-fake-1",
    });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ type: "error", error: { type: "not_found_error" } });
  });
});
