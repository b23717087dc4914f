import { createAnthropic } from "@ai-sdk/anthropic";
import { createOpenAI } from "@ai-sdk/openai";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { type LanguageModel, stepCountIs, streamText, type TextStreamPart, type ToolSet, tool } from "ai";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { type FakeModelServer, httpError, reply, serverError, startFakeModelServer } from "../src/index.ts";

// The fake model ids are unknown to the providers; their compatibility warnings are noise here.
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

let server: FakeModelServer;
beforeEach(async () => {
  server = await startFakeModelServer();
});
afterEach(async () => {
  await server.close();
});

const anthropic = () =>
  createAnthropic({ baseURL: server.anthropicBaseUrl, apiKey: "sk-ant-fake" })("claude-fake-1");
const openai = () => createOpenAI({ baseURL: server.openaiBaseUrl, apiKey: "sk-fake" }).chat("gpt-fake");
const compatible = () =>
  createOpenAICompatible({
    name: "local",
    baseURL: server.openaiBaseUrl,
    apiKey: "sk-local",
    includeUsage: true,
  })("qwen-fake");

const readFile = tool({
  description: "Read a file",
  inputSchema: z.object({ path: z.string() }),
});

const providers: Array<[string, () => LanguageModel]> = [
  ["@ai-sdk/anthropic", anthropic],
  ["@ai-sdk/openai (chat)", openai],
  ["@ai-sdk/openai-compatible", compatible],
];

describe.each(providers)("%s through the fake server", (_name, model) => {
  it("streams text deltas, a tool call and usage that the provider parses", async () => {
    server.script(
      reply()
        .text("Let me ")
        .text("look.")
        .toolCall("read_file", { path: "src/a.ts" })
        .usage({ input: 12, output: 5 }),
    );

    const result = streamText({ model: model(), prompt: "open a.ts", tools: { read_file: readFile } });
    const textDeltas: string[] = [];
    for await (const part of result.fullStream) if (part.type === "text-delta") textDeltas.push(part.text);

    expect(textDeltas).toEqual(["Let me ", "look."]);
    expect(await result.text).toBe("Let me look.");
    expect((await result.toolCalls).map(({ toolName, input }) => ({ toolName, input }))).toEqual([
      { toolName: "read_file", input: { path: "src/a.ts" } },
    ]);
    expect(await result.finishReason).toBe("tool-calls");
    expect(await result.usage).toMatchObject({ inputTokens: 12, outputTokens: 5, totalTokens: 17 });
  });

  it("sends the tool result and the earlier turn back on the next request", async () => {
    server.script(
      reply().toolCall("read_file", { path: "a.txt" }, { id: "call_42" }),
      reply().text("The file says hi."),
    );
    const tools = {
      read_file: tool({ ...readFile, execute: async ({ path }) => `contents of ${path}: hi` }),
    };

    const result = streamText({
      model: model(),
      prompt: "what is in a.txt?",
      tools,
      stopWhen: stepCountIs(2),
    });

    expect(await result.text).toBe("The file says hi.");
    const second = JSON.stringify(server.requests[1]?.body);
    expect(second).toContain("what is in a.txt?");
    expect(second).toContain("call_42");
    expect(second).toContain("contents of a.txt: hi");
  });

  it("retries a 429 that says retry-after 0 and then streams the reply", async () => {
    server.script(httpError(429, { retryAfterSeconds: 0 }), reply().text("after the wait"));

    const result = streamText({ model: model(), prompt: "hi" });

    expect(await result.text).toBe("after the wait");
    expect(server.requests.map((request) => request.status)).toEqual([429, 200]);
  });

  it("surfaces a 500 as an error part when retries are off", async () => {
    server.script(serverError(500, { message: "fake outage" }));

    const result = streamText({ model: model(), prompt: "hi", maxRetries: 0, onError: () => {} });
    const errors: unknown[] = [];
    for await (const part of result.fullStream) if (part.type === "error") errors.push(part.error);

    expect(errors).toHaveLength(1);
    expect(String(errors[0])).toContain("fake outage");
  });
});

describe("reasoning through the providers that parse it", () => {
  it("gives @ai-sdk/anthropic the thinking text and its signature", async () => {
    server.script(reply().thinking("First, ").thinking("think.", { signature: "sig-123" }).text("Done."));

    const result = streamText({ model: anthropic(), prompt: "think" });
    const parts: TextStreamPart<ToolSet>[] = [];
    for await (const part of result.fullStream) parts.push(part);

    expect(await result.reasoningText).toBe("First, think.");
    expect(await result.text).toBe("Done.");
    expect((await result.reasoning)[0]?.providerMetadata).toEqual({ anthropic: { signature: "sig-123" } });
    expect(parts.filter((part) => part.type === "reasoning-delta").map((part) => part.text)).toContain(
      "First, ",
    );
  });

  it("gives @ai-sdk/openai-compatible reasoning_content as reasoning", async () => {
    server.script(
      reply()
        .thinking("Weighing ")
        .thinking("options.")
        .text("Pick B.")
        .usage({ input: 4, output: 9, reasoning: 6 }),
    );

    const result = streamText({ model: compatible(), prompt: "choose" });

    expect(await result.reasoningText).toBe("Weighing options.");
    expect(await result.text).toBe("Pick B.");
    expect((await result.usage).outputTokenDetails).toMatchObject({ reasoningTokens: 6 });
  });
});

describe("broken streams through a provider", () => {
  it("fails the stream after the text that arrived when the stream is cut mid-way", async () => {
    server.script(reply().text("part").text("ial").cutAfter(4));

    const result = streamText({ model: anthropic(), prompt: "hi", maxRetries: 0, onError: () => {} });
    const textDeltas: string[] = [];
    const reading = (async () => {
      for await (const part of result.fullStream) if (part.type === "text-delta") textDeltas.push(part.text);
    })();

    await expect(reading).rejects.toMatchObject({ cause: { message: "terminated" } });
    expect(textDeltas).toEqual(["part"]);
    expect(await server.waitForResponseEnd(0)).toBe("cut");
  });

  it("reports Anthropic's mid-stream overloaded error", async () => {
    server.script(reply().text("partial").streamError("overloaded_error"));

    const result = streamText({ model: anthropic(), prompt: "hi", maxRetries: 0, onError: () => {} });
    const errors: unknown[] = [];
    for await (const part of result.fullStream) if (part.type === "error") errors.push(part.error);

    expect(errors).toEqual([{ type: "overloaded_error", message: "Overloaded" }]);
  });

  it("lets the client abort a hanging stream and leaves the server answering", async () => {
    server.script(reply().text("waiting").hang(), reply().text("fine"));
    const controller = new AbortController();

    const hung = streamText({
      model: anthropic(),
      prompt: "hi",
      abortSignal: controller.signal,
      onError: () => {},
    });
    const parts = hung.fullStream[Symbol.asyncIterator]();
    for (let next = await parts.next(); !next.done; next = await parts.next()) {
      if (next.value.type === "text-delta") break;
    }
    await server.waitForGate("hang", 0);
    controller.abort();
    for (let next = await parts.next(); !next.done; next = await parts.next()) {}

    expect(await server.waitForResponseEnd(0)).toBe("client_aborted");
    expect(await streamText({ model: anthropic(), prompt: "again" }).text).toBe("fine");
  });
});
