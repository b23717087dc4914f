import { MAX_CHAT_TEXT, ServerLimitsViewSchema } from "@parley/protocol";
import { MAX_BODY_BYTES } from "../../limits/server-limits.ts";
import type { ServerContext } from "../../server-context.ts";
import { defineRoute, type RouteDefinition } from "../route.ts";

/** `GET /api/limits`: what a client may send and how much history the server keeps. */
export function limitsRoutes(context: ServerContext): RouteDefinition[] {
  return [
    defineRoute({
      method: "get",
      path: "/api/limits",
      summary: "The limits in force (message size, stream buffers, event log retention) and the log's size",
      tag: "server",
      response: ServerLimitsViewSchema,
      handler: () => {
        const { limits, store } = context;
        return {
          max_message_chars: MAX_CHAT_TEXT,
          max_body_bytes: MAX_BODY_BYTES,
          max_queue_length: limits.maxQueueLength,
          sse_buffer_bytes: context.sse.maxBufferedBytes,
          sse_drain_timeout_ms: context.sse.drainTimeoutMs,
          event_retention: {
            max_events: limits.retention.maxEvents,
            max_age_ms: limits.retention.maxAgeMs,
            max_bytes: limits.retention.maxBytes,
            compact_tokens_after_ms: limits.retention.compactTokensAfterMs,
          },
          event_log: { events_bytes: store.events.bytes, head_seq: store.events.head },
        };
      },
    }),
  ];
}
