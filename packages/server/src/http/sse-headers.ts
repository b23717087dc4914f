import { SECURITY_HEADERS } from "./security/guards.ts";

// A policy governs a document's loads; a stream is read by a script, never rendered (framing is still
// refused). Node keeps each response's header block for as long as the stream lasts, so the policy's 240
// bytes would be held once per open stream.
const { "content-security-policy": _documentsOnly, ...STREAM_SECURITY_HEADERS } = SECURITY_HEADERS;

/** The response headers of every server-sent event stream (`/api/events`, `/api/ag-ui`). */
export const SSE_HEADERS: Readonly<Record<string, string>> = {
  ...STREAM_SECURITY_HEADERS,
  "content-type": "text/event-stream; charset=utf-8",
  "cache-control": "no-cache, no-transform",
  connection: "keep-alive",
  "x-accel-buffering": "no",
};
