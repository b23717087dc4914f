import {
  type ApiErrorBody,
  ApiErrorBodySchema,
  type ApiErrorCode,
  type DecodeResult,
  decodeWith,
  parseJson,
} from "@parley/protocol";
import { ApiRequestError } from "./api-request-error.ts";

/** Where and how requests go: the server's origin, credentials, and the fetch to use. */
export interface HttpTransportOptions {
  /** Server origin, e.g. `http://127.0.0.1:4317` (required in Node); empty (the default) means same origin. */
  baseUrl?: string;
  /** Bearer token for clients without the browser's session cookie (the terminal UI); asked per request. */
  token?: string | (() => string | undefined);
  /** The fetch to use (tests pass a scripted one). Defaults to the global fetch. */
  fetch?: typeof fetch;
  /** Cookie policy of browser requests; `same-origin` by default. */
  credentials?: RequestCredentials;
}

/** Query parameters; undefined values are left out. */
export type Query = Record<string, string | number | undefined>;

/** One JSON request: its query, body, abort signal and the decoder of its response. */
export interface JsonRequest<T> {
  query?: Query;
  body?: unknown;
  signal?: AbortSignal | undefined;
  decode: (value: unknown) => DecodeResult<T>;
}

/**
 * Sends requests to a Parley server with its auth (session cookie or bearer token) and turns every
 * failure (no response, an error status, a body the schemas reject) into an `ApiRequestError`.
 */
export class HttpTransport {
  readonly #baseUrl: string;
  readonly #token: () => string | undefined;
  readonly #fetch: typeof fetch;
  readonly #credentials: RequestCredentials;

  constructor(options: HttpTransportOptions = {}) {
    this.#baseUrl = (options.baseUrl ?? "").replace(/\/+$/, "");
    const token = options.token;
    this.#token = typeof token === "function" ? token : () => token;
    this.#fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.#credentials = options.credentials ?? "same-origin";
  }

  /** The server origin requests go to; empty for the page's own origin. */
  get baseUrl(): string {
    return this.#baseUrl;
  }

  /** Sends a JSON request and decodes its response. */
  async json<T>(method: string, path: string, request: JsonRequest<T>): Promise<T> {
    const response = await this.fetch(method, path, request);
    if (!response.ok) throw await errorFrom(response, method, path);
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      throw transportError(error, method, path, request.signal);
    }
    const parsed = parseJson(text);
    const decoded = parsed.success ? request.decode(parsed.value) : parsed;
    if (decoded.success) return decoded.value;
    throw new ApiRequestError(`${method} ${path}: unexpected response (${decoded.error.message})`, {
      method,
      path,
      status: response.status,
      code: "invalid_response",
    });
  }

  /** Sends a request and returns the raw response, whatever its status; only a failed fetch throws. */
  async fetch(
    method: string,
    path: string,
    request: { query?: Query; body?: unknown; signal?: AbortSignal | undefined; accept?: string },
  ): Promise<Response> {
    const headers: Record<string, string> = { accept: request.accept ?? "application/json" };
    if (request.body !== undefined) headers["content-type"] = "application/json";
    const token = this.#token();
    if (token !== undefined && token !== "") headers.authorization = `Bearer ${token}`;
    const init: RequestInit = { method, headers, credentials: this.#credentials };
    if (request.body !== undefined) init.body = JSON.stringify(request.body);
    if (request.signal !== undefined) init.signal = request.signal;
    try {
      return await this.#fetch(`${this.#baseUrl}${path}${queryString(request.query)}`, init);
    } catch (error) {
      throw transportError(error, method, path, request.signal);
    }
  }
}

/** Turns an error response into an ApiRequestError with the server's body (or a code from the status). */
export async function errorFrom(response: Response, method: string, path: string): Promise<ApiRequestError> {
  const text = await response.text().catch(() => "");
  const parsed = parseJson(text);
  const decoded = parsed.success ? decodeWith(ApiErrorBodySchema, parsed.value) : undefined;
  const body: ApiErrorBody | undefined = decoded?.success ? decoded.value : undefined;
  const message =
    body?.error.message ?? (text.trim().slice(0, 200) || response.statusText || "request failed");
  return new ApiRequestError(`${method} ${path} → ${response.status}: ${message}`, {
    method,
    path,
    status: response.status,
    code: body?.error.code ?? codeForStatus(response.status),
    ...(body !== undefined && { body }),
  });
}

function transportError(error: unknown, method: string, path: string, signal?: AbortSignal): ApiRequestError {
  const aborted = signal?.aborted === true;
  const reason = error instanceof Error ? error.message : String(error);
  return new ApiRequestError(
    aborted ? `${method} ${path} was aborted` : `${method} ${path} failed: ${reason}`,
    { method, path, status: 0, code: aborted ? "aborted" : "network_error", cause: error },
  );
}

function codeForStatus(status: number): ApiErrorCode {
  const byStatus: Record<number, ApiErrorCode> = {
    400: "invalid_request",
    401: "unauthorized",
    403: "forbidden_origin",
    404: "not_found",
    409: "conflict",
    413: "payload_too_large",
    415: "unsupported_media_type",
  };
  return byStatus[status] ?? (status >= 502 ? "unavailable" : "internal");
}

function queryString(query: Query | undefined): string {
  if (query === undefined) return "";
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
  const text = search.toString();
  return text === "" ? "" : `?${text}`;
}
