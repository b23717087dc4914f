import { SECURITY_HEADERS } from "./security/guards.ts";

/** The response headers of every server-sent event stream (`/api/events`, `/api/ag-ui`). */
export const SSE_HEADERS: Readonly<Record<string, string>> = {
  ...SECURITY_HEADERS,
  "content-type": "text/event-stream; charset=utf-8",
  "cache-control": "no-cache, no-transform",
  connection: "keep-alive",
  "x-accel-buffering": "no",
};
