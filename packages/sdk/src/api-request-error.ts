import type { ApiErrorBody, ApiErrorCode } from "@parley/protocol";

/**
 * Why a request failed: an error code from the server's `ApiErrorBody`, or one of the client's own —
 * the request never got a response (`network_error`), was aborted, did not pass its schema before sending
 * (`invalid_request` with status 0), or got a response the protocol schemas reject (`invalid_response`).
 */
export type ApiRequestErrorCode = ApiErrorCode | "network_error" | "aborted" | "invalid_response";

/** Where a failed request went, for messages and logs. */
export interface ApiRequestErrorOptions {
  method: string;
  path: string;
  /** HTTP status; 0 when no response arrived or the request was refused before sending. */
  status: number;
  code: ApiRequestErrorCode;
  /** The server's error body, when it sent one. */
  body?: ApiErrorBody;
  cause?: unknown;
}

/**
 * A failed Parley API request, carrying the HTTP status and the server's `ApiErrorBody` so a UI can show
 * the server's message and a caller can tell a retryable failure from a permanent one.
 */
export class ApiRequestError extends Error {
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly code: ApiRequestErrorCode;
  readonly body: ApiErrorBody | undefined;

  constructor(message: string, options: ApiRequestErrorOptions) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "ApiRequestError";
    this.method = options.method;
    this.path = options.path;
    this.status = options.status;
    this.code = options.code;
    this.body = options.body;
  }

  /**
   * True when sending the same request again may succeed: no response arrived, or the server was briefly
   * unable (502/503/504, 429) or failed internally (500). Never for a refused or invalid request.
   */
  get retryable(): boolean {
    if (this.code === "network_error") return true;
    return (
      this.status === 429 ||
      this.status === 500 ||
      this.status === 502 ||
      this.status === 503 ||
      this.status === 504
    );
  }

  /** True when the server refused the credentials (the UI shows "signed out"). */
  get unauthorized(): boolean {
    return this.status === 401;
  }
}

/** What the server said went wrong (e.g. "query.path: …"), without the request line the client puts first. */
export function apiMessage(error: unknown): string {
  if (error instanceof ApiRequestError && error.body !== undefined) return error.body.error.message;
  return error instanceof Error ? error.message : String(error);
}
