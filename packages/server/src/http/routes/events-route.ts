import { decodeWith, IdSchema, lazySchema, QueryIntegerSchema, UiSseMessageSchema } from "@parley/protocol";
import { z } from "zod";
import { WIRE_REVISION } from "../../bus/event-bus.ts";
import { SseConnection } from "../../bus/sse-connection.ts";
import { NodeResponseSink } from "../../bus/sse-sink.ts";
import type { ServerContext } from "../../server-context.ts";
import { ApiError } from "../api-error.ts";
import { ALREADY_SENT_HEADER } from "../fetch/already-sent.ts";
import type { NodeBindings } from "../fetch/node-listener.ts";
import { defineRoute, type RouteDefinition } from "../route.ts";
import { SSE_HEADERS } from "../sse-headers.ts";

/** The event stream's response headers. */
const STREAM_HEADERS: Record<string, string> = {
  ...SSE_HEADERS,
  "x-parley-protocol": String(WIRE_REVISION),
};

const EventsQuerySchema = lazySchema(() =>
  z.looseObject({
    /** Resume after this seq (a new EventSource, e.g. after a page reload, sends no Last-Event-ID). */
    after: QueryIntegerSchema.optional(),
    /** Only this session's events (and global ones). */
    session_id: IdSchema.optional(),
  }),
);

/**
 * `GET /api/events`: the durable SSE stream (seed 002). Each frame's `id:` is its seq. A client resumes from
 * `Last-Event-ID` (which wins) or `?after=` and receives every later event exactly once, across restarts;
 * a cursor the log can no longer serve gets a `run`/`resync` frame instead.
 */
export function eventsRoute(context: ServerContext): RouteDefinition {
  return defineRoute({
    method: "get",
    path: "/api/events",
    summary:
      "Server-sent events: every UiSseMessage with seq as the SSE id; resumable by Last-Event-ID or ?after=",
    tag: "events",
    query: EventsQuerySchema,
    response: UiSseMessageSchema,
    streams: "text/event-stream",
    handler: ({ query, context: request }) => {
      const header = request.req.header("last-event-id");
      let cursor = query.after;
      if (header !== undefined && header.trim() !== "") {
        const decoded = decodeWith(QueryIntegerSchema, header.trim());
        if (!decoded.success) {
          throw new ApiError("invalid_request", "header.last-event-id: expected a non-negative integer", {
            issues: [{ path: "header.last-event-id", message: "expected a non-negative integer" }],
          });
        }
        cursor = decoded.value;
      }
      if (query.session_id !== undefined && context.store.sessions.get(query.session_id) === undefined) {
        throw ApiError.notFound("session", query.session_id);
      }
      if (context.sseConnections.size >= context.maxSseConnections) {
        throw new ApiError("unavailable", "too many open event streams; close some tabs and retry");
      }
      // The HTTP layer passes Node's response as `env.outgoing`; the stream is written to it directly.
      const outgoing = (request.env as Partial<NodeBindings> | undefined)?.outgoing;
      if (outgoing === undefined) throw new ApiError("internal", "the event stream needs Node's HTTP server");
      const connection: SseConnection = new SseConnection(
        context.store.events,
        context.replayPages,
        context.bus,
        new NodeResponseSink(outgoing, STREAM_HEADERS),
        { cursor, sessionId: query.session_id },
        context.sse,
        () => context.sseConnections.delete(connection),
      );
      context.sseConnections.add(connection);
      return alreadySent();
    },
  });
}

/** Tells the HTTP layer (fetch/node-listener.ts) the handler wrote the response itself. */
function alreadySent(): Response {
  return new Response(null, { headers: { [ALREADY_SENT_HEADER]: "true" } });
}
