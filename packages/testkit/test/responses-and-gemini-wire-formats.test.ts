import { createOpenAI } from "@ai-sdk/openai";
import { streamText } from "ai";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type FakeModelServer, httpError, readSseEvents, reply, startFakeModelServer } from "../src/index.ts";
import { postJson } from "./http.ts";

let server: FakeModelServer;
beforeEach(async () => {
  server = await startFakeModelServer({ now: () => 1_700_000_000_000 });
});
afterEach(async () => {
  await server.close();
});

const responsesRequest = (text = "hi") => ({
  model: "fake-model",
  stream: true,
  input: [{ type: "message", role: "user", content: [{ type: "input_text", text }] }],
});

describe("OpenAI Responses API streaming (what Codex speaks)", () => {
  it("streams reasoning, text and a function call as Responses events, ending with response.completed", async () => {
    server.script(
      reply().thinking("Let me see.").text("Running ").text("it.").toolCall("exec_command", { cmd: "ls" }),
    );

    const events = await readSseEvents(await postJson(`${server.url}/v1/responses`, responsesRequest()));

    expect(events.map((event) => event.event)).toEqual([
      "response.created",
      "response.in_progress",
      "response.output_item.added",
      "response.reasoning_summary_part.added",
      "response.reasoning_summary_text.delta",
      "response.reasoning_summary_text.done",
      "response.reasoning_summary_part.done",
      "response.output_item.done",
      "response.output_item.added",
      "response.content_part.added",
      "response.output_text.delta",
      "response.output_text.delta",
      "response.output_text.done",
      "response.content_part.done",
      "response.output_item.done",
      "response.output_item.added",
      "response.function_call_arguments.delta",
      "response.function_call_arguments.delta",
      "response.function_call_arguments.delta",
      "response.function_call_arguments.done",
      "response.output_item.done",
      "response.completed",
    ]);
    const data = events.map((event) => JSON.parse(event.data) as Record<string, unknown>);
    expect(data.map((item) => item.sequence_number)).toEqual(data.map((_, index) => index));
    expect(data.at(-1)).toMatchObject({
      type: "response.completed",
      response: {
        id: "resp_fake_0001",
        status: "completed",
        model: "fake-model",
        output: [
          { type: "reasoning", summary: [{ type: "summary_text", text: "Let me see." }] },
          { type: "message", role: "assistant", content: [{ type: "output_text", text: "Running it." }] },
          {
            type: "function_call",
            call_id: "call_fake_0001_0",
            name: "exec_command",
            arguments: '{"cmd":"ls"}',
          },
        ],
        usage: { input_tokens: 10, output_tokens: 5, total_tokens: 15 },
      },
    });
  });

  it("is read by the AI SDK's Responses client: text, reasoning and the tool call arrive", async () => {
    server.script(
      reply().thinking("Hmm.").text("Hello there.").toolCall("lookup", { q: "x" }, { id: "call_1" }),
    );
    const openai = createOpenAI({ baseURL: server.openaiBaseUrl, apiKey: "fake" });
    const result = streamText({ model: openai.responses("fake-model"), prompt: "hi" });
    expect(await result.text).toBe("Hello there.");
    expect(await result.reasoningText).toBe("Hmm.");
    expect((await result.toolCalls).map((call) => [call.toolCallId, call.toolName, call.input])).toEqual([
      ["call_1", "lookup", { q: "x" }],
    ]);
  });

  it("reports a stream error as response.failed", async () => {
    server.script(reply().text("par").streamError("api_error", "boom"));
    const events = await readSseEvents(await postJson(`${server.url}/v1/responses`, responsesRequest()));
    expect(JSON.parse(events.at(-1)?.data ?? "{}")).toMatchObject({
      type: "response.failed",
      response: { status: "failed", error: { code: "api_error", message: "boom" } },
    });
  });

  it("matches rules on the last user input text", async () => {
    server.when({ lastUserTextIncludes: "RUN_TOOL", api: "openai_responses" }, reply().text("matched"));
    const events = await readSseEvents(
      await postJson(`${server.url}/v1/responses`, responsesRequest("RUN_TOOL now")),
    );
    expect(events.some((event) => event.data.includes('"delta":"matched"'))).toBe(true);
  });
});

describe("Gemini streamGenerateContent (what Gemini CLI speaks)", () => {
  const url = () => `${server.url}/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse`;
  const body = { contents: [{ role: "user", parts: [{ text: "hi" }] }] };

  it("streams thought, text and a function call as candidate chunks, then finishReason and usage", async () => {
    server.script(reply().thinking("Pondering.").text("Hello").toolCall("read_file", { path: "a.ts" }));
    const response = await postJson(url(), body);
    expect(response.headers.get("content-type")).toBe("text/event-stream");
    const chunks = (await readSseEvents(response)).map((event) => JSON.parse(event.data));
    expect(chunks.map((chunk) => chunk.candidates[0].content.parts[0])).toEqual([
      { text: "Pondering.", thought: true },
      { text: "Hello" },
      { functionCall: { id: "call_fake_0001_0", name: "read_file", args: { path: "a.ts" } } },
      { text: "" },
    ]);
    expect(chunks.at(-1)).toMatchObject({
      candidates: [{ finishReason: "STOP" }],
      usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 },
      modelVersion: "gemini-2.5-flash",
    });
  });

  it("answers generateContent without streaming, and errors in Google's shape", async () => {
    server.script(reply().text("whole"), httpError(429));
    const whole = await postJson(`${server.url}/v1beta/models/gemini-2.5-flash:generateContent`, body);
    expect(await whole.json()).toMatchObject({
      candidates: [{ content: { role: "model", parts: [{ text: "whole" }] }, finishReason: "STOP" }],
    });
    const limited = await postJson(url(), body);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ error: { code: 429, status: "RESOURCE_EXHAUSTED" } });
    expect(server.requests.map((request) => request.route)).toEqual([
      "gemini_generate_content",
      "gemini_generate_content",
    ]);
  });
});
