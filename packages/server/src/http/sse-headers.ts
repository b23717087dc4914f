import { SECURITY_HEADERS } from "./security/guards.ts";

/**
 * The response headers of every server-sent event stream (`/api/events`, `/api/ag-ui`). The security headers
 * but the content security policy: a policy governs a document's loads, and a stream is read by a script,
 * never rendered (framing is still refused). Node keeps each response's header block for as long as the
 * stream lasts, so the policy's 240 bytes would be held once per open stream.
 */
export const SSE_HEADERS: Readonly<Record<string, string>> = {
  "x-content-type-options": SECURITY_HEADERS["x-content-type-options"] as string,
  "x-frame-options": SECURITY_HEADERS["x-frame-options"] as string,
  "referrer-policy": SECURITY_HEADERS["referrer-policy"] as string,
  "content-type": "text/event-stream; charset=utf-8",
  "cache-control": "no-cache, no-transform",
  connection: "keep-alive",
  "x-accel-buffering": "no",
};
