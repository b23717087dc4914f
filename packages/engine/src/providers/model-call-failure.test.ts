import { APICallError } from "@ai-sdk/provider";
import { describe, expect, it } from "vitest";
import {
  classifyModelError,
  ModelStallError,
  ModelStreamError,
  parseRetryAfter,
} from "./model-call-failure.ts";

function apiError(statusCode: number, headers: Record<string, string> = {}, data?: unknown): APICallError {
  return new APICallError({
    message: "boom",
    url: "http://x",
    requestBodyValues: {},
    statusCode,
    responseHeaders: headers,
    data,
  });
}

describe("classifying model errors", () => {
  it("retries rate limits, overload, timeouts and server errors, and nothing the request itself got wrong", () => {
    const retryable = [408, 409, 429, 500, 502, 503, 504, 529].map(
      (status) => classifyModelError(apiError(status)).retryable,
    );
    const final = [400, 401, 403, 404, 413, 422].map(
      (status) => classifyModelError(apiError(status)).retryable,
    );

    expect(retryable.every(Boolean)).toBe(true);
    expect(final.some(Boolean)).toBe(false);
  });

  it("maps statuses to the SDK's error classes and keeps the provider's error type", () => {
    const failure = classifyModelError(
      apiError(404, {}, { type: "error", error: { type: "not_found_error", message: "model: nope" } }),
    );

    expect(failure).toMatchObject({ status: 404, category: "model_not_found", errorType: "not_found_error" });
    expect(classifyModelError(apiError(529)).category).toBe("overloaded");
    expect(classifyModelError(apiError(429, { "retry-after": "3" }))).toMatchObject({
      category: "rate_limit",
      retryAfterMs: 3000,
    });
  });

  it("treats a broken 200 response, a stall and a reset connection as transient", () => {
    const cut = new APICallError({
      message: "Failed to process successful response",
      url: "http://x",
      requestBodyValues: {},
      statusCode: 200,
      cause: new TypeError("terminated"),
    });
    const reset = new TypeError("fetch failed", {
      cause: Object.assign(new Error("socket hang up"), { code: "ECONNRESET" }),
    });

    expect(classifyModelError(cut)).toMatchObject({
      retryable: true,
      status: null,
      message: "The response broke off (terminated)",
    });
    expect(classifyModelError(new ModelStallError(5000))).toMatchObject({ retryable: true, stalledMs: 5000 });
    expect(classifyModelError(reset)).toMatchObject({ retryable: true, status: null });
    expect(classifyModelError(new Error("a bug"))).toMatchObject({ retryable: false, message: "a bug" });
  });

  it("reads the status an in-stream error type stands for", () => {
    expect(
      classifyModelError(new ModelStreamError({ type: "overloaded_error", message: "Overloaded" })),
    ).toMatchObject({
      retryable: true,
      status: 529,
      message: "Overloaded",
    });
    expect(
      classifyModelError(new ModelStreamError({ type: "invalid_request_error", message: "bad" })),
    ).toMatchObject({
      retryable: false,
      status: 400,
      category: "invalid_request",
    });
    expect(
      classifyModelError(new ModelStreamError({ message: "?", type: "server_error", code: null })),
    ).toMatchObject({
      status: 500,
    });
  });
});

describe("retry-after", () => {
  it("reads milliseconds, seconds and HTTP dates, case-insensitively", () => {
    const now = () => Date.parse("2026-01-01T00:00:00Z");

    expect(parseRetryAfter({ "retry-after-ms": "250", "retry-after": "9" })).toBe(250);
    expect(parseRetryAfter({ "Retry-After": "2" })).toBe(2000);
    expect(parseRetryAfter({ "retry-after": "Thu, 01 Jan 2026 00:00:05 GMT" }, now)).toBe(5000);
    expect(parseRetryAfter({ "retry-after": "soon" })).toBeUndefined();
    expect(parseRetryAfter(undefined)).toBeUndefined();
  });
});
