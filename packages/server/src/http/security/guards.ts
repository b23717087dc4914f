import type { MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { ApiError } from "../api-error.ts";
import { ALREADY_SENT_HEADER } from "../fetch/already-sent.ts";
import { type Credentials, SESSION_COOKIE } from "./credentials.ts";

/**
 * Host allow-list against DNS rebinding: a page on evil.example that resolves to 127.0.0.1 still sends
 * `Host: evil.example`, and is refused before any handler runs.
 */
export function hostGuard(allowedHosts: ReadonlySet<string>): MiddlewareHandler {
  return async (context, next) => {
    const host = context.req.header("host")?.toLowerCase();
    if (host === undefined || !allowedHosts.has(host)) {
      throw new ApiError(
        "forbidden_host",
        `requests for host ${JSON.stringify(host ?? "")} are not served here`,
      );
    }
    await next();
  };
}

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Origin check on every request, reads included: a browser page from another origin (or a sandboxed
 * `Origin: null` one) is refused, and no CORS header is ever sent, so a foreign page can neither change
 * nor read anything, even with a token it somehow holds. Requests without an Origin come from non-browser
 * clients (which the token authenticates) or from same-origin navigations; a cross-site fetch without one
 * (`Sec-Fetch-Site: cross-site`) is refused too. The one exception is a person following a link to the UI
 * or the sign-in URL from elsewhere (a top-level navigation to a page, never to `/api`).
 */
export function originGuard(allowedOrigins: ReadonlySet<string>): MiddlewareHandler {
  return async (context, next) => {
    const origin = context.req.header("origin");
    if (origin !== undefined && !allowedOrigins.has(origin.toLowerCase())) {
      throw new ApiError(
        "forbidden_origin",
        `requests from origin ${JSON.stringify(origin)} are not allowed`,
      );
    }
    if (origin === undefined && context.req.header("sec-fetch-site") === "cross-site") {
      const navigation =
        context.req.method === "GET" &&
        context.req.header("sec-fetch-mode") === "navigate" &&
        !context.req.path.startsWith("/api/");
      if (!navigation) throw new ApiError("forbidden_origin", "cross-site requests are not allowed");
    }
    await next();
  };
}

/**
 * Every `/api` route but the health check needs the bearer token or a valid session cookie. Cookie expiry
 * is judged by `now`, the same clock that issued the cookie.
 */
export function authGuard(
  credentials: Credentials,
  isPublic: (method: string, path: string) => boolean,
  now: () => number = Date.now,
): MiddlewareHandler {
  return async (context, next) => {
    if (!isPublic(context.req.method, context.req.path)) {
      const authorization = context.req.header("authorization");
      const bearer = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
      const cookie = getCookie(context, SESSION_COOKIE);
      const authenticated =
        (bearer !== undefined && credentials.verifyToken(bearer)) ||
        (cookie !== undefined && credentials.verifySessionCookie(cookie, now()));
      if (!authenticated) {
        throw new ApiError(
          "unauthorized",
          authorization === undefined && cookie === undefined
            ? "authentication required: send Authorization: Bearer <token>, or open the login URL Parley printed"
            : "the token or session is not valid",
        );
      }
    }
    await next();
  };
}

/**
 * POST bodies must be JSON: a form-encoded or text/plain "simple request" (which a foreign page can send
 * without a preflight) is refused before it can have any effect.
 */
export function jsonBodyGuard(maxBytes: number): MiddlewareHandler {
  return async (context, next) => {
    if (STATE_CHANGING.has(context.req.method) && context.req.method !== "DELETE") {
      const type = context.req.header("content-type")?.split(";")[0]?.trim().toLowerCase();
      if (type !== "application/json") {
        throw new ApiError(
          "unsupported_media_type",
          `send the body as application/json, not ${type ?? "nothing"}`,
        );
      }
      const length = Number(context.req.header("content-length") ?? 0);
      if (length > maxBytes) {
        throw new ApiError("payload_too_large", `the body is ${length} bytes; the limit is ${maxBytes}`);
      }
    }
    await next();
  };
}

/** Headers on every response: no framing (clickjacking), no sniffing, a strict CSP, no referrer. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "no-referrer",
  "content-security-policy":
    "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; script-src 'self'; " +
    "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'; object-src 'none'",
};

/**
 * Sets `SECURITY_HEADERS` on every response the app returns (a stream written directly sets its own); an
 * event stream returned as a response (AG-UI) keeps the headers it was made with, which leave out the
 * content security policy (sse-headers.ts).
 */
export const securityHeaders: MiddlewareHandler = async (context, next) => {
  await next();
  if (context.res.headers.has(ALREADY_SENT_HEADER)) return;
  if (context.res.headers.get("content-type")?.startsWith("text/event-stream")) return;
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) context.res.headers.set(name, value);
};
