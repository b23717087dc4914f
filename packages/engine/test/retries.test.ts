import {
  type FakeModelServer,
  hang,
  httpError,
  reply,
  serverError,
  startFakeModelServer,
} from "@parley/testkit";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { EngineMessage } from "../src/index.ts";
import { foldTurnIntoHistory, runAgentTurn } from "../src/index.ts";
import {
  collectTurn,
  type Format,
  labels,
  ManualClock,
  modelFor,
  recordingSleep,
  resultOf,
  sequentialIds,
} from "./helpers.ts";

let server: FakeModelServer;
beforeAll(async () => {
  server = await startFakeModelServer();
});
beforeEach(() => server.reset());
afterAll(async () => {
  await server.close();
});

describe.each<Format>(["anthropic", "openai"])("rate limits and server errors in the %s format", (format) => {
  it("waits for retry-after on a 429, announces the retry, then answers", async () => {
    server.script(httpError(429, { retryAfterSeconds: 7 }), reply().text("after the wait"));
    const { sleep, delays } = recordingSleep();

    const messages = await collectTurn({ model: modelFor(server, format), prompt: "hi", sleep });

    expect(labels(messages)).toEqual(["system/init", "system/api_retry", "assistant:text", "result/success"]);
    expect(messages[1]).toMatchObject({
      attempt: 1,
      max_retries: 10,
      retry_delay_ms: 7000,
      error_status: 429,
      error: "rate_limit",
    });
    expect(delays).toEqual([7000]);
    expect(resultOf(messages)).toMatchObject({ result: "after the wait", is_error: false });
    expect(server.requests.map((request) => request.status)).toEqual([429, 200]);
  });

  it("backs off exponentially on 5xx errors without retry-after", async () => {
    server.script(serverError(500), serverError(529), serverError(503), reply().text("finally"));
    const { sleep, delays } = recordingSleep();

    const messages = await collectTurn({
      model: modelFor(server, format),
      prompt: "hi",
      sleep,
      random: () => 0,
    });

    expect(
      messages.filter((message) => message.type === "system" && message.subtype === "api_retry"),
    ).toMatchObject([
      { attempt: 1, error_status: 500, error: "server_error" },
      { attempt: 2, error_status: 529, error: "overloaded" },
      { attempt: 3, error_status: 503, error: "server_error" },
    ]);
    expect(delays).toEqual([500, 1000, 2000]);
    expect(resultOf(messages)).toMatchObject({ result: "finally" });
  });
});

describe("fallback model", () => {
  it("switches to the fallback model when the preferred one still fails after its retries", async () => {
    server.when({ model: "preferred-model" }, serverError(500, { message: "fake outage" }));
    server.when({ model: "fallback-model" }, reply().text("answer from the fallback"));

    const messages = await collectTurn({
      model: modelFor(server, "anthropic", "preferred-model"),
      fallbackModel: modelFor(server, "openai", "fallback-model"),
      prompt: "hi",
      retry: { maxRetries: 2 },
    });

    expect(labels(messages)).toEqual([
      "system/init",
      "system/api_retry",
      "system/api_retry",
      "system/model_fallback",
      "assistant:text",
      "result/success",
    ]);
    expect(messages[3]).toMatchObject({
      type: "system",
      subtype: "model_fallback",
      preferred: "anthropic:preferred-model",
      actual: "openai:fallback-model",
      reason: expect.stringContaining("500"),
    });
    expect(resultOf(messages)).toMatchObject({
      result: "answer from the fallback",
      modelUsage: { "fallback-model": { outputTokens: 5 } },
    });
    expect(server.requests.map((request) => request.route)).toEqual([
      "anthropic_messages",
      "anthropic_messages",
      "anthropic_messages",
      "openai_chat_completions",
    ]);
  });

  it("ends with an API error result when there is no fallback and the retries run out", async () => {
    server.when({ model: "flaky" }, serverError(500, { message: "fake outage" }));

    const messages = await collectTurn({
      model: modelFor(server, "anthropic", "flaky"),
      prompt: "hi",
      retry: { maxRetries: 1 },
    });

    expect(labels(messages)).toEqual(["system/init", "system/api_retry", "assistant:text", "result/success"]);
    expect(resultOf(messages)).toMatchObject({
      is_error: true,
      api_error_status: 500,
      terminal_reason: "api_error",
    });
  });
});

describe("errors that are not worth retrying", () => {
  it.each<Format>(["anthropic", "openai"])(
    "ends a %s 400 at once with the CLI's API error messages",
    async (format) => {
      server.script(httpError(400, { message: "fake: bad request for testing" }));

      const messages = await collectTurn({ model: modelFor(server, format), prompt: "hi" });

      expect(labels(messages)).toEqual(["system/init", "assistant:text", "result/success"]);
      expect(messages[1]).toMatchObject({
        type: "assistant",
        error: "invalid_request",
        is_api_error_message: true,
        api_error_status: 400,
        message: {
          model: "<synthetic>",
          content: [{ type: "text", text: "API Error: 400 fake: bad request for testing" }],
          stop_reason: "stop_sequence",
        },
      });
      expect(resultOf(messages)).toMatchObject({
        subtype: "success",
        is_error: true,
        result: "API Error: 400 fake: bad request for testing",
        terminal_reason: "api_error",
        api_error_status: 400,
        stop_reason: "stop_sequence",
      });
      expect(server.requests).toHaveLength(1);
    },
  );

  it("classifies a 401 as an authentication failure", async () => {
    server.script(httpError(401));

    const messages = await collectTurn({ model: modelFor(server, "anthropic"), prompt: "hi" });

    expect(messages[1]).toMatchObject({ error: "authentication_failed", api_error_status: 401 });
  });
});

describe("broken streams", () => {
  it("retries a stream that stalls once the stall timer fires", async () => {
    server.script(reply().text("waiting").hang(), reply().text("second try"));
    const clock = new ManualClock();
    const messages: EngineMessage[] = [];
    const turn = runAgentTurn({
      sessionId: "s",
      history: [],
      prompt: "hi",
      cwd: "/",
      model: modelFor(server, "anthropic"),
      clock,
      stallTimeoutMs: 30_000,
      sleep: async () => {},
      idGenerator: sequentialIds(),
    });
    const reading = (async () => {
      for await (const message of turn) messages.push(message);
    })();

    await server.waitForGate("hang", 0);
    // The client may still be handling frames sent before the hang; the timer runs only while it waits.
    await clock.fireWhenArmed();
    await reading;

    expect(await server.waitForResponseEnd(0)).toBe("client_aborted");
    expect(
      messages.find((message) => message.type === "system" && message.subtype === "api_retry"),
    ).toMatchObject({
      error_status: null,
      no_response: { waited_ms: 30_000 },
    });
    expect(resultOf(messages)).toMatchObject({ result: "second try", is_error: false });
  });

  it("retries a stream cut mid-way and marks the abandoned assistant message as superseded", async () => {
    server.script(
      reply().text("First block.").toolCall("lookup", { q: "x" }).cutAfter(6),
      reply().text("First block, again.").usage({ input: 3, output: 4 }),
    );

    const messages = await collectTurn({ model: modelFor(server, "anthropic"), prompt: "hi" });

    expect(labels(messages)).toEqual([
      "system/init",
      "assistant:text",
      "system/api_retry",
      "assistant:text",
      "result/success",
    ]);
    const [abandoned, replacement] = messages.filter((message) => message.type === "assistant");
    expect(replacement).toMatchObject({ supersedes: [abandoned?.uuid] });
    expect(abandoned?.message.id).not.toBe(replacement?.message.id);
    expect(resultOf(messages)).toMatchObject({ result: "First block, again." });
    expect(foldTurnIntoHistory({ prompt: "hi", messages })).toEqual([
      { role: "user", content: [{ type: "text", text: "hi" }] },
      { role: "assistant", content: [{ type: "text", text: "First block, again." }] },
    ]);
  });

  it("restarts partials with a new message_start after a cut, so consumers can drop the partial text", async () => {
    server.script(reply().text("part").text("ial").cutAfter(4), reply().text("whole"));

    const messages = await collectTurn({
      model: modelFor(server, "anthropic"),
      prompt: "hi",
      includePartialMessages: true,
    });

    const sequence = labels(messages);
    const retryAt = sequence.indexOf("system/api_retry");
    expect(sequence.slice(retryAt)).toEqual([
      "system/api_retry",
      "system/status",
      "stream_event:message_start",
      "stream_event:content_block_start",
      "stream_event:content_block_delta",
      "assistant:text",
      "stream_event:content_block_stop",
      "stream_event:message_delta",
      "stream_event:message_stop",
      "result/success",
    ]);
    expect(messages.filter((message) => message.type === "assistant")).toHaveLength(1);
  });

  it("retries Anthropic's mid-stream overloaded error", async () => {
    server.script(reply().text("partial").streamError("overloaded_error"), reply().text("recovered"));

    const messages = await collectTurn({ model: modelFor(server, "anthropic"), prompt: "hi" });

    expect(
      messages.find((message) => message.type === "system" && message.subtype === "api_retry"),
    ).toMatchObject({
      error_status: 529,
      error: "overloaded",
    });
    expect(resultOf(messages)).toMatchObject({ result: "recovered" });
  });

  it("stops waiting on a server that never answers when the stall timer fires, and retries", async () => {
    server.script(hang(), reply().text("awake"));
    const clock = new ManualClock();
    const messages: EngineMessage[] = [];
    const reading = (async () => {
      for await (const message of runAgentTurn({
        sessionId: "s",
        history: [],
        prompt: "hi",
        cwd: "/",
        model: modelFor(server, "openai"),
        clock,
        sleep: async () => {},
      })) {
        messages.push(message);
      }
    })();

    await server.waitForGate("hang", 0);
    // The client may still be handling frames sent before the hang; the timer runs only while it waits.
    await clock.fireWhenArmed();
    await reading;

    expect(labels(messages)).toEqual(["system/init", "system/api_retry", "assistant:text", "result/success"]);
  });
});
