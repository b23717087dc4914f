import { APICallError } from "@ai-sdk/provider";
import type { SDKAssistantMessageError } from "@parley/protocol";

/** A model stream that delivered nothing for `waitedMs`; the loop aborts it and retries. */
export class ModelStallError extends Error {
  override readonly name = "ModelStallError";
  constructor(readonly waitedMs: number) {
    super(`The model stream stalled: no data for ${waitedMs} ms`);
  }
}

/** An error the provider reported inside an otherwise healthy stream (Anthropic `event: error`). */
export class ModelStreamError extends Error {
  override readonly name = "ModelStreamError";
  constructor(readonly detail: unknown) {
    super(describeStreamError(detail));
  }
}

/** Why a model request failed, in the terms the loop and the SDK messages need. */
export interface ModelCallFailure {
  /** Worth trying again: rate limits, overload, server errors, network errors, stalls. */
  retryable: boolean;
  /** The HTTP status, or the status a streamed error type stands for; null for network errors. */
  status: number | null;
  category: SDKAssistantMessageError;
  /** The provider's error type when it gave one (`rate_limit_error`, `server_error`, ...). */
  errorType?: string;
  message: string;
  /** The server's `retry-after` (or `retry-after-ms`) in milliseconds. */
  retryAfterMs?: number;
  /** Set when the stream stalled: how long it waited. */
  stalledMs?: number;
}

// Anthropic's error types (also used by OpenAI-compatible gateways) and the status each stands for.
const STATUS_OF_ERROR_TYPE: Record<string, number> = {
  invalid_request_error: 400,
  authentication_error: 401,
  billing_error: 402,
  permission_error: 403,
  not_found_error: 404,
  request_too_large: 413,
  rate_limit_error: 429,
  api_error: 500,
  server_error: 500,
  timeout_error: 504,
  overloaded_error: 529,
};

const NETWORK_CODES = new Set([
  "ECONNRESET",
  "ECONNREFUSED",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ENETUNREACH",
  "EHOSTUNREACH",
  "UND_ERR_SOCKET",
  "UND_ERR_CONNECT_TIMEOUT",
  "UND_ERR_HEADERS_TIMEOUT",
  "UND_ERR_BODY_TIMEOUT",
  "UND_ERR_CLOSED",
]);

/** Turns whatever a provider call threw into a `ModelCallFailure`. */
export function classifyModelError(error: unknown): ModelCallFailure {
  if (error instanceof ModelStallError) {
    return {
      retryable: true,
      status: null,
      category: "unknown",
      message: error.message,
      stalledMs: error.waitedMs,
    };
  }
  if (error instanceof ModelStreamError) return fromStreamError(error);
  if (APICallError.isInstance(error)) {
    if (error.statusCode === undefined) {
      return { retryable: error.isRetryable, status: null, category: "unknown", message: error.message };
    }
    if (error.statusCode < 300) {
      // The request succeeded but its body broke off (a cut connection): transient, like a network error.
      const cause = error.cause === undefined ? "" : ` (${messageOf(error.cause)})`;
      return {
        retryable: true,
        status: null,
        category: "unknown",
        message: `The response broke off${cause}`,
      };
    }
    const status = error.statusCode;
    const retryAfterMs = parseRetryAfter(error.responseHeaders);
    return {
      retryable: isRetryableStatus(status),
      status,
      category: categoryOfStatus(status),
      ...(errorTypeOf(error.data) && { errorType: errorTypeOf(error.data) }),
      message: error.message,
      ...(retryAfterMs !== undefined && { retryAfterMs }),
    };
  }
  if (isNetworkError(error)) {
    return {
      retryable: true,
      status: null,
      category: "unknown",
      message: `Connection error: ${messageOf(error)}`,
    };
  }
  return { retryable: false, status: null, category: "unknown", message: messageOf(error) };
}

/** 408, 409, 429 and 5xx (529 included) are worth retrying; other statuses will fail the same way again. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/** The SDK's error class for an HTTP status. */
export function categoryOfStatus(status: number): SDKAssistantMessageError {
  if (status === 400 || status === 413 || status === 422) return "invalid_request";
  if (status === 401 || status === 403) return "authentication_failed";
  if (status === 402) return "billing_error";
  if (status === 404) return "model_not_found";
  if (status === 429) return "rate_limit";
  if (status === 529) return "overloaded";
  if (status >= 500) return "server_error";
  return "unknown";
}

/** Reads `retry-after-ms`, then `retry-after` (seconds or an HTTP date), in milliseconds. */
export function parseRetryAfter(
  headers: Record<string, string> | undefined,
  now: () => number = Date.now,
): number | undefined {
  if (!headers) return undefined;
  const lower = Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]),
  );
  const milliseconds = Number(lower["retry-after-ms"]);
  if (lower["retry-after-ms"] !== undefined && Number.isFinite(milliseconds) && milliseconds >= 0) {
    return milliseconds;
  }
  const value = lower["retry-after"]?.trim();
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now());
}

function fromStreamError(error: ModelStreamError): ModelCallFailure {
  const errorType = errorTypeOf(error.detail) ?? errorTypeOf({ error: error.detail });
  const status = errorType === undefined ? null : (STATUS_OF_ERROR_TYPE[errorType] ?? null);
  return {
    // An unknown error type mid-stream most likely means the server broke; try again.
    retryable: status === null || isRetryableStatus(status),
    status,
    category: status === null ? "unknown" : categoryOfStatus(status),
    ...(errorType && { errorType }),
    message: error.message,
  };
}

function errorTypeOf(data: unknown): string | undefined {
  if (typeof data !== "object" || data === null) return undefined;
  const record = data as Record<string, unknown>;
  if (typeof record.type === "string" && record.type !== "error") return record.type;
  const inner = record.error;
  if (typeof inner === "object" && inner !== null) {
    const type = (inner as Record<string, unknown>).type;
    if (typeof type === "string") return type;
  }
  return undefined;
}

function describeStreamError(detail: unknown): string {
  if (detail instanceof Error) return detail.message;
  if (typeof detail === "object" && detail !== null) {
    const record = detail as Record<string, unknown>;
    const inner = (typeof record.error === "object" && record.error) || record;
    const message = (inner as Record<string, unknown>).message;
    if (typeof message === "string") return message;
  }
  return typeof detail === "string" ? detail : JSON.stringify(detail);
}

function isNetworkError(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== "object") return false;
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof candidate.code === "string" && NETWORK_CODES.has(candidate.code)) return true;
    if (
      current instanceof TypeError &&
      /^(terminated|fetch failed|network error)/i.test(String(candidate.message))
    ) {
      return true;
    }
    current = candidate.cause;
  }
  return false;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
