import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type FakeModelServer, readSseEvents, reply, startFakeModelServer } from "../src/index.ts";
import { openaiRequest, postJson } from "./http.ts";

let server: FakeModelServer;
beforeEach(async () => {
  server = await startFakeModelServer({ now: () => 1_700_000_000_000 });
});
afterEach(async () => {
  await server.close();
});

const completionsUrl = () => `${server.url}/v1/chat/completions`;
const chunks = async (response: Response) => {
  const events = await readSseEvents(response);
  expect(events.at(-1)?.data).toBe("[DONE]");
  return events.slice(0, -1).map((event) => JSON.parse(event.data) as Record<string, unknown>);
};
const deltas = (all: Record<string, unknown>[]) =>
  all.flatMap((chunk) => (chunk.choices as Array<{ delta: unknown }>).map((choice) => choice.delta));

describe("OpenAI Chat Completions streaming", () => {
  it("streams a text reply as the exact SSE bytes OpenAI sends", async () => {
    server.script(reply().text("hello").usage({ input: 12, output: 5 }));

    const response = await postJson(completionsUrl(), openaiRequest());

    const base =
      '{"id":"chatcmpl-fake-0001","object":"chat.completion.chunk","created":1700000000,"model":"gpt-fake"';
    expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(await response.text()).toBe(
      [
        `data: ${base},"choices":[{"index":0,"delta":{"role":"assistant","content":""},"logprobs":null,"finish_reason":null}]}\n\n`,
        `data: ${base},"choices":[{"index":0,"delta":{"content":"hello"},"logprobs":null,"finish_reason":null}]}\n\n`,
        `data: ${base},"choices":[{"index":0,"delta":{},"logprobs":null,"finish_reason":"stop"}]}\n\n`,
        "data: [DONE]\n\n",
      ].join(""),
    );
  });

  it("adds a final usage chunk only when stream_options.include_usage is set", async () => {
    server.script(
      reply().text("a").usage({ input: 12, output: 5, cacheRead: 4, reasoning: 2 }),
      reply().text("b"),
    );

    const withUsage = await chunks(
      await postJson(completionsUrl(), openaiRequest({ stream_options: { include_usage: true } })),
    );
    const without = await chunks(await postJson(completionsUrl(), openaiRequest()));

    expect(withUsage.slice(0, -1).every((chunk) => chunk.usage === null)).toBe(true);
    expect(withUsage.at(-1)).toMatchObject({
      choices: [],
      usage: {
        prompt_tokens: 16,
        completion_tokens: 5,
        total_tokens: 21,
        prompt_tokens_details: { cached_tokens: 4 },
        completion_tokens_details: { reasoning_tokens: 2 },
      },
    });
    expect(without.some((chunk) => "usage" in chunk)).toBe(false);
  });

  it("streams thinking as reasoning_content, as vLLM and DeepSeek do", async () => {
    server.script(reply().thinking("step one, ").thinking("step two").text("answer"));

    const all = deltas(await chunks(await postJson(completionsUrl(), openaiRequest())));

    expect(all).toEqual([
      { role: "assistant", content: "" },
      { reasoning_content: "step one, " },
      { reasoning_content: "step two" },
      { content: "answer" },
      {},
    ]);
  });

  it("streams tool calls with an index, an id and argument fragments, then finish_reason tool_calls", async () => {
    server.script(
      reply().toolCall("read_file", { path: "a" }).toolCall("grep", { pattern: "x" }, { chunks: 1 }),
    );

    const all = await chunks(await postJson(completionsUrl(), openaiRequest()));

    expect(deltas(all).slice(1, -1)).toEqual([
      {
        tool_calls: [
          {
            index: 0,
            id: "call_fake_0001_0",
            type: "function",
            function: { name: "read_file", arguments: "" },
          },
        ],
      },
      { tool_calls: [{ index: 0, function: { arguments: '{"pa' } }] },
      { tool_calls: [{ index: 0, function: { arguments: 'th":' } }] },
      { tool_calls: [{ index: 0, function: { arguments: '"a"}' } }] },
      {
        tool_calls: [
          { index: 1, id: "call_fake_0001_1", type: "function", function: { name: "grep", arguments: "" } },
        ],
      },
      { tool_calls: [{ index: 1, function: { arguments: '{"pattern":"x"}' } }] },
    ]);
    expect(all.at(-1)).toMatchObject({ choices: [{ delta: {}, finish_reason: "tool_calls" }] });
  });
});

describe("OpenAI Chat Completions without streaming", () => {
  it("answers stream:false with a chat.completion JSON body", async () => {
    server.script(
      reply().thinking("hmm").text("hi").toolCall("ls", {}, { id: "call_1" }).usage({ input: 7, output: 3 }),
    );

    const response = await postJson(completionsUrl(), openaiRequest({ stream: false }));

    expect(await response.json()).toEqual({
      id: "chatcmpl-fake-0001",
      object: "chat.completion",
      created: 1_700_000_000,
      model: "gpt-fake",
      choices: [
        {
          index: 0,
          message: {
            role: "assistant",
            content: "hi",
            reasoning_content: "hmm",
            tool_calls: [{ id: "call_1", type: "function", function: { name: "ls", arguments: "{}" } }],
          },
          logprobs: null,
          finish_reason: "tool_calls",
        },
      ],
      usage: { prompt_tokens: 7, completion_tokens: 3, total_tokens: 10 },
    });
  });

  it("lists models in OpenAI's shape", async () => {
    const response = await fetch(`${server.url}/v1/models`, { headers: { authorization: "Bearer sk-fake" } });

    expect(await response.json()).toEqual({
      object: "list",
      data: [{ id: "fake-model", object: "model", created: 0, owned_by: "parley-testkit" }],
    });
  });
});
