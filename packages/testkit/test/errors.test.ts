import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  type FakeModelServer,
  httpError,
  readSseEvents,
  reply,
  serverError,
  startFakeModelServer,
} from "../src/index.ts";
import { anthropicRequest, openaiRequest, postJson } from "./http.ts";

let server: FakeModelServer;
beforeEach(async () => {
  server = await startFakeModelServer({ now: () => Date.UTC(2026, 0, 1) });
});
afterEach(async () => {
  await server.close();
});

const messagesUrl = () => `${server.url}/v1/messages`;
const completionsUrl = () => `${server.url}/v1/chat/completions`;

describe("scripted HTTP errors", () => {
  it("answers a 429 in Anthropic's error format with retry-after and rate-limit headers", async () => {
    server.script(httpError(429, { retryAfterSeconds: 7 }));

    const response = await postJson(messagesUrl(), anthropicRequest());

    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toBe("7");
    expect(response.headers.get("anthropic-ratelimit-requests-remaining")).toBe("0");
    expect(response.headers.get("anthropic-ratelimit-requests-reset")).toBe("2026-01-01T00:00:07Z");
    expect(await response.json()).toEqual({
      type: "error",
      error: {
        type: "rate_limit_error",
        message: "Number of request tokens has exceeded your per-minute rate limit",
      },
      request_id: "req_fake_0001",
    });
  });

  it("answers the same 429 in OpenAI's error format on the chat completions route", async () => {
    server.script(httpError(429, { retryAfterSeconds: 0, message: "slow down" }));

    const response = await postJson(completionsUrl(), openaiRequest());

    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toBe("0");
    expect(response.headers.get("x-ratelimit-remaining-requests")).toBe("0");
    expect(await response.json()).toEqual({
      error: { message: "slow down", type: "requests", param: null, code: "rate_limit_exceeded" },
    });
  });

  it("answers 500 as api_error, 529 as overloaded_error, and 500 as server_error for OpenAI", async () => {
    server.script(serverError(), serverError(529), serverError(500));

    const internal = await postJson(messagesUrl(), anthropicRequest());
    const overloaded = await postJson(messagesUrl(), anthropicRequest());
    const openai = await postJson(completionsUrl(), openaiRequest());

    expect([internal.status, overloaded.status, openai.status]).toEqual([500, 529, 500]);
    expect(await internal.json()).toMatchObject({ type: "error", error: { type: "api_error" } });
    expect(await overloaded.json()).toMatchObject({
      type: "error",
      error: { type: "overloaded_error", message: "Overloaded" },
    });
    expect(await openai.json()).toMatchObject({ error: { type: "server_error", param: null, code: null } });
    expect(internal.headers.get("retry-after")).toBeNull();
  });

  it("refuses to build a server error with a non-5xx status", () => {
    expect(() => serverError(404)).toThrow(RangeError);
  });
});

describe("errors inside a stream", () => {
  it("sends an Anthropic `event: error` after the partial reply and ends the stream without message_stop", async () => {
    server.script(reply().text("partial").streamError("overloaded_error"));

    const events = await readSseEvents(await postJson(messagesUrl(), anthropicRequest()));

    expect(events.map((event) => event.event)).toEqual([
      "message_start",
      "ping",
      "content_block_start",
      "content_block_delta",
      "error",
    ]);
    expect(events.at(-1)?.data).toBe(
      '{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}',
    );
  });

  it("sends an OpenAI error chunk and no [DONE]", async () => {
    server.script(reply().text("partial").streamError("api_error", "boom"));

    const events = await readSseEvents(await postJson(completionsUrl(), openaiRequest()));

    expect(events.at(-1)?.data).toBe(
      '{"error":{"message":"boom","type":"server_error","param":null,"code":null}}',
    );
    expect(events.some((event) => event.data === "[DONE]")).toBe(false);
  });

  it("turns a stream error into the matching HTTP error when the request does not stream", async () => {
    server.script(reply().text("partial").streamError("overloaded_error"));

    const response = await postJson(messagesUrl(), anthropicRequest({ stream: false }));

    expect(response.status).toBe(529);
    expect(await response.json()).toMatchObject({ error: { type: "overloaded_error" } });
  });
});

describe("requests the script did not expect", () => {
  it("answers an unscripted request with a non-retryable error that says what is missing, and records it", async () => {
    const response = await postJson(messagesUrl(), anthropicRequest());

    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      type: "error",
      error: {
        type: "invalid_request_error",
        message: expect.stringContaining("no scripted response for request #0"),
      },
    });
    expect(server.unscriptedRequests.map((request) => request.path)).toEqual(["/v1/messages"]);
  });

  it("rejects a body that is not JSON without consuming the script", async () => {
    server.script(reply().text("kept"));

    const broken = await fetch(completionsUrl(), { method: "POST", body: "{not json" });
    const next = await postJson(completionsUrl(), openaiRequest({ stream: false }));

    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({ error: { type: "invalid_request_error" } });
    expect(server.requests[0]).toMatchObject({ body: null, rawBody: "{not json", answeredBy: "server" });
    expect(await next.json()).toMatchObject({ choices: [{ message: { content: "kept" } }] });
  });

  it("answers unknown paths with 404", async () => {
    const response = await fetch(`${server.url}/v1/embeddings`, { method: "POST", body: "{}" });

    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({
      error: { message: expect.stringContaining("/v1/embeddings") },
    });
    expect(server.requests[0]?.route).toBe("unknown");
  });
});
